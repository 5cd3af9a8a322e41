/**
 * Retention of the system log (SYSTEM_LOG_RETENTION_DAYS): lines older than the kept days are
 * deleted by the gateway's daily sweep. Zero keeps everything. Deleting in batches keeps each
 * statement short, so a first sweep over years of lines never holds a long lock.
 */
import type { Db } from '@mtp/platform';

const BATCH = 10_000;
const DAY_MS = 86_400_000;

/** Deletes lines written before `now - days`; answers how many went. */
export async function deleteExpiredSystemLog(db: Db, days: number, now = new Date()): Promise<number> {
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM system_log WHERE log_id IN (SELECT log_id FROM system_log WHERE at < $1 LIMIT ${BATCH})`,
      [cutoff],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return deleted;
  }
}
