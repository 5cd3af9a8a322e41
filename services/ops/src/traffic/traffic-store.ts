/**
 * The traffic limits in PostgreSQL (migration 002): list, set and delete. Writes take any
 * queryable, so the gateway runs them in the transaction that writes the system-log line; each
 * answers the row before the change for that line. Values are checked here as well as by the
 * route schemas, so no caller can store a limit outside TRAFFIC_RANGES.
 */
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import {
  assertFrequencyLimit,
  assertLoginLimits,
  assertSubject,
  type FrequencyLimit,
  type LoginLimits,
  type TrafficScope,
} from './traffic-rules';

/** A pool or a transaction's client. */
type Queryable = Pick<Db, 'query'>;

export type TrafficOverride = FrequencyLimit & { scope: TrafficScope; subject: string; label: string; updatedAt: Date };

type LimitRow = { scope: string; subject: string; label: string; max_requests: number; window_minutes: number; updated_at: Date };

const toOverride = (r: LimitRow): TrafficOverride => ({
  scope: r.scope as TrafficScope,
  subject: r.subject,
  label: r.label,
  maxRequests: r.max_requests,
  windowMinutes: r.window_minutes,
  updatedAt: r.updated_at,
});

/** Every row of both tables: what one replica's cache holds. */
export async function readAllLimits(
  db: Queryable,
): Promise<{ defaultLimit: FrequencyLimit | null; login: LoginLimits | null; overrides: TrafficOverride[] }> {
  const [limits, login] = await Promise.all([
    db.query<LimitRow>('SELECT scope, subject, label, max_requests, window_minutes, updated_at FROM traffic_limits'),
    db.query<{ per_account: number; per_ip: number; window_minutes: number }>(
      'SELECT per_account, per_ip, window_minutes FROM login_limits',
    ),
  ]);
  const all = limits.rows.map(toOverride);
  const found = all.find((o) => (o.scope as string) === 'default');
  const row = login.rows[0];
  return {
    defaultLimit: found ? { maxRequests: found.maxRequests, windowMinutes: found.windowMinutes } : null,
    login: row ? { perAccount: row.per_account, perIp: row.per_ip, windowMinutes: row.window_minutes } : null,
    overrides: all.filter((o) => (o.scope as string) !== 'default'),
  };
}

export type OverridePage = { list: TrafficOverride[]; total: number; page: number; pageSize: number; pages: number };

/** The overrides, the most recently changed first, a page at a time. */
export async function listOverrides(
  db: Queryable,
  opts: { scope?: TrafficScope; page?: number; pageSize?: number } = {},
): Promise<OverridePage> {
  const page = Math.max(1, opts.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, opts.pageSize ?? 20));
  const scope = opts.scope ?? null;
  const { rows } = await db.query<LimitRow & { total: string }>(
    `SELECT scope, subject, label, max_requests, window_minutes, updated_at, count(*) OVER () AS total
     FROM traffic_limits WHERE scope <> 'default' AND ($1::text IS NULL OR scope = $1)
     ORDER BY updated_at DESC, scope, subject LIMIT $2 OFFSET $3`,
    [scope, pageSize, (page - 1) * pageSize],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM traffic_limits WHERE scope <> 'default' AND ($1::text IS NULL OR scope = $1)`,
      [scope],
    );
    total = Number(counted.rows[0]!.n);
  }
  return { list: rows.map(toOverride), total, page, pageSize, pages: Math.ceil(total / pageSize) };
}

async function upsertLimit(
  db: Queryable,
  scope: string,
  subject: string,
  label: string,
  limit: FrequencyLimit,
): Promise<FrequencyLimit | null> {
  // The row before the change, then the change, in one statement (a CTE sees the old row).
  const { rows } = await db.query<{ max_requests: number | null; window_minutes: number | null }>(
    `WITH before AS (SELECT max_requests, window_minutes FROM traffic_limits WHERE scope = $1 AND subject = $2),
     saved AS (
       INSERT INTO traffic_limits (scope, subject, label, max_requests, window_minutes) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope, subject) DO UPDATE SET label = EXCLUDED.label, max_requests = EXCLUDED.max_requests,
         window_minutes = EXCLUDED.window_minutes, updated_at = now()
       RETURNING 1)
     SELECT b.max_requests, b.window_minutes FROM saved LEFT JOIN before b ON true`,
    [scope, subject, label, limit.maxRequests, limit.windowMinutes],
  );
  const before = rows[0];
  return before?.max_requests != null ? { maxRequests: before.max_requests, windowMinutes: before.window_minutes! } : null;
}

/** Sets the default limit; answers the one set before (null: the environment's applied). */
export async function setDefaultLimit(db: Queryable, limit: FrequencyLimit): Promise<FrequencyLimit | null> {
  assertFrequencyLimit(limit);
  return upsertLimit(db, 'default', '', '', limit);
}

/** Adds or changes one override; answers the one it replaced, null when it is new. */
export async function setOverride(
  db: Queryable,
  override: FrequencyLimit & { scope: TrafficScope; subject: string; label?: string },
): Promise<FrequencyLimit | null> {
  assertSubject(override.scope, override.subject);
  assertFrequencyLimit(override);
  return upsertLimit(db, override.scope, override.subject, (override.label ?? override.subject).slice(0, 120), override);
}

/** Removes one override (its subject then gets the next rule down); answers what it was. */
export async function deleteOverride(db: Queryable, scope: TrafficScope, subject: string): Promise<TrafficOverride> {
  const { rows } = await db.query<LimitRow>(
    `DELETE FROM traffic_limits WHERE scope = $1 AND subject = $2 AND scope <> 'default'
     RETURNING scope, subject, label, max_requests, window_minutes, updated_at`,
    [scope, subject],
  );
  if (!rows[0]) throw new AppError('TRAFFIC_OVERRIDE_NOT_FOUND');
  return toOverride(rows[0]);
}

/** Sets the login limits; answers the ones set before (null: the environment's applied). */
export async function setLoginLimits(db: Queryable, limits: LoginLimits): Promise<LoginLimits | null> {
  assertLoginLimits(limits);
  const { rows } = await db.query<{ per_account: number | null; per_ip: number | null; window_minutes: number | null }>(
    `WITH before AS (SELECT per_account, per_ip, window_minutes FROM login_limits),
     saved AS (
       INSERT INTO login_limits (singleton, per_account, per_ip, window_minutes) VALUES (true, $1, $2, $3)
       ON CONFLICT (singleton) DO UPDATE SET per_account = EXCLUDED.per_account, per_ip = EXCLUDED.per_ip,
         window_minutes = EXCLUDED.window_minutes, updated_at = now()
       RETURNING 1)
     SELECT b.per_account, b.per_ip, b.window_minutes FROM saved LEFT JOIN before b ON true`,
    [limits.perAccount, limits.perIp, limits.windowMinutes],
  );
  const b = rows[0];
  return b?.per_account != null ? { perAccount: b.per_account, perIp: b.per_ip!, windowMinutes: b.window_minutes! } : null;
}
