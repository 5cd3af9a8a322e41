import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPackage, grantPlan, refund, remaining, remainingAnonymous, reserve, settle } from '../src/index';
import { createBillingFixture, DAY_MS, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(5);
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

describe('the order characters are taken in', () => {
  it('uses packages before the plan, the earliest-expiring package first, and gives back the last taken first', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    const later = await grantPackage(fx.db, { userId, sku: '5M_char-y' });
    const sooner = await grantPackage(fx.db, { userId, sku: '5M_char-y', startsAt: daysAgo(200) });
    const r = await reserve(fx.db, { userId, taskId: 'order-1', chars: 6_000_000 });
    expect(r.parts).toEqual([
      { grantId: sooner.grantId, chars: 5_000_000 },
      { grantId: later.grantId, chars: 1_000_000 },
    ]);
    expect(await remaining(fx.db, userId)).toMatchObject({ total_left: 5_500_000, packages_left: 4_000_000, plan_left: 1_500_000 });

    await settle(fx.db, { taskId: 'order-1', actualChars: 5_500_000 });
    const after = await remaining(fx.db, userId);
    expect(after).toMatchObject({ total_left: 6_000_000, packages_left: 4_500_000, plan_left: 1_500_000, plan_code: 'standard' });
    expect(after.packages.map((p) => p.chars_left)).toEqual([0, 4_500_000]);
  });

  it('does not use an expired package', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    await grantPackage(fx.db, { userId, sku: '10M_char-y', startsAt: daysAgo(366) });
    expect(await remaining(fx.db, userId)).toMatchObject({ total_left: 1_500_000, packages_left: 0, packages: [] });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'expired-1', chars: 1_500_001 }))).toBe(41005);
    const r = await reserve(fx.db, { userId, taskId: 'expired-2', chars: 1_500_000 });
    expect(r.parts).toHaveLength(1);
  });

  it('uses the higher plan level first', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-y' });
    const pro = await grantPlan(fx.db, { userId, sku: 'professional-m' });
    const r = await reserve(fx.db, { userId, taskId: 'level-1', chars: 1000 });
    expect(r.parts).toEqual([{ grantId: pro.grantId, chars: 1000 }]);
    expect(await remaining(fx.db, userId)).toMatchObject({ plan_code: 'professional', plan_sku: 'professional-m', total_left: 28_499_000 });
  });

  it('counts 3 billion enterprise characters exactly', async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'enterprise-y' });
    await reserve(fx.db, { userId, taskId: 'ent-1', chars: 2_999_999_999 });
    expect((await remaining(fx.db, userId)).total_left).toBe(1);
  });
});

describe('plans, packages and the free allowance', () => {
  it('gives a registered user 100,000 a calendar month, created on first use', async () => {
    const userId = await fx.createUser();
    const inJan = new Date('2031-01-20T10:00:00Z');
    expect(await remaining(fx.db, userId, inJan)).toMatchObject({
      total_left: 100_000,
      plan_code: 'free',
      plan_expires_at: '2031-02-01T00:00:00.000Z',
    });
    expect((await fx.db.query('SELECT 1 FROM quota_grants WHERE user_id = $1', [userId])).rowCount).toBe(0);
    await reserve(fx.db, { userId, taskId: 'free-1', chars: 30_000, now: inJan });
    await reserve(fx.db, { userId, taskId: 'free-2', chars: 70_000, now: new Date('2031-01-31T23:59:59Z') });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'free-3', chars: 1, now: inJan }))).toBe(41005);
    const inFeb = new Date('2031-02-01T00:00:00Z');
    expect((await remaining(fx.db, userId, inFeb)).total_left).toBe(100_000);
    await reserve(fx.db, { userId, taskId: 'free-4', chars: 1, now: inFeb });
    const grants = await fx.db.query('SELECT starts_at FROM quota_grants WHERE user_id = $1 ORDER BY starts_at', [userId]);
    expect(grants.rows.map((g: { starts_at: Date }) => g.starts_at.toISOString())).toEqual([
      '2031-01-01T00:00:00.000Z',
      '2031-02-01T00:00:00.000Z',
    ]);
  });

  it('replaces the free allowance while a paid plan is live', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'repl-1', chars: 30_000 });
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    expect(await remaining(fx.db, userId)).toMatchObject({ total_left: 1_500_000, plan_code: 'standard' });
  });

  it('refuses a package without a live paid plan (42005) and freezes packages when the plan ends', async () => {
    const userId = await fx.createUser();
    expect(await codeOf(grantPackage(fx.db, { userId, sku: '5M_char-y' }))).toBe(42005);
    const plan = await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: daysAgo(20) });
    await grantPackage(fx.db, { userId, sku: '5M_char-y' });
    const afterPlan = new Date(plan.expiresAt.getTime() + DAY_MS);
    expect(await remaining(fx.db, userId, afterPlan)).toMatchObject({
      total_left: 100_000,
      packages_left: 0,
      packages_frozen: 5_000_000,
      plan_code: 'free',
      packages: [{ sku: '5M_char-y', chars_left: 5_000_000, state: 'frozen' }],
    });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'frozen-1', chars: 100_001, now: afterPlan }))).toBe(41005);
    await grantPlan(fx.db, { userId, sku: 'standard-m', startsAt: afterPlan });
    expect((await remaining(fx.db, userId, afterPlan)).total_left).toBe(6_500_000);
  });

  it('grants only the right kind of sku', async () => {
    const userId = await fx.createUser();
    expect(await codeOf(grantPlan(fx.db, { userId, sku: '5M_char-y' }))).toBe(40000);
    expect(await codeOf(grantPlan(fx.db, { userId, sku: 'free' }))).toBe(40000);
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    expect(await codeOf(grantPackage(fx.db, { userId, sku: 'professional-y' }))).toBe(40000);
  });
});

