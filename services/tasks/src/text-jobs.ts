/**
 * Asynchronous text translation as a durable task (ARCHITECTURE "How a task flows"): reserve the
 * characters, write the task row, publish the segment job; the result consumer stores the result
 * once per task and settles the ledger; a job that dies refunds. The row is the truth.
 */
import { AppError, BUS, poolSubject, segmentJobId, type SegmentJob, type TranslateBody } from '@mtp/proto';
import type { Bus, Db } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import type { Payer } from './ports';
import { prepareTranslation, type TextTranslationDeps } from './text-translation';

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

export type TextJobDeps = TextTranslationDeps & { bus: Bus; pool: string };

/** Lines are the segments: the worker splits sentences itself, and lines keep the layout. */
export function segmentsOf(text: string): string[] {
  return text.split('\n');
}

export async function submitTextJob(deps: TextJobDeps, payer: { userId: number }, body: TranslateBody): Promise<{ task_id: string }> {
  const prepared = await prepareTranslation(deps, body);
  const taskId = randomUUID();
  await deps.quota.reserve(payer satisfies Payer, taskId, prepared.chars);
  const segments = segmentsOf(prepared.text);
  try {
    await deps.db.query(
      `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued')`,
      [taskId, payer.userId, prepared.src, prepared.tgt, prepared.domain, JSON.stringify(segments), prepared.truncated, prepared.chars],
    );
    const job: SegmentJob = {
      task_id: taskId,
      chunk_index: 0,
      segments,
      src_lang: prepared.src,
      tgt_lang: prepared.tgt,
      domain: prepared.domain,
    };
    await deps.bus.publishJob(poolSubject(BUS.translateSegments.queue, deps.pool), job, { jobId: segmentJobId(job) });
  } catch (err) {
    await failTask(deps.db, taskId, (err as Error).message);
    await deps.quota.refund(taskId);
    throw new AppError('TRANSLATION_FAILED', (err as Error).message);
  }
  return { task_id: taskId };
}

export async function findTextTask(db: Db, taskId: string, userId: number): Promise<TextTask> {
  const { rows } = await db.query<TextTask>(
    `SELECT task_id, status, translated, src_lang, tgt_lang, truncated, chars, engine, message, results_received
     FROM text_tasks WHERE task_id = $1 AND user_id = $2`,
    [taskId, userId],
  );
  // Someone else's task does not exist for this caller.
  if (!rows[0]) throw new AppError('API_TASK_ID_ERROR');
  return rows[0];
}

export async function failTask(db: Db, taskId: string, message: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE text_tasks SET status = 'failed', message = $2, finished_at = now() WHERE task_id = $1 AND status = 'queued'`,
    [taskId, message],
  );
  return rowCount === 1;
}
