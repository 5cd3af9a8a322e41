/**
 * Tasks by outcome, for the gateway's /metrics: text tasks and document files counted by their
 * status. Whole-platform figures from the shared tables, so every gateway replica reports the
 * same numbers. Document files are deleted with their task after the retention period, so their
 * counts are of the files kept now; text tasks are kept, so theirs only grow.
 */
import type { Db } from '@mtp/platform';

export type TaskOutcomeCount = { kind: 'text' | 'document'; status: string; count: number };

/** One round trip; `q` may be a pool or a client (the caller bounds it with a statement timeout). */
export async function countTaskOutcomes(q: Pick<Db, 'query'>): Promise<TaskOutcomeCount[]> {
  const { rows } = await q.query<{ kind: 'text' | 'document'; status: string; count: number }>(
    `SELECT 'text' AS kind, status, count(*)::int AS count FROM text_tasks GROUP BY status
     UNION ALL
     SELECT 'document' AS kind, status, count(*)::int AS count FROM doc_files GROUP BY status
     ORDER BY kind, status`,
  );
  return rows;
}
