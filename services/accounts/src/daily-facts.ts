/**
 * What the statistics (ops' daily rollups) read from accounts, per half-open UTC interval:
 * successful sign-ins (the system log's `sign_in` lines), accounts created per site, and the
 * users the figures name. Deleted accounts (`deleted_at`) still count where they were active.
 */
import type { Db } from '@mtp/platform';

export type SignIns = { userId: number; siteId: number | null; signIns: number };

export async function signInsBetween(db: Db, from: Date, to: Date): Promise<SignIns[]> {
  const { rows } = await db.query<{ actor_id: number; site_id: number | null; n: number }>(
    `SELECT actor_id, max(site_id) AS site_id, count(*)::int AS n FROM system_log
     WHERE action = 'sign_in' AND at >= $1 AND at < $2 AND actor_id IS NOT NULL GROUP BY 1`,
    [from, to],
  );
  return rows.map((r) => ({ userId: r.actor_id, siteId: r.site_id, signIns: r.n }));
}

export async function newUsersBetween(db: Db, from: Date, to: Date): Promise<{ siteId: number; users: number }[]> {
  const { rows } = await db.query<{ site_id: number; n: number }>(
    'SELECT site_id, count(*)::int AS n FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1',
    [from, to],
  );
  return rows.map((r) => ({ siteId: r.site_id, users: r.n }));
}

export type UserLabel = { userId: number; account: string; username: string; siteId: number };

export async function usersByIds(db: Db, userIds: readonly number[]): Promise<UserLabel[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ user_id: number; account: string; username: string; site_id: number }>(
    'SELECT user_id, account, username, site_id FROM users WHERE user_id = ANY($1::int[])',
    [userIds],
  );
  return rows.map((r) => ({ userId: r.user_id, account: r.account, username: r.username, siteId: r.site_id }));
}

/** When the first account was made (the bootstrap administrator): nothing is counted before it. */
export async function firstUserAt(db: Db): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>('SELECT min(created_at) AS at FROM users');
  return rows[0]?.at ?? null;
}
