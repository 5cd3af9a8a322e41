/**
 * Reserve, settle, refund: the life of one task's characters (ARCHITECTURE.md "How a task
 * flows"). Each runs in one transaction; the owner's live grants are locked FOR UPDATE in
 * grant_id order (settle and refund lock theirs in the same order), so concurrent calls
 * serialise per owner without deadlocks and never overdraw. Every call is idempotent per task id.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { allocate, giveBack, orderForUse, type Part, type SpendVia } from './consumption';
import { ensureFreeGrant, ensureUnlimitedGrant, liveGrants, type Queryable } from './grants';
import { ownerOf, ownerParams, type Owner } from './owner';

export type ReservationState = 'reserved' | 'settled' | 'refunded';

export type Reservation = {
  taskId: string;
  userId: number | null;
  clientKey: string | null;
  charsReserved: number;
  /** The actual charged once settled, 0 once refunded, null while reserved. */
  charsCharged: number | null;
  state: ReservationState;
  /** Where the characters came from, in the order taken. */
  parts: Part[];
};

/** `changed` is false when the call found the work already done (or, for settle and refund, a reservation already ended the other way). */
export type ReservationResult = Reservation & { changed: boolean };

export type ReserveArgs = {
  /** null for an anonymous visitor, who then needs `clientKey`. */
  userId: number | null;
  clientKey?: string | null;
  taskId: string;
  chars: number;
  /** `'api'`: public-API work, which takes API packages first (consumption.ts). */
  via?: SpendVia;
  now?: Date;
};

const MAX_TASK_ID = 100;

export function checkTaskId(taskId: string): void {
  if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > MAX_TASK_ID) throw new AppError('INVALID_PARAMS', 'taskId');
}

export function checkChars(chars: number, name: string, min: number): void {
  if (!Number.isSafeInteger(chars) || chars < min) throw new AppError('INVALID_PARAMS', name);
}

type ReservationRow = {
  task_id: string;
  user_id: number | null;
  anon_key: string | null;
  chars_reserved: string;
  chars_charged: string | null;
  state: ReservationState;
};

