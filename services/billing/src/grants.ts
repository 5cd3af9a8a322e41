/**
 * Grants: what an owner may spend. A plan grant holds a plan sku's characters for its period; a
 * package grant holds a character package for 365 days. Every grant writes its opening entry to
 * the ledger in the same statement, so the ledger always sums to what is left.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, SKUS, type ApiSkuCode, type SkuCode } from '@mtp/proto';
import { catalogueSku, isPackageType } from './catalogue-skus';
import type { PoolClient } from 'pg';
import { ownerColumn, ownerKey, ownerOf, ownerParams, type Owner } from './owner';
import { addMonthsUtc, freeAllowance, packageExpiry, UNLIMITED_LEVEL, UNLIMITED_MONTHLY_CHARS, UNLIMITED_SKU } from './periods';

export type GrantKind = 'plan' | 'package';

export type Grant = {
  grantId: number;
  kind: GrantKind;
  /** A catalogue code, or 'unlimited' (BILLING=off). */
  sku: string;
  level: number;
  charsTotal: number;
  charsUsed: number;
  startsAt: Date;
  expiresAt: Date;
};

export type Queryable = Pick<PoolClient, 'query'>;

type GrantRow = {
  grant_id: string;
  kind: GrantKind;
  sku: string;
  level: number;
  chars_total: string;
  chars_used: string;
  starts_at: Date;
  expires_at: Date;
};

const GRANT_COLUMNS = 'grant_id, kind, sku, level, chars_total, chars_used, starts_at, expires_at';

// bigint columns arrive as strings; every count here stays far below 2^53.
function toGrant(r: GrantRow): Grant {
  return {
    grantId: Number(r.grant_id),
    kind: r.kind,
    sku: r.sku,
    level: r.level,
    charsTotal: Number(r.chars_total),
    charsUsed: Number(r.chars_used),
    startsAt: r.starts_at,
    expiresAt: r.expires_at,
  };
}

export function isPaidPlan(g: Grant): boolean {
  return g.kind === 'plan' && g.sku !== 'free';
}

type NewGrant = { kind: GrantKind; sku: string; level: number; chars: number; startsAt: Date; expiresAt: Date; orderId?: number };

/** SQL inserting one grant with its ledger entry; `onlyIf` is an extra guard (its parameters follow). */
function insertGrantSql(onlyIf = 'true'): string {
  return `WITH g AS (
      INSERT INTO quota_grants (user_id, anon_key, kind, sku, level, chars_total, starts_at, expires_at, order_id)
      SELECT $1::int, $2::text, $3::text, $4::text, $5::smallint, $6::bigint, $7::timestamptz, $8::timestamptz, $9::bigint WHERE ${onlyIf}
      ON CONFLICT DO NOTHING
      RETURNING ${GRANT_COLUMNS}
    ), entry AS (INSERT INTO quota_ledger (grant_id, kind, chars) SELECT grant_id, 'grant', chars_total FROM g)
    SELECT * FROM g`;
}

function grantParams(owner: Owner, g: NewGrant): unknown[] {
  return [...ownerParams(owner), g.kind, g.sku, g.level, g.chars, g.startsAt, g.expiresAt, g.orderId ?? null];
}

/** Live means started and not expired; whether anything is left does not matter here. */
function liveWhere(column: string, valueParam: string, atParam: string): string {
  return `${column} = ${valueParam} AND starts_at <= ${atParam} AND expires_at > ${atParam}`;
}

/**
 * Creates the owner's free allowance for the current period unless it exists or a paid plan is
 * live (a paid plan replaces it). Safe to race: the unique index keeps one per owner and period.
 */
export async function ensureFreeGrant(q: Queryable, owner: Owner, now: Date): Promise<void> {
  const free = freeAllowance(owner, now);
  const { column } = ownerColumn(owner);
  // $1 is user_id and $2 anon_key in the insert; the owner's own one is the set one.
  const noPaidPlan = `NOT EXISTS (SELECT 1 FROM quota_grants
    WHERE ${liveWhere(column, column === 'user_id' ? '$1' : '$2', '$10')} AND kind = 'plan' AND sku <> 'free')`;
  const g: NewGrant = {
    kind: 'plan',
    sku: 'free',
    level: SKUS.free.level,
    chars: free.chars,
    startsAt: free.startsAt,
    expiresAt: free.expiresAt,
  };
  await q.query(insertGrantSql(noPaidPlan), [...grantParams(owner, g), now]);
}

/** The owner's live grants, optionally locked (always in grant_id order: one lock order everywhere). */
export async function liveGrants(q: Queryable, owner: Owner, now: Date, lock = false): Promise<Grant[]> {
  const { column, value } = ownerColumn(owner);
  // Named (prepared once per connection): every reservation runs it.
  const { rows } = await q.query<GrantRow>({
    name: `live-grants-${column}${lock ? '-locked' : ''}`,
    text: `SELECT ${GRANT_COLUMNS} FROM quota_grants WHERE ${liveWhere(column, '$1', '$2')} ORDER BY grant_id${lock ? ' FOR UPDATE' : ''}`,
    values: [value, now],
  });
  return rows.map(toGrant);
}

/**
 * The live grants of several owners, locked in one statement in grant_id order (the one lock
 * order everywhere, so this never deadlocks with `liveGrants` of one owner); one list per owner.
 */
