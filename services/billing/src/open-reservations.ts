/**
 * Reservations still open after a while, for the sweepers that end what a failed refund left
 * behind. Served by the partial index on open reservations (their creation time).
 */
import type { Db } from '@mtp/platform';

/** Task ids of reservations still `reserved` that were made more than `olderThanMs` ago and start with `prefix`. */
export async function listOpenReservations(db: Db, opts: { prefix: string; olderThanMs: number; limit?: number }): Promise<string[]> {
  const { rows } = await db.query<{ task_id: string }>(
    `SELECT task_id FROM quota_reservations
     WHERE state = 'reserved' AND created_at < now() - make_interval(secs => $2::double precision / 1000)
       AND left(task_id, length($1)) = $1
     ORDER BY created_at LIMIT $3`,
    [opts.prefix, opts.olderThanMs, opts.limit ?? 500],
  );
  return rows.map((r) => r.task_id);
}
