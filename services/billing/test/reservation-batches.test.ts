/**
 * Reservations and settles in batches (reservation-batches.ts, and the port that batches them)
 * on a real PostgreSQL: the same answers as one by one, under concurrency with single
 * reservations from "another replica", never overdrawn, the ledger and the grants agreeing.
 */
import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeMany,
  findReservation,
  grantPackage,
  grantPlan,
  ledgerPort,
  remaining,
  remainingAnonymous,
  remainingForApi,
  reserve,
  reserveMany,
  settleMany,
} from '../src/index';
import { createBillingFixture, seededRandom, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(20);
});
afterAll(async () => {
  await fx.close();
});

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('reserveMany', () => {
  it('allocates the items in order: a later one that no longer fits is refused with nothing kept, the rest go on', async () => {
    const userId = await fx.createUser(); // the free allowance: 100,000
    const out = await reserveMany(fx.db, [
      { userId, taskId: 'order-1', chars: 60_000 },
      { userId, taskId: 'order-2', chars: 50_000 },
      { userId, taskId: 'order-3', chars: 40_000 },
      { userId: null, clientKey: 'ip4:198.51.100.7', taskId: 'order-anon', chars: 1_000 },
    ]);
    expect(out.map((o) => ('error' in o ? codeOf(o.error) : 'ok'))).toEqual(['ok', 41005, 'ok', 'ok']);
    expect(await findReservation(fx.db, 'order-2')).toBeNull();
    expect((await findReservation(fx.db, 'order-3'))?.state).toBe('reserved');
    expect((await remaining(fx.db, userId)).total_left).toBe(0);
    expect((await remainingAnonymous(fx.db, 'ip4:198.51.100.7')).total_left).toBe(99_000);
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });

  it('answers a task id already reserved, or twice in the batch, as reserve does: once, and never for another owner', async () => {
    const [a, b] = [await fx.createUser(), await fx.createUser()];
    await reserve(fx.db, { userId: a, taskId: 'dup-old', chars: 500 });
    const out = await reserveMany(fx.db, [
      { userId: a, taskId: 'dup-old', chars: 500 },
      { userId: a, taskId: 'dup-new', chars: 700 },
      { userId: a, taskId: 'dup-new', chars: 700 },
      { userId: b, taskId: 'dup-old', chars: 500 },
      { userId: b, taskId: '', chars: 5 },
      { userId: b, taskId: 'zero', chars: 0 },
    ]);
    expect(out.map((o) => ('error' in o ? codeOf(o.error) : o.value.parts.reduce((n, p) => n + p.chars, 0)))).toEqual([
      500, 700, 700, 40000, 40000, 40000,
    ]);
    expect((await remaining(fx.db, a)).total_left).toBe(100_000 - 1_200);
    expect((await remaining(fx.db, b)).total_left).toBe(100_000);
    expect(await fx.ledgerMismatches()).toEqual([]);
  });
  it("reserves an item with its own clock (`now`) as reserve does at that time, not at the batch's", async () => {
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    // Past the month of the plan: its grant is no longer live then.
    const later = new Date(Date.now() + 100 * 86_400_000);
    const out = await reserveMany(fx.db, [
      { userId, taskId: `clock-now-${userId}`, chars: 10 },
      { userId, taskId: `clock-later-${userId}`, chars: 10, now: later },
    ]);
    const alone = await reserve(fx.db, { userId, taskId: `clock-alone-${userId}`, chars: 10, now: later });
    const grants = (o: (typeof out)[number]) => ('value' in o ? o.value.parts.map((p) => p.grantId) : codeOf(o.error));
    expect(grants(out[1]!)).toEqual(alone.parts.map((p) => p.grantId));
    expect(grants(out[1]!)).not.toEqual(grants(out[0]!));
    expect(await fx.ledgerMismatches()).toEqual([]);
  });
});