export async function liveGrantsOfMany(q: Queryable, owners: Owner[], now: Date): Promise<Grant[][]> {
  const { rows } = await q.query<GrantRow & { user_id: number | null; anon_key: string | null }>({
    name: 'live-grants-of-many-locked',
    text: `SELECT ${GRANT_COLUMNS}, user_id, anon_key FROM quota_grants
     WHERE (user_id = ANY($1::int[]) OR anon_key = ANY($2::text[])) AND starts_at <= $3 AND expires_at > $3
     ORDER BY grant_id FOR UPDATE`,
    values: [
      owners.flatMap((o) => (o.kind === 'user' ? [o.userId] : [])),
      owners.flatMap((o) => (o.kind === 'anonymous' ? [o.clientKey] : [])),
      now,
    ],
  });
  const lists = new Map<string, Grant[]>(owners.map((o) => [ownerKey(o), []]));
  for (const r of rows) lists.get(ownerKey(ownerOf(r.user_id, r.anon_key)))?.push(toGrant(r));
  return owners.map((o) => lists.get(ownerKey(o))!);
}

export type GrantPlanArgs = { userId: number; sku: SkuCode; startsAt?: Date };

/** Grants a paid plan's characters for its period from `startsAt` (default now). */
export async function grantPlan(db: Db, args: GrantPlanArgs): Promise<Grant> {
  const sku = SKUS[args.sku];
  if (!sku || sku.goodsType !== 'T01' || sku.plan === 'free') throw new AppError('INVALID_PARAMS', `sku ${args.sku} is not a paid plan`);
  const owner = ownerOf(args.userId);
  const startsAt = args.startsAt ?? new Date();
  const g: NewGrant = {
    kind: 'plan',
    sku: sku.code,
    level: sku.level,
    chars: sku.quotaChars,
    startsAt,
    expiresAt: addMonthsUtc(startsAt, sku.months),
  };
  const { rows } = await db.query<GrantRow>(insertGrantSql(), grantParams(owner, g));
  return toGrant(rows[0]!);
}

export type GrantPackageArgs = { userId: number; sku: SkuCode | ApiSkuCode; startsAt?: Date };

/**
 * Grants a character or API package, valid 365 days from `startsAt` (default now). Packages require a
 * live paid plan (spec section 9); without one the answer is 42005, which opens the purchase
 * dialog asking for a plan upgrade. Free users therefore buy a plan first.
 */
export async function grantPackage(db: Db, args: GrantPackageArgs): Promise<Grant> {
  const sku = catalogueSku(args.sku);
  if (!sku || !isPackageType(sku.goodsType)) throw new AppError('INVALID_PARAMS', `sku ${args.sku} is not a package`);
  const owner = ownerOf(args.userId);
  const startsAt = args.startsAt ?? new Date();
  return inTransaction(db, async (client) => {
    const live = await liveGrants(client, owner, new Date());
    if (!live.some(isPaidPlan)) throw new AppError('PLAN_LIMIT', 'a character package needs a live plan');
    const g: NewGrant = {
      kind: 'package',
      sku: sku.code,
      level: sku.level,
      chars: sku.quotaChars,
      startsAt,
      expiresAt: packageExpiry(startsAt),
    };
    const { rows } = await client.query<GrantRow>(insertGrantSql(), grantParams(owner, g));
    return toGrant(rows[0]!);
  });
}

/**
 * BILLING=off (a private deployment): the user's unlimited allowance of the month, created like
 * the free one by whichever request comes first (a unique index keeps one per user and month).
 * It counts as a paid plan of the highest level, so packages stay usable and nothing is refused.
 */
export async function ensureUnlimitedGrant(q: Queryable, owner: Owner, now: Date): Promise<void> {
  if (owner.kind !== 'user') return;
  const { startsAt, expiresAt } = freeAllowance(owner, now);
  const g: NewGrant = { kind: 'plan', sku: UNLIMITED_SKU, level: UNLIMITED_LEVEL, chars: UNLIMITED_MONTHLY_CHARS, startsAt, expiresAt };
  await q.query(insertGrantSql(), grantParams(owner, g));
}

export type OrderGrantArgs = { userId: number; sku: string; orderId: number; startsAt: Date; expiresAt: Date };

/**
 * The grant a paid order buys, keyed by the order: a second call for the same order inserts
 * nothing and answers null (the unique order_id), so a repeated payment never grants twice.
 * Packages are granted whether or not a plan is live: the buyer has paid; without a live plan
 * the ledger reports them frozen until the plan is renewed.
 */
export async function insertOrderGrant(q: Queryable, args: OrderGrantArgs): Promise<Grant | null> {
  const sku = catalogueSku(args.sku);
  if (!sku || sku.plan === 'free' || sku.goodsType === 'T04') throw new AppError('INVALID_PARAMS', `sku ${args.sku} grants no characters`);
  const kind: GrantKind = sku.goodsType === 'T01' ? 'plan' : 'package';
  const g: NewGrant = {
    kind,
    sku: sku.code,
    level: sku.level,
    chars: sku.quotaChars,
    startsAt: args.startsAt,
    expiresAt: args.expiresAt,
    orderId: args.orderId,
  };
  const { rows } = await q.query<GrantRow>(insertGrantSql(), grantParams(ownerOf(args.userId), g));
  return rows[0] ? toGrant(rows[0]) : null;
}
