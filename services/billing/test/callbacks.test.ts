import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processPaymentNotification, remaining, reserve, settle, type PaidOrderEvent, type SandboxCashier } from '../src/index';
import { at, buy, codeOf, notification, orderOf, sandboxOf } from './commerce-support';
import { createBillingFixture, seededRandom, type BillingFixture } from './fixture';

let fx: BillingFixture;
let cashier: SandboxCashier;
beforeAll(async () => {
  fx = await createBillingFixture(20);
  cashier = await sandboxOf(fx.db);
});
afterAll(async () => {
  expect(await fx.ledgerMismatches()).toEqual([]);
  expect(await fx.reservationMismatches()).toEqual([]);
  await fx.close();
});

const T0 = at('2030-06-01T00:00:00Z');

async function stateOf(tid: string) {
  const order = await fx.db.query<{ pay_status: number; order_id: string }>('SELECT pay_status, order_id FROM orders WHERE tid = $1', [
    tid,
  ]);
  const grants = await fx.db.query('SELECT grant_id FROM quota_grants WHERE order_id = $1', [order.rows[0]!.order_id]);
  return { payStatus: order.rows[0]!.pay_status, grants: grants.rowCount };
}

const outcomesOf = async (tid: string) =>
  (
    await fx.db.query<{ outcome: string }>('SELECT outcome FROM payment_notifications WHERE tid = $1 ORDER BY notification_id', [tid])
  ).rows.map((r) => r.outcome);

describe('payment notifications are processed once per order', () => {
  it('grants once for a duplicate, ignores a late failure, and calls onPaid once', async () => {
    const userId = await fx.createUser();
    const { tid, priceCents } = await orderOf(fx.db, cashier, userId, 'standard-m', T0);
    const paid: PaidOrderEvent[] = [];
    const onPaid = (o: PaidOrderEvent) => void paid.push(o);
    const params = await notification(fx.db, tid, priceCents, 'paid');
    expect(await processPaymentNotification(fx.db, cashier.provider, params, { now: T0, onPaid })).toBe('paid');
    expect(await processPaymentNotification(fx.db, cashier.provider, params, { now: T0, onPaid })).toBe('duplicate');
    const failed = await notification(fx.db, tid, priceCents, 'failed');
    expect(await processPaymentNotification(fx.db, cashier.provider, failed, { now: T0, onPaid })).toBe('ignored');
    expect(await stateOf(tid)).toEqual({ payStatus: 2, grants: 1 });
    expect(paid).toMatchObject([{ tid, userId, skuCode: 'standard-m', priceCents }]);
    expect((await remaining(fx.db, userId, T0)).plan_left).toBe(1_500_000);
    expect(await outcomesOf(tid)).toEqual(['paid', 'duplicate', 'ignored']);
  });

  it('takes a payment after a failure (paid again from the failure panel) and grants once', async () => {
    const userId = await fx.createUser();
    const { tid, priceCents } = await orderOf(fx.db, cashier, userId, 'standard-m', T0);
    await processPaymentNotification(fx.db, cashier.provider, await notification(fx.db, tid, priceCents, 'failed'), { now: T0 });
    expect(await stateOf(tid)).toEqual({ payStatus: 3, grants: 0 });
    await processPaymentNotification(fx.db, cashier.provider, await notification(fx.db, tid, priceCents, 'paid'), { now: T0 });
    await processPaymentNotification(fx.db, cashier.provider, await notification(fx.db, tid, priceCents, 'paid'), { now: T0 });
    expect(await stateOf(tid)).toEqual({ payStatus: 2, grants: 1 });
  });

  it('refuses forged notifications (bad signature, wrong amount, unknown order), changes nothing and records them', async () => {
    const userId = await fx.createUser();
    const { tid, priceCents } = await orderOf(fx.db, cashier, userId, 'professional-m', T0);
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const forgedKey = await notification(fx.db, tid, priceCents, 'paid', other.privateKey);
    const tampered = { ...(await notification(fx.db, tid, 1, 'paid')), total_amount_cents: String(priceCents) };
    const unsigned = { ...(await notification(fx.db, tid, priceCents, 'paid')), sign: '' };
    const wrongAmount = await notification(fx.db, tid, priceCents - 1, 'paid');
    const unknown = await notification(fx.db, 'f'.repeat(32), priceCents, 'paid');
    for (const params of [forgedKey, tampered, unsigned, wrongAmount, unknown]) {
      expect(await codeOf(processPaymentNotification(fx.db, cashier.provider, params, { now: T0 }))).toBe(43006);
    }
    expect(await stateOf(tid)).toEqual({ payStatus: 0, grants: 0 });
    expect((await remaining(fx.db, userId, T0)).plan_code).toBe('free');
    expect(await outcomesOf(tid)).toEqual(['bad_signature', 'bad_signature', 'bad_signature', 'wrong_amount']);
    expect(await outcomesOf('f'.repeat(32))).toEqual(['unknown_order']);
  });

  it('grants exactly once for 100 concurrent notifications of one order', async () => {
    const userId = await fx.createUser();
    const { tid, priceCents } = await orderOf(fx.db, cashier, userId, '10M_char-y', T0).catch(async () => {
      await buy(fx.db, cashier, userId, 'standard-m', T0);
      return orderOf(fx.db, cashier, userId, '10M_char-y', T0);
    });
    const notes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => notification(fx.db, tid, priceCents, i % 10 === 0 ? 'failed' : 'paid')),
    );
    let hooks = 0;
    const outcomes = await Promise.all(
      notes.map((n) => processPaymentNotification(fx.db, cashier.provider, n, { now: T0, onPaid: () => void hooks++ })),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(hooks).toBe(1);
    expect(await stateOf(tid)).toEqual({ payStatus: 2, grants: 1 });
    expect((await remaining(fx.db, userId, T0)).packages_left).toBe(10_000_000);
  });
});

