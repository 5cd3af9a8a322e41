/**
 * Many reservations in one transaction, and many settles in one statement: the public API's text
 * calls reserve and settle once per request, and at hundreds of requests a second one commit per
 * call (each holding the owner's grant lock) was the ceiling (README "Reservations in batches").
 *
 * `reserveMany` does what `reserve` does for each item, in the item order, inside one transaction:
 * claims every task id in one insert, locks every owner's live grants in one statement (in
 * grant_id order, as everywhere), allocates item by item against what the items before
 * it took, and writes every part, grant and ledger row in one statement. An item that does not
 * fit answers 41005 with nothing taken, and the rest go on. Anything unusual (a task id already
 * claimed, or twice in the batch, an item with its own `now`, or a batch that fails) takes
 * `reserve`'s own path item by item, so every answer is exactly the one `reserve` would give.
 */
import { inTransaction, type Db, type Outcome } from '@mtp/platform';
import { allocate, orderForUse, type Part } from './consumption';
import { ensureFreeGrant, ensureUnlimitedGrant, liveGrantsOfMany, type Grant, type Queryable } from './grants';
import { ownerKey, ownerOf, ownerParams, type Owner } from './owner';
import { checkChars, checkTaskId, reserve, settle, type ReserveArgs, type SettleArgs } from './reservations';

/** The outcome of a reservation in a batch: its parts, or the error `reserve` would throw. */
export type BatchReserved = { taskId: string; parts: Part[] };

type Claimed = { args: ReserveArgs; owner: Owner; index: number };

/** Reserves each item as `reserve` would; one outcome per item, in order. */
export async function reserveMany(db: Db, items: ReserveArgs[]): Promise<Outcome<BatchReserved>[]> {
  const outcomes: (Outcome<BatchReserved> | undefined)[] = new Array(items.length);
  const batch: Claimed[] = [];
  const seen = new Set<string>();
  const alone: number[] = [];
  items.forEach((args, index) => {
    try {
      const owner = ownerOf(args.userId, args.clientKey);
      // Invalid ids and amounts get reserve's own refusal below; repeats go one by one after the
      // batch, and so does an item with its own clock (`now`: the batch reads grants at one time).
      if (seen.has(args.taskId) || args.now !== undefined || !passes(() => (checkTaskId(args.taskId), checkChars(args.chars, 'chars', 1))))
        alone.push(index);
      else {
        seen.add(args.taskId);
        batch.push({ args, owner, index });
      }
    } catch (error) {
      outcomes[index] = { error };
    }
  });
  if (batch.length > 0) {
    try {
      const done = await reserveTogether(db, batch);
      batch.forEach((c, i) => (done[i] === undefined ? alone.push(c.index) : (outcomes[c.index] = done[i])));
    } catch {
      // A failed batch leaves nothing (one transaction): each item tries alone and meets its own error.
      alone.push(...batch.map((c) => c.index));
    }
  }
  for (const index of alone.sort((a, b) => a - b)) {
    const args = items[index]!;
    try {
      const r = await reserve(db, args);
      outcomes[index] = { value: { taskId: r.taskId, parts: r.parts } };
    } catch (error) {
      outcomes[index] = { error };
    }
  }
  return outcomes as Outcome<BatchReserved>[];
}

/** Whether `check` passes (throws nothing). */
function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/** The batch in one transaction; undefined for an item whose task id was already claimed. */
async function reserveTogether(db: Db, batch: Claimed[]): Promise<(Outcome<BatchReserved> | undefined)[]> {
  const now = new Date();
  return inTransaction(db, async (client) => {
    const claimed = await client.query<{ task_id: string; billing: boolean | null }>(
      `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])
       ON CONFLICT (task_id) DO NOTHING RETURNING task_id, (SELECT enabled FROM billing_settings) AS billing`,
      [
        batch.map((c) => c.args.taskId),
        batch.map((c) => ownerParams(c.owner)[0]),
        batch.map((c) => ownerParams(c.owner)[1]),
        batch.map((c) => c.args.chars),
      ],
    );
    const mine = new Set(claimed.rows.map((r) => r.task_id));
    const billingOff = claimed.rows[0]?.billing === false;
    const out: (Outcome<BatchReserved> | undefined)[] = batch.map(() => undefined);
    const owners = new Map<string, { owner: Owner; items: number[] }>();
    batch.forEach((c, i) => {
      if (!mine.has(c.args.taskId)) return;
      const key = ownerKey(c.owner);
      const entry = owners.get(key) ?? { owner: c.owner, items: [] };
      entry.items.push(i);
      owners.set(key, entry);
    });
    const taken: { taskId: string; parts: Part[] }[] = [];
    const refused: string[] = [];
    const groups = [...owners.values()];
    const lives = await lockedGrantsOfMany(
      client,
      groups.map((g) => g.owner),
      now,
      billingOff,
    );
    for (const [n, { items }] of groups.entries()) {
      const live = lives[n]!;
      for (const i of items) {
        const args = batch[i]!.args;
        try {
          const parts = allocate(orderForUse(live, args.via).usable, args.chars);
          for (const p of parts) live.find((g) => g.grantId === p.grantId)!.charsUsed += p.chars;
          taken.push({ taskId: args.taskId, parts });
          out[i] = { value: { taskId: args.taskId, parts } };
        } catch (error) {
          refused.push(args.taskId);
          out[i] = { error };
        }
      }
    }
    if (refused.length > 0) await client.query('DELETE FROM quota_reservations WHERE task_id = ANY($1::text[])', [refused]);
    await writeParts(client, taken);
    return out;
  });
}

