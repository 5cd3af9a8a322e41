/**
 * The tasks service's side of `mt.results`: every result says what it belongs to (`kind`), so it
 * is stored where it belongs without probing tables: a text task's result once per task (the
 * ledger settled), a document chunk once per file and chunk (doc-chunks.ts).
 */
import { BUS, type SegmentResult } from '@mtp/proto';
import { consumeJobsOf, type JobConsumer } from '@mtp/platform';
import type { DocDeps } from './documents/doc-deps';
import { storeDocChunk } from './documents/doc-chunks';
import { endTextLedger, type TextJobDeps } from './text-jobs';

/** What storing results needs: the text side's deps and, for document chunks, the document side's. */
export type ResultDeps = Pick<TextJobDeps, 'db' | 'quota' | 'log' | 'bus'> & { docs: DocDeps | null };

async function storeTextResult(deps: ResultDeps, result: SegmentResult): Promise<void> {
  const { rows } = await deps.db.query<{ chars: number; status: string }>(
    `UPDATE text_tasks
       SET results_received = results_received + 1,
           translated = CASE WHEN status = 'queued' THEN $2 ELSE translated END,
           engine = CASE WHEN status = 'queued' THEN $3 ELSE engine END,
           finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END,
           status = CASE WHEN status = 'queued' THEN 'done' ELSE status END
     WHERE task_id::text = $1
     RETURNING chars, status`,
    [result.task_id, result.translations.join('\n'), result.engine],
  );
  // Done now or before (settling is idempotent, so a repeated result charges nothing more); a
  // task that failed meanwhile was refunded, and a late result changes nothing.
  if (rows[0]?.status === 'done') await endTextLedger(deps, result.task_id, 'done', rows[0].chars);
  // Under the request id the result came with: the submitting HTTP request's.
  deps.log(`text: result of task ${result.task_id} from ${result.device_id} stored (${rows[0]?.status ?? 'no such task'})`);
}

export async function storeSegmentResult(deps: ResultDeps, result: SegmentResult): Promise<void> {
  if (result.kind === 'text') return storeTextResult(deps, result);
  if (!deps.docs) throw new Error(`a document chunk arrived where documents are not served: ${result.task_id}`);
  await storeDocChunk(deps.docs, result);
}

export function consumeSegmentResults(deps: ResultDeps): Promise<JobConsumer> {
  return consumeJobsOf(deps.bus, BUS.segmentResults, (job) => storeSegmentResult(deps, job.payload), { concurrency: 4 });
}
