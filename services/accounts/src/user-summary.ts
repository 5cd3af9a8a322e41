/**
 * The user figures of the admin home page: how many accounts, and how many signed in today
 * (a session started since `dayStart`: a sign-in, not a token still alive from yesterday).
 * `siteId` confines both to one site (a manager's); null counts every site.
 */
import type { Db } from '@mtp/platform';

export type UserSummary = { total: number; activeToday: number };

export async function summarizeUsers(db: Db, opts: { siteId: number | null; dayStart: Date }): Promise<UserSummary> {
  const { rows } = await db.query<{ total: number; active: number }>(
    `SELECT
       (SELECT count(*)::int FROM users u WHERE u.deleted_at IS NULL AND ($1::int IS NULL OR u.site_id = $1)) AS total,
       (SELECT count(DISTINCT s.user_id)::int FROM sessions s JOIN users u USING (user_id)
         WHERE s.created_at >= $2 AND ($1::int IS NULL OR u.site_id = $1)) AS active`,
    [opts.siteId, opts.dayStart],
  );
  return { total: rows[0]!.total, activeToday: rows[0]!.active };
}
