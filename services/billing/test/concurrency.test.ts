import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findReservation,
  grantPackage,
  grantPlan,
  ledgerPort,
  refund,
  remaining,
  remainingAnonymous,
  reserve,
  settle,
  type ReservationResult,
} from '../src/index';
import { createBillingFixture, DAY_MS, seededRandom, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(20);
});
afterAll(async () => {
  await fx.close();
});

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('200 concurrent reservations against one balance', () => {
  it('never overdraws, fails only with 41005, and ends at the initial balance minus the settled actuals', async () => {
    const seed = Date.now() % 100_000;
    const random = seededRandom(seed);
    const userId = await fx.createUser();
    await grantPlan(fx.db, { userId, sku: 'standard-m' });
    await grantPackage(fx.db, { userId, sku: '5M_char-y', startsAt: new Date(Date.now() - 100 * DAY_MS) });
    await grantPackage(fx.db, { userId, sku: '5M_char-y' });
    const initial = (await remaining(fx.db, userId)).total_left;
    expect(initial, `seed ${seed}`).toBe(11_500_000);

    const sizes = Array.from({ length: 200 }, () => 40_000 + Math.floor(random() * 80_000));
    const outcomes = await Promise.all(
      sizes.map((chars, i) =>
        reserve(fx.db, { userId, taskId: `c-${i}`, chars }).then(
          (r) => ({ ok: true as const, r }),
          (err: unknown) => ({ ok: false as const, chars, code: codeOf(err) }),
        ),
      ),
    );
    const won = outcomes.flatMap((o) => (o.ok ? [o.r] : []));
    const lost = outcomes.flatMap((o) => (o.ok ? [] : [o]));
    const reserved = won.reduce((n, r) => n + r.charsReserved, 0);

    expect(won.length, `seed ${seed}`).toBeGreaterThan(0);
    expect(lost.length, `seed ${seed}`).toBeGreaterThan(0);
    expect(new Set(lost.map((l) => l.code))).toEqual(new Set([41005]));
    expect(reserved).toBeLessThanOrEqual(initial);
    const left = (await remaining(fx.db, userId)).total_left;
    expect(left).toBe(initial - reserved);
    // The balance only fell while reserving, so each refusal really lacked characters.
    expect(left).toBeLessThan(Math.min(...lost.map((l) => l.chars)));
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);

    // Settle half with less than reserved, refund the rest, all at once.
    const settled: ReservationResult[] = won.filter((_, i) => i % 2 === 0);
    const actuals = new Map(settled.map((r) => [r.taskId, Math.floor(random() * r.charsReserved)]));
    await Promise.all(
      won.map((r) =>
        actuals.has(r.taskId)
          ? settle(fx.db, { taskId: r.taskId, actualChars: actuals.get(r.taskId)! })
          : refund(fx.db, { taskId: r.taskId }),
      ),
    );
    const charged = [...actuals.values()].reduce((n, c) => n + c, 0);
    expect((await remaining(fx.db, userId)).total_left, `seed ${seed}`).toBe(initial - charged);
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
    const open = await fx.db.query("SELECT 1 FROM quota_reservations WHERE state = 'reserved'");
    expect(open.rowCount).toBe(0);
  });
});