describe('the batching port', () => {
  it('writes the reservations of one burst in one transaction, and settles them in one statement', async () => {
    const userId = await fx.createUser();
    const port = ledgerPort(fx.db);
    const ids = Array.from({ length: 100 }, (_, i) => `burst-${userId}-${i}`);
    await Promise.all(ids.map((id) => port.reserve({ userId }, id, 10)));
    // now() is the transaction's start: one value per transaction that wrote them.
    const { rows } = await fx.db.query<{ n: number }>(
      'SELECT count(DISTINCT created_at)::int AS n FROM quota_reservations WHERE task_id = ANY($1::text[])',
      [ids],
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(2);
    await Promise.all(ids.map((id) => port.settle(id, 10)));
    const settled = await fx.db.query<{ n: number }>(
      "SELECT count(DISTINCT finished_at)::int AS n FROM quota_reservations WHERE task_id = ANY($1::text[]) AND state = 'settled'",
      [ids],
    );
    expect(settled.rows[0]!.n).toBeLessThanOrEqual(2);
    expect((await remaining(fx.db, userId)).total_left).toBe(100_000 - 1_000);
  });
});

describe('the batching port beside single reservations of another replica', () => {
  it('never overdraws three owners, refuses only with 41005, and settles and refunds exactly', async () => {
    const seed = Date.now() % 100_000;
    const random = seededRandom(seed);
    const users = [await fx.createUser(), await fx.createUser()];
    await grantPlan(fx.db, { userId: users[0]!, sku: 'standard-m' });
    await grantPackage(fx.db, { userId: users[0]!, sku: 'api_10M-y' });
    const anon = 'ip4:203.0.113.9';
    const owners = [{ userId: users[0]!, via: 'api' as const }, { userId: users[1]! }, { anonymousKey: anon }];
    const before = [(await remainingForApi(fx.db, users[0]!)).total_left, (await remaining(fx.db, users[1]!)).total_left, 100_000];
    const port = ledgerPort(fx.db);
    const calls = Array.from({ length: 300 }, (_, i) => {
      const who = i % 3;
      const chars = who === 0 ? 50_000 + Math.floor(random() * 150_000) : 1 + Math.floor(random() * 1_500);
      const taskId = `mix-${seed}-${i}`;
      // Every fifth call is a single reservation, as another gateway replica would make it.
      const call =
        i % 5 === 4
          ? reserve(fx.db, {
              ...(who === 2 ? { userId: null, clientKey: anon } : { userId: users[who]!, via: who === 0 ? ('api' as const) : undefined }),
              taskId,
              chars,
            })
          : port.reserve(owners[who]!, taskId, chars);
      return call.then(
        () => ({ who, chars, taskId, ok: true as const }),
        (err: unknown) => ({ who, chars, taskId, ok: false as const, code: codeOf(err) }),
      );
    });
    const outcomes = await Promise.all(calls);
    const refusals = outcomes.filter((o) => !o.ok);
    expect(new Set(refusals.map((o) => (o.ok ? 0 : o.code))), `seed ${seed}`).toEqual(new Set([41005]));
    expect(outcomes.filter((o) => o.ok).length, `seed ${seed}`).toBeGreaterThan(100);
    const reservedBy = (who: number) => outcomes.filter((o) => o.ok && o.who === who).reduce((n, o) => n + o.chars, 0);
    const left = async () => [
      (await remainingForApi(fx.db, users[0]!)).total_left,
      (await remaining(fx.db, users[1]!)).total_left,
      (await remainingAnonymous(fx.db, anon)).total_left,
    ];
    expect(await left()).toEqual(before.map((b, who) => b - reservedBy(who)));
    for (const [who, b] of before.entries()) expect(reservedBy(who), `seed ${seed}`).toBeLessThanOrEqual(b);

    // Settle: most for what they reserved (one statement), some for less (the rest goes back), the others refunded.
    const won = outcomes.filter((o) => o.ok);
    const actual = (o: (typeof won)[number], i: number) => (i % 4 === 0 ? Math.floor(o.chars / 2) : o.chars);
    await Promise.all(won.map((o, i) => (i % 7 === 6 ? port.refund(o.taskId) : port.settle(o.taskId, actual(o, i)))));
    const charged = (who: number) => won.reduce((n, o, i) => n + (o.who === who && i % 7 !== 6 ? actual(o, i) : 0), 0);
    expect(await left()).toEqual(before.map((b, who) => b - charged(who)));
    // Settling again changes nothing.
    const again = await settleMany(
      fx.db,
      won.map((o) => ({ taskId: o.taskId, actualChars: o.chars })),
    );
    expect(again.every((o) => 'value' in o)).toBe(true);
    expect(await left()).toEqual(before.map((b, who) => b - charged(who)));
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });
});

describe('chargeMany', () => {
  it('charges a batch in order, one settled reservation per owner and prefix, and refuses what no longer fits', async () => {
    const [a, b] = [await fx.createUser(), await fx.createUser()];
    await grantPlan(fx.db, { userId: b, sku: 'standard-m' });
    await grantPackage(fx.db, { userId: b, sku: 'api_10M-y' });
    const bApiBefore = (await remainingForApi(fx.db, b)).total_left;
    const bPlainBefore = (await remaining(fx.db, b)).total_left;
    const out = await chargeMany(fx.db, [
      { userId: a, idPrefix: 'sync:en-us_zh-cn:', chars: 70_000 },
      { userId: a, idPrefix: 'sync:en-us_zh-cn:', chars: 40_000 }, // 30,000 left: refused
      { userId: a, idPrefix: 'sync:en-us_zh-cn:', chars: 20_000 },
      { userId: a, idPrefix: 'sync:en-us_ja:', chars: 5_000 },
      { userId: b, via: 'api', idPrefix: 'sync:en-us_zh-cn:api:', chars: 1_000 },
      { userId: b, via: 'api', idPrefix: 'sync:en-us_zh-cn:api:', chars: 2_000 },
      { userId: null, clientKey: 'ip4:192.0.2.44', idPrefix: 'sync:en-us_zh-cn:', chars: 300 },
      { userId: a, idPrefix: 'sync:en-us_zh-cn:', chars: 0 },
    ]);
    expect(out.map((o) => ('error' in o ? codeOf(o.error) : 'ok'))).toEqual(['ok', 41005, 'ok', 'ok', 'ok', 'ok', 'ok', 40000]);
    expect((await remaining(fx.db, a)).total_left).toBe(100_000 - 95_000);
    // Via the API: from the API package, the plan untouched.
    expect((await remainingForApi(fx.db, b)).total_left).toBe(bApiBefore - 3_000);
    expect((await remaining(fx.db, b)).total_left).toBe(bPlainBefore);
    expect((await remainingAnonymous(fx.db, 'ip4:192.0.2.44')).total_left).toBe(99_700);
    const { rows } = await fx.db.query<{ task_id: string; chars_charged: string; state: string }>(
      `SELECT task_id, chars_charged, state FROM quota_reservations WHERE user_id = ANY($1::int[]) OR anon_key = 'ip4:192.0.2.44' ORDER BY chars_charged`,
      [[a, b]],
    );
    expect(rows.map((r) => [r.task_id.replace(/[0-9a-f-]{36}$/, '<uuid>'), Number(r.chars_charged), r.state])).toEqual([
      ['sync:en-us_zh-cn:<uuid>', 300, 'settled'],
      ['sync:en-us_zh-cn:api:<uuid>', 3_000, 'settled'],
      ['sync:en-us_ja:<uuid>', 5_000, 'settled'],
      ['sync:en-us_zh-cn:<uuid>', 90_000, 'settled'],
    ]);
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });

  it('under concurrency with reservations of another replica never overdraws, and charges exactly what it answered', async () => {
    const userId = await fx.createUser(); // 100,000
    const port = ledgerPort(fx.db);
    const seed = Date.now() % 100_000;
    const random = seededRandom(seed);
    const calls = Array.from({ length: 200 }, (_, i) => {
      const chars = 200 + Math.floor(random() * 1_800);
      const call =
        i % 4 === 3
          ? reserve(fx.db, { userId, taskId: `charge-mix-${seed}-${i}`, chars }).then(() =>
              settleMany(fx.db, [{ taskId: `charge-mix-${seed}-${i}`, actualChars: chars }]),
            )
          : port.charge({ userId }, 'sync:en-us_zh-cn:', chars);
      return call.then(
        (): { chars: number; ok: boolean; code?: unknown } => ({ chars, ok: true }),
        (err: unknown) => ({ chars, ok: false, code: codeOf(err) }),
      );
    });
    const outcomes = await Promise.all(calls);
    const charged = outcomes.filter((o) => o.ok).reduce((n, o) => n + o.chars, 0);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code)), `seed ${seed}`).toEqual(new Set([41005]));
    expect(
      outcomes.some((o) => !o.ok),
      `seed ${seed}`,
    ).toBe(true);
    expect((await remaining(fx.db, userId)).total_left, `seed ${seed}`).toBe(100_000 - charged);
    const sums = await fx.db.query<{ n: string }>(
      "SELECT coalesce(sum(chars_charged), 0) AS n FROM quota_reservations WHERE user_id = $1 AND state = 'settled'",
      [userId],
    );
    expect(Number(sums.rows[0]!.n)).toBe(charged);
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });
});
