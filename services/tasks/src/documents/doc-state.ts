/**
 * A document file's state changes, each once: `translating` -> `done` (settle its characters),
 * `failed` (refund), `interrupted` (refund). A change that finds the file already past
 * `translating` does nothing, so redelivered jobs and racing consumers cannot charge twice.
 * Chunks are stored once per (file, chunk); the one that completes a file queues its assembly.
 */
import { BUS, CODES, type CodeName, type JobsWithdrawn, type SegmentResult } from '@mtp/proto';
import type { Bus, Db } from '@mtp/platform';
import type { QuotaPort } from '../ports';
import { publishAssemble } from './doc-assemble';
import { dropOpened, layInChunk } from './opened-cache';

type Finish =
  | { status: 'done'; resultKey: string; resultName: string; pictureChars?: number }
  | { status: 'failed'; code: CodeName; message: string }
  | { status: 'interrupted' };

export async function finishFile(deps: { db: Db; quota: QuotaPort }, projectId: string, finish: Finish): Promise<boolean> {
  const { rows } = await deps.db.query<{ chars: number; task_id: string }>(
    `UPDATE doc_files SET status = $2, result_key = $3, result_name = $4, code = $5, message = $6, finished_at = now(),
            segments_done = CASE WHEN $2 = 'done' THEN segments_total ELSE segments_done END, picture_chars = $7
     WHERE project_id = $1 AND status IN ('queued', 'translating') RETURNING chars, task_id`,
    [
      projectId,
      finish.status,
      finish.status === 'done' ? finish.resultKey : null,
      finish.status === 'done' ? finish.resultName : null,
      finish.status === 'failed' ? CODES[finish.code].code : 0,
      finish.status === 'failed' ? finish.message : '',
      finish.status === 'done' ? (finish.pictureChars ?? 0) : 0,
    ],
  );
  if (!rows[0]) return false;
  // A failed or interrupted file is never assembled: its kept document goes now, not when evicted.
  if (finish.status !== 'done') dropOpened(projectId);
  // A file of pictures only reserved nothing.
  if (rows[0].chars > 0) {
    if (finish.status === 'done') await deps.quota.settle(projectId, rows[0].chars);
    else await deps.quota.refund(projectId);
  }
  // The task is done when none of its files is still working.
  await deps.db.query(
    `UPDATE doc_tasks SET status = 'done' WHERE task_id = $1 AND status = 'working'
       AND NOT EXISTS (SELECT 1 FROM doc_files WHERE task_id = $1 AND status IN ('queued', 'translating'))`,
    [rows[0].task_id],
  );
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stores a translated chunk of a document file; false when `result` is not a document's. A
 * repeated chunk is counted (`received`) but changes nothing else.
 */
export async function storeDocChunk(db: Db, bus: Bus, result: SegmentResult): Promise<boolean> {
  if (!UUID.test(result.task_id)) return false;
  // One statement (one round trip, atomic on its own): lock the file, store the chunk unless it
  // is already there, count it. Results arrive once per chunk of every document, so the four
  // statements of a transaction were a noticeable share of a document's time outside the engine.
  const { rows } = await db.query<{ chunks: number; chunks_done: number; status: string; fresh: boolean }>(
    `WITH file AS (
       SELECT project_id FROM doc_files WHERE project_id = $1 FOR UPDATE
     ), stored AS (
       INSERT INTO doc_chunks (project_id, chunk_index, translations, engine)
       SELECT project_id, $2, $3, $4 FROM file
       ON CONFLICT (project_id, chunk_index) DO UPDATE SET received = doc_chunks.received + 1
       RETURNING (xmax = 0) AS fresh
     )
     UPDATE doc_files f
        SET chunks_done = f.chunks_done + CASE WHEN s.fresh THEN 1 ELSE 0 END,
            segments_done = f.segments_done + CASE WHEN s.fresh AND f.status = 'translating' THEN $5::int ELSE 0 END
       FROM stored s
      WHERE f.project_id = $1
     RETURNING f.chunks, f.chunks_done, f.status, s.fresh`,
    [result.task_id, result.chunk_index, JSON.stringify(result.translations), result.engine, result.translations.length],
  );
  const file = rows[0];
  if (!file) return false;
  // Only the first copy of a chunk is what the file is written with (the stored one).
  if (file.fresh && file.status === 'translating') layInChunk(result.task_id, result.chunk_index, result.translations);
  // Also on a repeated chunk: the process that completed the file may have died before queuing
  // its assembly (the job id dedupes a second one).
  if (file.status === 'translating' && file.chunks_done >= file.chunks) await publishAssemble(bus, result.task_id);
  return true;
}

export async function failDocFile(deps: { db: Db; quota: QuotaPort }, projectId: string, message: string): Promise<boolean> {
  if (!UUID.test(projectId)) return false;
  return finishFile(deps, projectId, { status: 'failed', code: 'FILE_TRANSLATION_FAILED', message });
}

/** Tells the workers to skip the still-queued chunks of these files (best effort, see JobsWithdrawn). */
export async function withdrawChunks(bus: Bus, projectIds: string[]): Promise<void> {
  if (projectIds.length === 0) return;
  const event: JobsWithdrawn = { task_ids: projectIds };
  await bus.publish(BUS.jobsWithdrawn.subject, event).catch(() => {});
}
