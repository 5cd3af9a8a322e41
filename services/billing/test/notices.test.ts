/**
 * The billing notices on a real PostgreSQL: which are due at a given moment, from grants made
 * with the ledger's own functions, and that their dedupe keys make each one arrive once (posted
 * through the accounts service's message center, as the gateway's sweep does).
 */
import { listMessages, postMessage } from '@mtp/accounts';
import type { NewMessage } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueNotices, grantPackage, grantPlan, membershipOf, refund, reserve } from '../src/index';
import { createBillingFixture, DAY_MS, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(5);
});
afterAll(async () => {
  await fx.close();
});

const at = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
const noticesOf = async (userId: number, now: Date) => (await dueNotices(fx.db, now)).filter((n) => n.userId === userId);
const kindsOf = async (userId: number, now: Date) => (await noticesOf(userId, now)).map((n) => n.kind).sort();

describe('plan notices', () => {
  it('announces a plan ending within 7 days once per period, and not when a renewal follows it', async () => {
    const userId = await fx.createUser();
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: at(new Date(), -25) });
    const end = plan.expiresAt;
    expect(await noticesOf(userId, at(end, -8))).toEqual([]);
    const soon = await noticesOf(userId, at(end, -2.5));
    expect(soon).toEqual([
      {
        userId,
        kind: 'plan_expiring',
        params: {
          plan_name: { zh_CN: expect.stringContaining('标准版'), en_US: expect.stringContaining('Standard') },
          expires_at: end.toISOString(),
          days: 3,
        },
        dedupeKey: `plan_expiring:${end.toISOString()}`,
      },
    ]);
    // The same period keeps its key whatever the day, so it is posted once.
    expect((await noticesOf(userId, at(end, -1)))[0]!.dedupeKey).toBe(soon[0]!.dedupeKey);

    const renewal = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: end });
    expect(await noticesOf(userId, at(end, -2.5))).toEqual([]);
    const renewed = await noticesOf(userId, at(renewal.expiresAt, -1));
    expect(renewed.map((n) => n.dedupeKey)).toEqual([`plan_expiring:${renewal.expiresAt.toISOString()}`]);
  });

  it('announces an ended plan once, within 7 days of its end, and never one still live', async () => {
    const userId = await fx.createUser();
    const plan = await grantPlan(fx.db, { userId, sku: 'professional-m', startsAt: at(new Date(), -40) });
    const end = plan.expiresAt;
    expect(await kindsOf(userId, at(end, -0.5))).toEqual(['plan_expiring']);
    const ended = await noticesOf(userId, at(end, 1));
    expect(ended).toEqual([
      {
        userId,
        kind: 'plan_expired',
        params: { plan_name: expect.objectContaining({ en_US: expect.stringContaining('Professional') }) },
        dedupeKey: `plan_expired:${end.toISOString()}`,
      },
    ]);
    expect(await noticesOf(userId, at(end, 8))).toEqual([]);
  });

  it('reports the membership the user data shows: one period across a renewal, with its flags', async () => {
    const userId = await fx.createUser();
    expect(await membershipOf(fx.db, userId)).toBeNull();
    const first = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: at(new Date(), -10) });
    const second = await grantPlan(fx.db, { userId, sku: 'standard-qrt', startsAt: first.expiresAt });
    expect(await membershipOf(fx.db, userId)).toEqual({
      sku: 'standard-qrt',
      startsAt: first.startsAt,
      expiresAt: second.expiresAt,
      expired: false,
      nearExpiry: false,
    });
    expect(await membershipOf(fx.db, userId, at(second.expiresAt, -6))).toMatchObject({ expired: false, nearExpiry: true });
    expect(await membershipOf(fx.db, userId, at(second.expiresAt, 1))).toMatchObject({ expired: true, nearExpiry: false });
  });
});

describe('frozen packages', () => {
  it('announces each package with characters left once per freeze', async () => {
    const userId = await fx.createUser();
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: at(new Date(), -1) });
    const pkg = await grantPackage(fx.db, { userId, sku: '5M_char-y' });
    expect(await kindsOf(userId, at(plan.expiresAt, -10))).toEqual([]);

    const frozen = (await noticesOf(userId, at(plan.expiresAt, 1))).filter((n) => n.kind === 'package_frozen');
    expect(frozen).toEqual([
      {
        userId,
        kind: 'package_frozen',
        params: { package_name: { zh_CN: expect.stringContaining('字符'), en_US: '5 million characters' }, chars_left: 5_000_000 },
        dedupeKey: `package_frozen:${pkg.grantId}:${plan.expiresAt.toISOString()}`,
      },
    ]);
    // Renewed two days later: thawed; when that plan ends, a new freeze with a new key.
    const renewal = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: at(plan.expiresAt, 2) });
    expect(await kindsOf(userId, at(plan.expiresAt, 3))).toEqual([]);
    const again = (await noticesOf(userId, at(renewal.expiresAt, 1))).filter((n) => n.kind === 'package_frozen');
    expect(again.map((n) => n.dedupeKey)).toEqual([`package_frozen:${pkg.grantId}:${renewal.expiresAt.toISOString()}`]);
  });
});

describe('low balance', () => {
  it('is due at 10,000 characters or fewer, with one key per top-up', async () => {
    const userId = await fx.createUser();
    expect(await noticesOf(userId, new Date())).toEqual([]);
    await reserve(fx.db, { userId, taskId: 'low-1', chars: 90_000 });
    const low = await noticesOf(userId, new Date());
    expect(low).toEqual([
      { userId, kind: 'low_balance', params: { chars_left: 10_000 }, dedupeKey: expect.stringMatching(/^low_balance:\d+$/) },
    ]);

    // Back above the line, then down again on the same allowance: the same key, so no second message.
    await refund(fx.db, { taskId: 'low-1' });
    expect(await noticesOf(userId, new Date())).toEqual([]);
    await reserve(fx.db, { userId, taskId: 'low-2', chars: 99_000 });
    const again = await noticesOf(userId, new Date());
    expect(again).toMatchObject([{ kind: 'low_balance', params: { chars_left: 1_000 }, dedupeKey: low[0]!.dedupeKey }]);

    // A plan is a top-up: nothing due, and a new key once it runs low in turn.
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m' });
    expect(await kindsOf(userId, new Date())).toEqual([]);
    await reserve(fx.db, { userId, taskId: 'low-3', chars: 1_495_000 });
    expect(await noticesOf(userId, new Date())).toMatchObject([
      { kind: 'low_balance', params: { chars_left: 5_000 }, dedupeKey: `low_balance:${plan.grantId}` },
    ]);
  });

  it('never concerns anonymous visitors', async () => {
    await reserve(fx.db, { userId: null, clientKey: 'ip4:203.0.113.9', taskId: 'anon-low', chars: 99_000 });
    expect((await dueNotices(fx.db, new Date())).every((n: NewMessage) => n.userId > 0)).toBe(true);
  });
});

describe('posting what is due', () => {
  it('stores each notice once however many sweeps post it', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'post-1', chars: 95_000 });
    for (let sweep = 0; sweep < 3; sweep++) {
      for (const notice of await noticesOf(userId, new Date())) await postMessage(fx.db, notice);
    }
    const center = await listMessages(fx.db, userId, {}, 'en_US');
    expect(center.msg_list.map((m) => [m.kind, m.content])).toEqual([
      ['low_balance', 'Only 5,000 characters are left. Buy a character package or upgrade your plan to keep translating.'],
    ]);
  });
});
