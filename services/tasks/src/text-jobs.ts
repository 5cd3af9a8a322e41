/**
 * Asynchronous text translation as a durable task (ARCHITECTURE "How a task flows"): reserve the
 * characters, write the task row, publish the segment job; the result consumer stores the result
 * once per task and settles the ledger; a job that dies refunds. The row is the truth.
 */
import { AppError, BUS, messageOf, segmentJobId, type SegmentJob, type TranslateBody, type UiLang } from '@mtp/proto';
import { publishJobTo, type Bus, type Db } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import type { Payer } from './ports';
import { prepareTranslation, type TextTranslationDeps } from './text-translation';
import { routedFor } from './pool-routing';

export type TextTaskStatus = 'queued' | 'done' | 'failed';

export type TextTask = {
  task_id: string;
  status: TextTaskStatus;
  translated: string | null;
  src_lang: string;
  tgt_lang: string;
  truncated: boolean;
  chars: number;
  engine: string | null;
  message: string | null;
  results_received: number;
};

export type TextJobDeps = TextTranslationDeps & { bus: Bus; pool: string; log: (line: string) => void };

/** The segment job of a text task (published at submit, and again by the sweeper when lost). */
export function textJobOf(task: { task_id: string; segments: string[]; src_lang: string; tgt_lang: string; domain: string }): SegmentJob {
  return {
    kind: 'text',
    task_id: task.task_id,
    chunk_index: 0,
    segments: task.segments,
    src_lang: task.src_lang as SegmentJob['src_lang'],
    tgt_lang: task.tgt_lang as SegmentJob['tgt_lang'],
    domain: task.domain as SegmentJob['domain'],
  };
}

/** Lines are the segments: the worker splits sentences itself, and lines keep the layout. */
export function segmentsOf(text: string): string[] {
  return text.split('\n');
}

export async function submitTextJob(shared: TextJobDeps, payer: { userId: number }, body: TranslateBody): Promise<{ task_id: string }> {
  // The user's pool: their enterprise's devices where it has some (the row keeps it for recovery).
  const deps = await routedFor(shared, payer.userId);
  const prepared = await prepareTranslation(deps, body);
  const taskId = randomUUID();
  await deps.quota.reserve(payer satisfies Payer, taskId, prepared.chars);
  const segments = segmentsOf(prepared.text);
  try {
    await deps.db.query(
      `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, pool)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', $9)`,
      [
        taskId,
        payer.userId,
        prepared.src,
        prepared.tgt,
        prepared.domain,
        JSON.stringify(segments),
        prepared.truncated,
        prepared.chars,
        deps.pool,
      ],
    );
  } catch (err) {
    await deps.quota.refund(taskId).catch((e) => deps.log(`text: refunding ${taskId} failed (the sweeper retries): ${e}`));
    throw new AppError('TRANSLATION_FAILED', undefined, { cause: err });
  }
  try {
    const job = textJobOf({ task_id: taskId, segments, src_lang: prepared.src, tgt_lang: prepared.tgt, domain: prepared.domain });
    await publishJobTo(deps.bus, BUS.translateSegments, job, { pool: deps.pool, jobId: segmentJobId(job) });
    await deps.db.query('UPDATE text_tasks SET published_at = now() WHERE task_id = $1', [taskId]);
  } catch (err) {
    // The row is the truth: the sweeper publishes the task that did not go out.
    deps.log(`text: publishing task ${taskId} failed (the sweeper retries): ${(err as Error).message}`);
  }
  return { task_id: taskId };
}

/** The caller's task; a failed one says so in the caller's language (why it failed stays in the log). */
export async function findTextTask(db: Db, taskId: string, userId: number, lang: UiLang = 'en_US'): Promise<TextTask> {
  const { rows } = await db.query<TextTask>(
    `SELECT task_id, status, translated, src_lang, tgt_lang, truncated, chars, engine, message, results_received
     FROM text_tasks WHERE task_id::text = $1 AND user_id = $2`,
    [taskId, userId],
  );
  // Someone else's task does not exist for this caller.
  if (!rows[0]) throw new AppError('API_TASK_ID_ERROR');
  return { ...rows[0], message: rows[0].status === 'failed' ? messageOf('TRANSLATION_FAILED', lang) : null };
}

export async function failTask(db: Db, taskId: string, message: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE text_tasks SET status = 'failed', message = $2, finished_at = now() WHERE task_id = $1 AND status = 'queued'`,
    [taskId, message],
  );
  return rowCount === 1;
}

/**
 * Settles (done) or refunds (failed) a text task's characters, then marks its ledger done; a
 * failure is logged and left to the sweeper. Idempotent: the ledger ends a reservation once.
 */
export async function endTextLedger(
  deps: Pick<TextJobDeps, 'db' | 'quota' | 'log'>,
  taskId: string,
  outcome: 'done' | 'failed',
  chars: number,
): Promise<void> {
  try {
    if (outcome === 'done') await deps.quota.settle(taskId, chars);
    else await deps.quota.refund(taskId);
    await deps.db.query('UPDATE text_tasks SET ledger_done = true WHERE task_id = $1', [taskId]);
  } catch (err) {
    deps.log(`text: ${outcome === 'done' ? 'settling' : 'refunding'} ${taskId} failed (the sweeper retries): ${err}`);
  }
}