describe('reservations across a renewal', () => {
  it('never overdraws: 200 concurrent reservations around the end of a plan while it is renewed', async () => {
    const userId = await fx.createUser();
    await buy(fx.db, cashier, userId, 'standard-m', T0); // 1.5 million until 2030-07-01
    const end = at('2030-07-01T00:00:00Z');
    const random = seededRandom(17);
    const renewal = (async () => {
      const { tid, priceCents } = await orderOf(fx.db, cashier, userId, 'standard-m', T0);
      return processPaymentNotification(fx.db, cashier.provider, await notification(fx.db, tid, priceCents, 'paid'), { now: T0 });
    })();
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const now = new Date(end.getTime() + (random() < 0.5 ? -1 : 1) * Math.floor(1 + random() * 3_600_000));
        const chars = 10_000 + Math.floor(random() * 20_000);
        try {
          const r = await reserve(fx.db, { userId, taskId: `renew-${i}`, chars, now });
          if (i % 3 === 0) await settle(fx.db, { taskId: r.taskId, actualChars: Math.floor(chars / 2) });
          return 'ok';
        } catch (err) {
          return (err as { code?: number }).code === 41005 ? 'short' : String(err);
        }
      }),
    );
    expect(await renewal).toBe('paid');
    expect(results.filter((r) => r !== 'ok' && r !== 'short')).toEqual([]);
    const { rows } = await fx.db.query<{ sku: string; chars_total: string; chars_used: string }>(
      `SELECT sku, chars_total, chars_used FROM quota_grants WHERE user_id = $1 AND sku <> 'free' ORDER BY starts_at`,
      [userId],
    );
    expect(rows).toHaveLength(2);
    for (const g of rows) expect(Number(g.chars_used)).toBeLessThanOrEqual(Number(g.chars_total));
    // The renewal is live after the end: a reservation then draws on it, never on the ended plan.
    const next = await reserve(fx.db, { userId, taskId: 'renew-after', chars: 1_000, now: new Date(end.getTime() + 7_200_000) });
    const { rows: renewed } = await fx.db.query<{ grant_id: string }>(
      `SELECT grant_id FROM quota_grants WHERE user_id = $1 AND sku = 'standard-m' AND starts_at = $2`,
      [userId, end],
    );
    expect(next.parts).toEqual([{ grantId: Number(renewed[0]!.grant_id), chars: 1_000 }]);
  });
});
