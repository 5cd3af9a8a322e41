/**
 * Async text tasks that never went out (their publish failed, or the process died between the
 * row and the publish) or that stalled (their job lost: the in-process bus of a process that
 * restarted keeps nothing) are published again from their rows. A republished job has a job id
 * of its own, so the bus does not drop it as a duplicate; results are idempotent per task.
 */
import { publishJobTo, queueOf } from '@mtp/platform';
import { BUS, segmentJobId } from '@mtp/proto';
import { textJobOf, type TextJobDeps } from '../text-jobs';
import { queueIdleness, type RecoveryRules } from './recovery-rules';

type QueuedText = {
  task_id: string;
  segments: string[];
  src_lang: string;
  tgt_lang: string;
  domain: string;
  pool: string;
  republished: number;
};

export async function recoverTextTasks(deps: Pick<TextJobDeps, 'db' | 'bus' | 'log'>, rules: RecoveryRules): Promise<number> {
  const { rows } = await deps.db.query<QueuedText & { unpublished: boolean }>(
    `SELECT task_id, segments, src_lang, tgt_lang, domain, pool, republished, published_at IS NULL AS unpublished
     FROM text_tasks
     WHERE status = 'queued' AND ($1 OR (published_at IS NULL AND created_at < now() - make_interval(secs => $2::double precision / 1000))
                                    OR published_at < now() - make_interval(secs => $3::double precision / 1000))
     ORDER BY created_at LIMIT 500`,
    [rules.resumeAll, rules.unpublishedAfterMs, rules.stalledAfterMs],
  );
  let published = 0;
  const queueIdle = queueIdleness(deps.bus);
  for (const task of rows) {
    // A stalled task on a queue that still holds jobs may just be behind them.
    if (!rules.resumeAll && !task.unpublished && !(await queueIdle(queueOf(BUS.translateSegments, task.pool)))) continue;
    const job = textJobOf(task);
    try {
      await publishJobTo(deps.bus, BUS.translateSegments, job, { pool: task.pool, jobId: `${segmentJobId(job)}:r${task.republished + 1}` });
    } catch (err) {
      deps.log(`recovery: republishing text task ${task.task_id} failed: ${(err as Error).message}`);
      continue;
    }
    await deps.db.query('UPDATE text_tasks SET published_at = now(), republished = republished + 1 WHERE task_id = $1', [task.task_id]);
    published += 1;
  }
  return published;
}
