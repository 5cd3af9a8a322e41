/**
 * The task figures of the admin home page: work running now (documents' files queued or being
 * translated, text tasks queued) and work that failed since `dayStart` (files failed or
 * interrupted, text tasks failed). Whole-platform figures: for administrators only.
 */
import type { Db } from '@mtp/platform';

export type TaskSummary = { running: number; failedToday: number };

export async function summarizeTasks(db: Db, opts: { dayStart: Date }): Promise<TaskSummary> {
  const { rows } = await db.query<{ running: number; failed: number }>(
    `SELECT
       (SELECT count(*)::int FROM doc_files WHERE status IN ('queued', 'translating'))
         + (SELECT count(*)::int FROM text_tasks WHERE status = 'queued') AS running,
       (SELECT count(*)::int FROM doc_files WHERE status IN ('failed', 'interrupted') AND finished_at >= $1)
         + (SELECT count(*)::int FROM text_tasks WHERE status = 'failed' AND finished_at >= $1) AS failed`,
    [opts.dayStart],
  );
  return { running: rows[0]!.running, failedToday: rows[0]!.failed };
}
