/**
 * API packages (T03) in the ledger: public-API work (`via: 'api'`) takes them first, the
 * earliest-expiring first, then the usual order; other work never touches them. They need a
 * live plan like character packages. `remaining` shows them apart; `remainingForApi` counts
 * them in. Two API reservations racing for the last characters: exactly one wins, the other
 * leaves nothing behind.
 */
import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPackage, grantPlan, ledgerPort, refund, remaining, remainingForApi, reserve, settle } from '../src/index';
import { createBillingFixture, DAY_MS, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(10);
});
afterAll(async () => {
  expect(await fx.ledgerMismatches()).toEqual([]);
  expect(await fx.reservationMismatches()).toEqual([]);
  await fx.close();
});

async function codeOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

describe('the order API work takes characters in', () => {
  it('takes API packages first (earliest expiry first), then character packages, then the plan', async () => {
    const userId = await fx.createUser();
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m' });
    const chars = await grantPackage(fx.db, { userId, sku: '5M_char-y', startsAt: daysAgo(300) });
    const laterApi = await grantPackage(fx.db, { userId, sku: 'api_10M-y' });
    const soonerApi = await grantPackage(fx.db, { userId, sku: 'api_10M-y', startsAt: daysAgo(100) });
    const r = await reserve(fx.db, { userId, taskId: 'sync:en-us_zh-cn:api:1', chars: 26_000_000, via: 'api' });
    expect(r.parts).toEqual([
      { grantId: soonerApi.grantId, chars: 10_000_000 },
      { grantId: laterApi.grantId, chars: 10_000_000 },
      { grantId: chars.grantId, chars: 5_000_000 },
      { grantId: plan.grantId, chars: 1_000_000 },
    ]);
    // Charged the ones taken first: what goes back returns to the plan and the character package.
    await settle(fx.db, { taskId: 'sync:en-us_zh-cn:api:1', actualChars: 19_000_000 });
    expect(await remaining(fx.db, userId)).toMatchObject({ total_left: 6_500_000, packages_left: 5_000_000, api_packages_left: 1_000_000 });
  });

  it('never lets other work spend API packages', async () => {
    const userId = await fx.createUser();
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m' });
    const api = await grantPackage(fx.db, { userId, sku: 'api_10M-y', startsAt: daysAgo(300) });
    const site = await reserve(fx.db, { userId, taskId: 'sync:en-us_zh-cn:site', chars: 1_000 });
    expect(site.parts).toEqual([{ grantId: plan.grantId, chars: 1_000 }]);
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'too-much', chars: 1_500_000 }))).toBe(41005);
    // Through the port, as the tasks service calls it.
    const port = ledgerPort(fx.db);
    await port.reserve({ userId, via: 'api' }, 'sync:en-us_zh-cn:api:port', 2_000);
    await port.reserve({ userId }, 'sync:en-us_zh-cn:port', 2_000);
    const parts = await fx.db.query<{ task_id: string; grant_id: string }>(
      `SELECT task_id, grant_id FROM quota_reservation_parts WHERE task_id LIKE '%:port' ORDER BY task_id`,
    );
    expect(parts.rows.map((p) => [p.task_id, Number(p.grant_id)])).toEqual([
      ['sync:en-us_zh-cn:api:port', api.grantId],
      ['sync:en-us_zh-cn:port', plan.grantId],
    ]);
  });

  it('shows API packages apart on the site and counted in for the API', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    await grantPackage(fx.db, { userId, sku: '5M_char-y' });
    await grantPackage(fx.db, { userId, sku: 'api_50M-y' });
    const site = await remaining(fx.db, userId);
    expect(site).toMatchObject({ total_left: 6_500_000, packages_left: 5_000_000, plan_left: 1_500_000, api_packages_left: 50_000_000 });
    expect(site.packages.map((p) => [p.sku, p.state])).toEqual([
      ['5M_char-y', 'in_use'],
      ['api_50M-y', 'in_use'],
    ]);
    const api = await remainingForApi(fx.db, userId);
    expect(api).toMatchObject({ total_left: 56_500_000, packages_left: 55_000_000, api_packages_left: 50_000_000 });
  });

  it('freezes API packages without a live plan, like character packages', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: new Date(Date.now() - 40 * DAY_MS) });
    await fx.db.query(
      `INSERT INTO quota_grants (user_id, kind, sku, level, chars_total, starts_at, expires_at)
      VALUES ($1, 'package', 'api_10M-y', 0, 10000000, now() - interval '1 day', now() + interval '300 days')`,
      [userId],
    );
    await fx.db.query(
      `INSERT INTO quota_ledger (grant_id, kind, chars) SELECT grant_id, 'grant', chars_total FROM quota_grants
      WHERE user_id = $1 AND sku = 'api_10M-y'`,
      [userId],
    );
    const api = await remainingForApi(fx.db, userId);
    expect(api).toMatchObject({ plan_code: 'free', packages_frozen: 10_000_000, api_packages_left: 0, total_left: 100_000 });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'frozen-api', chars: 100_001, via: 'api' }))).toBe(41005);
    expect(await codeOf(grantPackage(fx.db, { userId, sku: 'api_10M-y' }))).toBe(42005);
  });
});

describe('API reservations racing for the last characters', () => {
  it('lets exactly one win; the loser and a refund charge nothing', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    await grantPackage(fx.db, { userId, sku: 'api_10M-y' });
    // Spend the plan on site work and the API package down to its last 1,000 characters.
    await reserve(fx.db, { userId, taskId: 'drain-plan', chars: 1_500_000 });
    await settle(fx.db, { taskId: 'drain-plan', actualChars: 1_500_000 });
    await reserve(fx.db, { userId, taskId: 'drain-api', chars: 9_999_000, via: 'api' });
    await settle(fx.db, { taskId: 'drain-api', actualChars: 9_999_000 });
    expect(await remainingForApi(fx.db, userId)).toMatchObject({ total_left: 1_000, api_packages_left: 1_000 });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'site-after', chars: 1 }))).toBe(41005);

    for (let round = 0; round < 5; round += 1) {
      const ids = [`race-${round}-a`, `race-${round}-b`];
      const outcomes = await Promise.all(ids.map((taskId) => codeOf(reserve(fx.db, { userId, taskId, chars: 800, via: 'api' }))));
      expect(outcomes.filter((o) => o === 'no error')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 41005)).toHaveLength(1);
      const loser = ids[outcomes.indexOf(41005)]!;
      const left = await fx.db.query('SELECT 1 FROM quota_reservations WHERE task_id = $1', [loser]);
      expect(left.rows).toHaveLength(0);
      expect((await remainingForApi(fx.db, userId)).total_left).toBe(200);
      // The winner's translation fails: everything goes back.
      await refund(fx.db, { taskId: ids[outcomes.indexOf('no error')]! });
      expect((await remainingForApi(fx.db, userId)).total_left).toBe(1_000);
    }
  });
});
