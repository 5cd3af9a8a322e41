/**
 * What the document workers report on `doc.results`, routed by its kind: a file prepared (its
 * characters are reserved and its chunks go out), a file written (it is done and settled), a
 * file refused or not writable (it fails with its own code and is refunded). Every handler is
 * idempotent: a repeated or late report finds the file already moved on and changes nothing,
 * except that a late writer's picture reservations are refunded and its result file deleted.
 */
import { consumeJobsOf, type JobConsumer } from '@mtp/platform';
import { BUS, type DocResult } from '@mtp/proto';
import type { DocDeps } from './doc-deps';
import { resultName } from './doc-keys';
import { onDocPrepared } from './doc-prepared';
import { finishFile } from './doc-state';
import { endPictureCharges } from './picture-charges';

type Assembled = Extract<DocResult, { kind: 'doc.assembled' }>;
type Failed = Extract<DocResult, { kind: 'doc.failed' }>;

async function onDocAssembled(deps: DocDeps, result: Assembled): Promise<void> {
  const { rows } = await deps.db.query<{ file_name: string; tgt_lang: string }>(
    'SELECT f.file_name, t.tgt_lang FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE f.project_id = $1',
    [result.project_id],
  );
  const file = rows[0];
  const done =
    !!file &&
    (await finishFile(deps, result.project_id, {
      status: 'done',
      resultKey: result.result_key,
      resultName: resultName(file.file_name, file.tgt_lang),
      pictureReservations: result.picture_reservations,
      untranslated: { segments: result.untranslated_segments ?? 0, chars: result.untranslated_chars ?? 0 },
    }));
  if (done) return;
  // The file ended before this writer finished (interrupted, failed, or written by another):
  // what it reserved goes back, and a result no row points at goes.
  if (file) await endPictureCharges(deps, result.project_id);
  const { rows: owner } = await deps.db.query('SELECT 1 FROM doc_files WHERE project_id = $1 AND result_key = $2', [
    result.project_id,
    result.result_key,
  ]);
  if (owner.length === 0) await deps.storage.delete(result.result_key);
}

async function onDocFailed(deps: DocDeps, result: Failed): Promise<void> {
  deps.log(`documents: ${result.project_id} failed while being ${result.stage === 'prepare' ? 'prepared' : 'written'}: ${result.detail}`);
  await finishFile(deps, result.project_id, { status: 'failed', code: result.code, message: result.detail });
}

export async function onDocResult(deps: DocDeps, result: DocResult): Promise<void> {
  switch (result.kind) {
    case 'doc.prepared':
      return onDocPrepared(deps, result);
    case 'doc.assembled':
      return onDocAssembled(deps, result);
    case 'doc.failed':
      return onDocFailed(deps, result);
    default:
      throw new Error(`unknown document result ${(result as { kind: string }).kind}`);
  }
}

export function consumeDocResults(deps: DocDeps): Promise<JobConsumer> {
  return consumeJobsOf(deps.bus, BUS.documentResults, (job) => onDocResult(deps, job.payload), { concurrency: 4 });
}