describe('anonymous visitors', () => {
  it('have the free 100,000 characters a UTC month per client key', async () => {
    const day = new Date('2031-03-03T12:00:00Z');
    await reserve(fx.db, { userId: null, clientKey: 'ip4:10.0.0.1', taskId: 'anon-1', chars: 95_000, now: day });
    expect(await codeOf(reserve(fx.db, { userId: null, clientKey: 'ip4:10.0.0.1', taskId: 'anon-2', chars: 5_001, now: day }))).toBe(41005);
    await reserve(fx.db, { userId: null, clientKey: 'ip4:10.0.0.2', taskId: 'anon-3', chars: 100_000, now: day });
    expect((await remainingAnonymous(fx.db, 'ip4:10.0.0.1', day)).total_left).toBe(5_000);
    const laterSameMonth = new Date('2031-03-31T23:00:00Z');
    expect((await remainingAnonymous(fx.db, 'ip4:10.0.0.1', laterSameMonth)).total_left).toBe(5_000);
    const nextMonth = new Date('2031-04-01T00:00:00Z');
    expect((await remainingAnonymous(fx.db, 'ip4:10.0.0.1', nextMonth)).total_left).toBe(100_000);
    await refund(fx.db, { taskId: 'anon-1' });
    expect((await remainingAnonymous(fx.db, 'ip4:10.0.0.1', day)).total_left).toBe(100_000);
  });

  it('need a client key, and cannot take over a user task id', async () => {
    expect(await codeOf(reserve(fx.db, { userId: null, taskId: 'anon-x', chars: 1 }))).toBe(40000);
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'owned', chars: 1 });
    expect(await codeOf(reserve(fx.db, { userId: null, clientKey: 'ip4:1.1.1.1', taskId: 'owned', chars: 1 }))).toBe(40000);
  });
});

describe('settling and refunding', () => {
  it('charges at most the reservation, and refuses unknown tasks and bad numbers', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'cap-1', chars: 1000 });
    expect(await settle(fx.db, { taskId: 'cap-1', actualChars: 5000 })).toMatchObject({ charsCharged: 1000, state: 'settled' });
    expect((await remaining(fx.db, userId)).total_left).toBe(99_000);
    expect(await codeOf(settle(fx.db, { taskId: 'nope', actualChars: 1 }))).toBe(40400);
    expect(await codeOf(refund(fx.db, { taskId: 'nope' }))).toBe(40400);
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'bad-1', chars: 0 }))).toBe(40000);
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'bad-2', chars: 1.5 }))).toBe(40000);
    expect(await codeOf(reserve(fx.db, { userId, taskId: '', chars: 1 }))).toBe(40000);
    expect(await codeOf(settle(fx.db, { taskId: 'cap-1', actualChars: -1 }))).toBe(40000);
  });
});

describe('the ledger', () => {
  it('is append-only, and goes with its owner', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'audit-1', chars: 10 });
    await expect(fx.db.query("UPDATE quota_ledger SET chars = 0 WHERE task_id = 'audit-1'")).rejects.toThrow(/append-only/);
    await expect(fx.db.query("DELETE FROM quota_ledger WHERE task_id = 'audit-1'")).rejects.toThrow(/append-only/);
    await fx.db.query('DELETE FROM users WHERE user_id = $1', [userId]);
    expect((await fx.db.query("SELECT 1 FROM quota_ledger WHERE task_id = 'audit-1'")).rowCount).toBe(0);
  });
});
