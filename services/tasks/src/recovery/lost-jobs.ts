/**
 * The rows of one kind of single-job task (a document scan, a web page) whose job went missing,
 * sent again by the recovery sweeper under the rules of documents (recovery-rules.ts): a publish
 * that failed, an in-process bus that restarted empty (`resumeAll`: everything working goes out
 * again), or no result long after the job went out while its queue holds nothing. Each kind says
 * which table and columns its job is made from, its queue, and how it publishes a row.
 */
import { queueOf, type Bus, type Db, type QueueEntry } from '@mtp/platform';
import { queueIdleness, type RecoveryRules } from './recovery-rules';

export type LostJobRow = { unpublished: boolean; stalled: boolean };

export type LostJobKind<R> = {
  /** A table with `task_id`, `status`, `published_at` and `created_at` (a constant, never input). */
  table: 'term_extractions' | 'web_tasks';
  /** The columns the job is made from. */
  columns: string;
  queue: QueueEntry;
  /** Publishes one row's job; false when it could not (left for the next pass). */
  publish(row: R & LostJobRow): Promise<boolean>;
};

export async function republishLostJobs<R>(deps: { db: Db; bus: Bus }, rules: RecoveryRules, kind: LostJobKind<R>): Promise<number> {
  const { rows } = await deps.db.query<R & LostJobRow>(
    `SELECT ${kind.columns},
            published_at IS NULL AND created_at < now() - make_interval(secs => $2::double precision / 1000) AS unpublished,
            published_at < now() - make_interval(secs => $3::double precision / 1000) AS stalled
     FROM ${kind.table}
     WHERE status = 'working'
       AND ($1 OR coalesce(published_at, created_at) < now() - make_interval(secs => least($2, $3)::double precision / 1000))
     ORDER BY created_at LIMIT 100`,
    [rules.resumeAll, rules.unpublishedAfterMs, rules.stalledAfterMs],
  );
  const queueIdle = queueIdleness(deps.bus);
  let sent = 0;
  for (const row of rows) {
    const lost = rules.resumeAll || row.unpublished || (row.stalled && (await queueIdle(queueOf(kind.queue))));
    if (lost && (await kind.publish(row))) sent += 1;
  }
  return sent;
}