/**
 * The owners' live grants, locked (all in one statement, in grant_id order: the one lock order,
 * as `reserve` takes one owner's), made as `reserve` makes them (the unlimited or the free allowance).
 */
export async function lockedGrantsOfMany(client: Queryable, owners: Owner[], now: Date, billingOff: boolean): Promise<Grant[][]> {
  if (billingOff) for (const owner of owners) if (owner.kind === 'user') await ensureUnlimitedGrant(client, owner, now);
  const lives = await liveGrantsOfMany(client, owners, now);
  const planless = owners.flatMap((owner, n) => (lives[n]!.some((g) => g.kind === 'plan') ? [] : [n]));
  if (planless.length === 0) return lives;
  for (const n of planless) await ensureFreeGrant(client, owners[n]!, now);
  const made = await liveGrantsOfMany(
    client,
    planless.map((n) => owners[n]!),
    now,
  );
  planless.forEach((n, k) => (lives[n] = made[k]!));
  return lives;
}

/** Every item's parts, the grants' use and the ledger's rows, in one statement (as `reserve` writes one item's). */
export async function writeParts(client: Queryable, taken: { taskId: string; parts: Part[] }[]): Promise<void> {
  const rows = taken.flatMap((t) => t.parts.map((p, seq) => ({ taskId: t.taskId, seq: seq + 1, ...p })));
  if (rows.length === 0) return;
  await client.query({
    // Prepared once per connection: planning it cost more than running it.
    name: 'ledger-write-parts',
    text: `WITH p AS (SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS p(task_id, seq, grant_id, chars)),
     upd AS (UPDATE quota_grants g SET chars_used = g.chars_used + s.chars
               FROM (SELECT grant_id, sum(chars) AS chars FROM p GROUP BY grant_id) s WHERE g.grant_id = s.grant_id RETURNING g.grant_id),
     led AS (INSERT INTO quota_ledger (grant_id, task_id, kind, chars) SELECT grant_id, task_id, 'reserve', -chars FROM p)
     INSERT INTO quota_reservation_parts (task_id, seq, grant_id, chars) SELECT task_id, seq, grant_id, chars FROM p`,
    values: [rows.map((r) => r.taskId), rows.map((r) => r.seq), rows.map((r) => r.grantId), rows.map((r) => r.chars)],
  });
}

/**
 * Settles each item as `settle` would. The common case (charged what was reserved, still open)
 * is one statement for the whole batch; the others take `settle`'s own path.
 */
export async function settleMany(db: Db, items: SettleArgs[]): Promise<Outcome<void>[]> {
  const whole = items.filter((a) => Number.isSafeInteger(a.actualChars) && a.actualChars >= 0 && typeof a.taskId === 'string');
  const { rows } = await db.query<{ task_id: string }>(
    `UPDATE quota_reservations r SET state = 'settled', chars_charged = r.chars_reserved, finished_at = now()
       FROM unnest($1::text[], $2::bigint[]) AS a(task_id, actual)
      WHERE r.task_id = a.task_id AND r.state = 'reserved' AND r.chars_reserved <= a.actual
      RETURNING r.task_id`,
    [whole.map((a) => a.taskId), whole.map((a) => a.actualChars)],
  );
  const settled = new Set(rows.map((r) => r.task_id));
  const out: Outcome<void>[] = [];
  for (const args of items) {
    if (settled.has(args.taskId)) {
      out.push({ value: undefined });
      continue;
    }
    try {
      await settle(db, args);
      out.push({ value: undefined });
    } catch (error) {
      out.push({ error });
    }
  }
  return out;
}
