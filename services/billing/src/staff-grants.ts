/**
 * What user administration asks of the ledger (issue 18): an administrator sets a member's plan
 * until a date or grants characters, and reads a member's usage. The grants take the caller's
 * transaction client, so the gateway writes them and their system-log line in one transaction;
 * like every grant, each writes its opening `grant` entry in the journal (`quota_ledger`) in the
 * same statement.
 */
import { AppError, SKUS, type PlanCode, type SkuCode, type UsageRow } from '@mtp/proto';
import { isPaidPlan, liveGrants, type Queryable } from './grants';
import { ownerOf } from './owner';
import { planCodeOfSku } from './remaining';

/** The sku stored on characters an administrator granted (a package: used first, needs a plan). */
export const STAFF_GRANT_SKU = 'staff-grant';

const DAY_MS = 86_400_000;

export type StaffGrant = { grantId: number; sku: string; chars: number; startsAt: Date; expiresAt: Date };

async function insertGrant(
  q: Queryable,
  g: { userId: number; kind: 'plan' | 'package'; sku: string; level: number; chars: number; startsAt: Date; expiresAt: Date },
): Promise<StaffGrant> {
  const { rows } = await q.query<{ grant_id: string }>(
    `WITH g AS (
       INSERT INTO quota_grants (user_id, kind, sku, level, chars_total, starts_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING grant_id, chars_total
     ), entry AS (INSERT INTO quota_ledger (grant_id, kind, chars) SELECT grant_id, 'grant', chars_total FROM g)
     SELECT grant_id FROM g`,
    [g.userId, g.kind, g.sku, g.level, g.chars, g.startsAt, g.expiresAt],
  );
  return { grantId: Number(rows[0]!.grant_id), sku: g.sku, chars: g.chars, startsAt: g.startsAt, expiresAt: g.expiresAt };
}

/**
 * Sets a member's plan: the paid plan `sku` with its characters from `now` until `expiresAt`.
 * It takes nothing away: a higher plan already live stays in use first, as after a purchase.
 */
export async function grantPlanUntil(
  q: Queryable,
  args: { userId: number; sku: SkuCode; expiresAt: Date; now?: Date },
): Promise<StaffGrant> {
  const sku = SKUS[args.sku];
  if (!sku || sku.goodsType !== 'T01' || sku.plan === 'free') throw new AppError('INVALID_PARAMS', 'sku');
  const now = args.now ?? new Date();
  if (!(args.expiresAt.getTime() > now.getTime())) throw new AppError('INVALID_PARAMS', 'expires_at');
  ownerOf(args.userId);
  return insertGrant(q, {
    userId: args.userId,
    kind: 'plan',
    sku: sku.code,
    level: sku.level,
    chars: sku.quotaChars,
    startsAt: now,
    expiresAt: args.expiresAt,
  });
}

/**
 * Grants `chars` characters for `days` days as a package (used before the plan). Like a bought
 * package it needs a live paid plan, else 43007 and nothing is written: set a plan first.
 */
export async function grantCharacters(
  q: Queryable,
  args: { userId: number; chars: number; days: number; now?: Date },
): Promise<StaffGrant> {
  const now = args.now ?? new Date();
  const live = await liveGrants(q, ownerOf(args.userId), now);
  if (!live.some(isPaidPlan)) throw new AppError('PACKAGE_NEEDS_PLAN');
  const level = SKUS['5M_char-y'].level;
  return insertGrant(q, {
    userId: args.userId,
    kind: 'package',
    sku: STAFF_GRANT_SKU,
    level,
    chars: args.chars,
    startsAt: now,
    expiresAt: new Date(now.getTime() + args.days * DAY_MS),
  });
}

/**
 * Characters charged per UTC day and kind over the last `days` days, newest first; an open
 * reservation counts what it holds, a refunded one nothing. The kind is read from the task id
 * the tasks service reserved under: `sync:` for text translated at once, `:pic:` for pictures in
 * documents; the rest are documents and queued jobs (`task`).
 */
export async function usageByDay(q: Queryable, args: { userId: number; days?: number; now?: Date }): Promise<UsageRow[]> {
  const now = args.now ?? new Date();
  const since = new Date(now.getTime() - (args.days ?? 30) * DAY_MS);
  const { rows } = await q.query<{ day: string; kind: string; chars: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
       CASE WHEN task_id LIKE 'sync:%' THEN 'text' WHEN task_id LIKE '%:pic:%' THEN 'picture' ELSE 'task' END AS kind,
       sum(COALESCE(chars_charged, chars_reserved)) AS chars
     FROM quota_reservations WHERE user_id = $1 AND created_at >= $2 AND created_at <= $3 AND state <> 'refunded'
     GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    [args.userId, since, now],
  );
  return rows.map((r) => ({ day: r.day, kind: r.kind, chars: Number(r.chars) }));
}

/** Each user's plan in use now (the highest live paid plan); users absent from the map are on free. */
export async function livePlansByUser(q: Queryable, now = new Date()): Promise<Map<number, PlanCode>> {
  const { rows } = await q.query<{ user_id: number; sku: string }>(
    `SELECT DISTINCT ON (user_id) user_id, sku FROM quota_grants
     WHERE user_id IS NOT NULL AND kind = 'plan' AND sku <> 'free' AND starts_at <= $1 AND expires_at > $1
     ORDER BY user_id, level DESC`,
    [now],
  );
  return new Map(rows.map((r) => [r.user_id, planCodeOfSku(r.sku)]));
}