async function loadReservation(q: Queryable, taskId: string, lock = false): Promise<Reservation | null> {
  const { rows } = await q.query<ReservationRow>(
    `SELECT task_id, user_id, anon_key, chars_reserved, chars_charged, state FROM quota_reservations WHERE task_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [taskId],
  );
  const r = rows[0];
  if (!r) return null;
  const parts = await q.query<{ grant_id: string; chars: string }>(
    'SELECT grant_id, chars FROM quota_reservation_parts WHERE task_id = $1 ORDER BY seq',
    [taskId],
  );
  return {
    taskId: r.task_id,
    userId: r.user_id,
    clientKey: r.anon_key,
    charsReserved: Number(r.chars_reserved),
    charsCharged: r.chars_charged === null ? null : Number(r.chars_charged),
    state: r.state,
    parts: parts.rows.map((p) => ({ grantId: Number(p.grant_id), chars: Number(p.chars) })),
  };
}

const sameOwner = (r: Reservation, owner: Owner) =>
  owner.kind === 'user' ? r.userId === owner.userId : r.userId === null && r.clientKey === owner.clientKey;

/** Gives characters back to their grants, with a ledger row each (taking them is part of `reserve`). */
async function giveChars(q: Queryable, taskId: string, parts: Part[], kind: 'release' | 'refund'): Promise<void> {
  if (parts.length === 0) return;
  await q.query(
    `WITH p AS (SELECT * FROM unnest($2::bigint[], $3::bigint[]) AS p(grant_id, chars)),
     upd AS (UPDATE quota_grants g SET chars_used = g.chars_used - p.chars FROM p WHERE g.grant_id = p.grant_id RETURNING g.grant_id)
     INSERT INTO quota_ledger (grant_id, task_id, kind, chars) SELECT grant_id, $1, $4, chars FROM p`,
    [taskId, parts.map((p) => p.grantId), parts.map((p) => p.chars), kind],
  );
}

/**
 * Takes `chars` for a task: packages first (earliest expiry first; via the API, API packages
 * before character packages; otherwise never API packages), then the plan. Not enough
 * answers 41005 with nothing taken. A task id reserves once: a repeat (even a concurrent one)
 * answers the existing reservation, whatever its state, with `changed: false`.
 */
export async function reserve(db: Db, args: ReserveArgs): Promise<ReservationResult> {
  const owner = ownerOf(args.userId, args.clientKey);
  checkTaskId(args.taskId);
  checkChars(args.chars, 'chars', 1);
  const now = args.now ?? new Date();
  return inTransaction(db, async (client) => {
    // Claims the task id first: a concurrent twin waits here on the key until this commits
    // (then answers what was reserved) or rolls back (then tries itself).
    // The billing mode rides on the claim (a round trip less: this runs for every translation).
    const claimed = await client.query<{ billing: boolean | null }>(
      `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved) VALUES ($1, $2, $3, $4)
       ON CONFLICT (task_id) DO NOTHING RETURNING (SELECT enabled FROM billing_settings) AS billing`,
      [args.taskId, ...ownerParams(owner), args.chars],
    );
    if (claimed.rowCount === 0) {
      const existing = await loadReservation(client, args.taskId);
      if (!existing) throw new Error(`reservation ${args.taskId} vanished`);
      if (!sameOwner(existing, owner)) throw new AppError('INVALID_PARAMS', `task ${args.taskId} belongs to another owner`);
      return { ...existing, changed: false };
    }
    // A private deployment (BILLING=off): the user's unlimited allowance comes first, so the
    // free one is never created and nothing is refused.
    // (No settings row: billing on, as billingEnabled reads it.)
    if (owner.kind === 'user' && claimed.rows[0]?.billing === false) await ensureUnlimitedGrant(client, owner, now);
    let live = await liveGrants(client, owner, now, true);
    // The period's free allowance is made the first time a reservation finds no live plan (once a
    // period per owner), not tried on every reservation; a paid plan replaces it anyway.
    if (!live.some((g) => g.kind === 'plan')) {
      await ensureFreeGrant(client, owner, now);
      live = await liveGrants(client, owner, now, true);
    }
    const parts = allocate(orderForUse(live, args.via).usable, args.chars);
    // Takes the characters and records the parts in one statement (a round trip less on the way
    // to a document's first chunk); the ledger records the taking as negative characters.
    await client.query(
      `WITH p AS (SELECT * FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS p(grant_id, chars, seq)),
       upd AS (UPDATE quota_grants g SET chars_used = g.chars_used + p.chars FROM p WHERE g.grant_id = p.grant_id RETURNING g.grant_id),
       led AS (INSERT INTO quota_ledger (grant_id, task_id, kind, chars) SELECT grant_id, $1, 'reserve', -chars FROM p)
       INSERT INTO quota_reservation_parts (task_id, seq, grant_id, chars) SELECT $1, seq, grant_id, chars FROM p`,
      [args.taskId, parts.map((p) => p.grantId), parts.map((p) => p.chars)],
    );
    return {
      taskId: args.taskId,
      userId: owner.kind === 'user' ? owner.userId : null,
      clientKey: owner.kind === 'anonymous' ? owner.clientKey : null,
      charsReserved: args.chars,
      charsCharged: null,
      state: 'reserved' as const,
      parts,
      changed: true,
    };
  });
}

/** Ends a reservation: charges `charged` and gives the rest back, last taken first. */
async function finish(db: Db, taskId: string, outcome: 'settled' | 'refunded', actual: number): Promise<ReservationResult> {
  checkTaskId(taskId);
  return inTransaction(db, async (client) => {
    const r = await loadReservation(client, taskId, true);
    if (!r) throw new AppError('NOT_FOUND', `no reservation for task ${taskId}`);
    if (r.state !== 'reserved') return { ...r, changed: false };
    const charged = Math.min(actual, r.charsReserved);
    const back = giveBack(r.parts, r.charsReserved - charged);
    // The same lock order as reserve: grant_id ascending.
    await client.query('SELECT 1 FROM quota_grants WHERE grant_id = ANY($1::bigint[]) ORDER BY grant_id FOR UPDATE', [
      back.map((p) => p.grantId),
    ]);
    await giveChars(client, taskId, back, outcome === 'settled' ? 'release' : 'refund');
    await client.query('UPDATE quota_reservations SET state = $2, chars_charged = $3, finished_at = now() WHERE task_id = $1', [
      taskId,
      outcome,
      charged,
    ]);
    return { ...r, state: outcome, charsCharged: charged, changed: true };
  });
}

export type SettleArgs = { taskId: string; actualChars: number };

/**
 * Charges the characters actually translated and gives the rest back. An actual above the
 * reservation is charged at the reservation (the reservation is the cap the caller agreed to).
 * Settling twice charges once; settling a refunded reservation changes nothing (`changed: false`,
 * state 'refunded').
 */
export async function settle(db: Db, args: SettleArgs): Promise<ReservationResult> {
  checkChars(args.actualChars, 'actualChars', 0);
  checkTaskId(args.taskId);
  return (await settleWhole(db, args)) ?? finish(db, args.taskId, 'settled', args.actualChars);
}

type SettledRow = ReservationRow & { grant_ids: string[]; part_chars: string[] };

/**
 * The common case in one statement (a text charged what it reserved): nothing goes back to a
 * grant, so no grant is locked and only the reservation row changes; exactly what `finish` would
 * do. Null when the reservation is not open or charges less than it holds (then `finish`).
 */
async function settleWhole(db: Db, args: SettleArgs): Promise<ReservationResult | null> {
  const { rows } = await db.query<SettledRow>(
    `WITH u AS (UPDATE quota_reservations SET state = 'settled', chars_charged = chars_reserved, finished_at = now()
                 WHERE task_id = $1 AND state = 'reserved' AND chars_reserved <= $2
                 RETURNING task_id, user_id, anon_key, chars_reserved, chars_charged, state)
     SELECT u.*, coalesce(array_agg(p.grant_id ORDER BY p.seq) FILTER (WHERE p.seq IS NOT NULL), '{}') AS grant_ids,
            coalesce(array_agg(p.chars ORDER BY p.seq) FILTER (WHERE p.seq IS NOT NULL), '{}') AS part_chars
       FROM u LEFT JOIN quota_reservation_parts p ON p.task_id = u.task_id
      GROUP BY u.task_id, u.user_id, u.anon_key, u.chars_reserved, u.chars_charged, u.state`,
    [args.taskId, args.actualChars],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    taskId: r.task_id,
    userId: r.user_id,
    clientKey: r.anon_key,
    charsReserved: Number(r.chars_reserved),
    charsCharged: Number(r.chars_charged),
    state: 'settled',
    parts: r.grant_ids.map((id, i) => ({ grantId: Number(id), chars: Number(r.part_chars[i]) })),
    changed: true,
  };
}

/**
 * Gives everything back (the task failed). Refunding twice refunds once; refunding a settled
 * reservation changes nothing (`changed: false`, state 'settled'): what was charged stays charged.
 */
export async function refund(db: Db, args: { taskId: string }): Promise<ReservationResult> {
  return finish(db, args.taskId, 'refunded', 0);
}

/** The reservation of a task, or null. */
export async function findReservation(db: Db, taskId: string): Promise<Reservation | null> {
  return loadReservation(db, taskId);
}