describe('idempotency per task id', () => {
  it('reserves once when the same task id arrives concurrently', async () => {
    const userId = await fx.createUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => reserve(fx.db, { userId, taskId: 'twin', chars: 30_000 })));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    for (const r of results) expect(r).toMatchObject({ taskId: 'twin', charsReserved: 30_000, state: 'reserved' });
    expect((await remaining(fx.db, userId)).total_left).toBe(70_000);
    const entries = await fx.db.query("SELECT 1 FROM quota_ledger WHERE task_id = 'twin' AND kind = 'reserve'");
    expect(entries.rowCount).toBe(1);
  });

  it('settles once when settled twice concurrently, and refunds once when refunded twice', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 's1', chars: 10_000 });
    await reserve(fx.db, { userId, taskId: 'r1', chars: 20_000 });
    const settles = await Promise.all([
      settle(fx.db, { taskId: 's1', actualChars: 4_000 }),
      settle(fx.db, { taskId: 's1', actualChars: 4_000 }),
    ]);
    const refunds = await Promise.all([refund(fx.db, { taskId: 'r1' }), refund(fx.db, { taskId: 'r1' })]);
    expect(settles.map((s) => s.changed).sort()).toEqual([false, true]);
    expect(refunds.map((s) => s.changed).sort()).toEqual([false, true]);
    expect((await remaining(fx.db, userId)).total_left).toBe(96_000);
    // A later settle with another number, or a refund, leaves the settled charge alone.
    expect(await settle(fx.db, { taskId: 's1', actualChars: 9_000 })).toMatchObject({
      changed: false,
      state: 'settled',
      charsCharged: 4_000,
    });
    expect(await refund(fx.db, { taskId: 's1' })).toMatchObject({ changed: false, state: 'settled', charsCharged: 4_000 });
    expect(await settle(fx.db, { taskId: 'r1', actualChars: 5 })).toMatchObject({ changed: false, state: 'refunded', charsCharged: 0 });
    // A finished task id does not reserve again.
    expect(await reserve(fx.db, { userId, taskId: 's1', chars: 10_000 })).toMatchObject({ changed: false, state: 'settled' });
    expect((await remaining(fx.db, userId)).total_left).toBe(96_000);
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });

  it('settles a whole reservation (the one-statement path) once when settled twice concurrently, with its parts', async () => {
    const userId = await fx.createUser();
    await reserve(fx.db, { userId, taskId: 'w1', chars: 3_000 });
    const before = (await remaining(fx.db, userId)).total_left;
    const settles = await Promise.all([
      settle(fx.db, { taskId: 'w1', actualChars: 3_000 }),
      settle(fx.db, { taskId: 'w1', actualChars: 3_500 }),
      settle(fx.db, { taskId: 'w1', actualChars: 1_000 }),
    ]);
    expect(settles.filter((s) => s.changed)).toHaveLength(1);
    const won = settles.find((s) => s.changed)!;
    expect(won).toMatchObject({ state: 'settled', charsReserved: 3_000 });
    expect(won.parts.reduce((n, p) => n + p.chars, 0)).toBe(3_000);
    // Whichever won: a whole settle charges 3,000, the partial one 1,000 and gives 2,000 back.
    expect((await remaining(fx.db, userId)).total_left).toBe(before + 3_000 - won.charsCharged!);
    expect(await findReservation(fx.db, 'w1')).toMatchObject({ state: 'settled', charsCharged: won.charsCharged });
    expect(await fx.ledgerMismatches()).toEqual([]);
    expect(await fx.reservationMismatches()).toEqual([]);
  });

  it('lets concurrent twins of a refused reservation both be refused, leaving nothing behind', async () => {
    const userId = await fx.createUser();
    const results = await Promise.allSettled([1, 2, 3].map(() => reserve(fx.db, { userId, taskId: 'too-big', chars: 100_001 })));
    for (const r of results) expect(r.status === 'rejected' && codeOf(r.reason)).toBe(41005);
    const rows = await fx.db.query("SELECT 1 FROM quota_reservations WHERE task_id = 'too-big'");
    expect(rows.rowCount).toBe(0);
    expect((await remaining(fx.db, userId)).total_left).toBe(100_000);
  });
});

describe('the port the tasks service uses', () => {
  it('reserves for users and anonymous keys, settles and refunds', async () => {
    const port = ledgerPort(fx.db);
    const userId = await fx.createUser();
    await port.reserve({ userId }, 'port-1', 1_000);
    await port.settle('port-1', 600);
    await port.reserve({ anonymousKey: 'ip4:192.0.2.1' }, 'port-2', 2_000);
    await port.refund('port-2');
    await port.refund('port-2');
    expect((await remaining(fx.db, userId)).total_left).toBe(99_400);
    expect((await remainingAnonymous(fx.db, 'ip4:192.0.2.1')).total_left).toBe(100_000);
    await expect(port.reserve({ anonymousKey: 'ip4:192.0.2.1' }, 'port-3', 100_001)).rejects.toMatchObject({ code: 41005 });
  });
});
