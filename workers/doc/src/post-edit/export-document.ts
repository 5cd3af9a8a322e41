/**
 * `doc.pe.export`: writes a post-edited document in the format asked for (its original format,
 * TMX, XLIFF 1.2 or a bilingual DOCX) from the segments the tasks service stored, puts it at
 * `out_key` and answers on `doc.pe.results`. A file that cannot be read (or no longer reads as
 * the segments it was opened with, or is gone) is answered `pe.export_failed` with its code at once; anything
 * else is thrown, so the queue retries it. Writing is deterministic and `out_key` is the
 * export's own, so a redelivery writes the same bytes again.
 */
import { StorageNotFoundError, type ObjectStorage } from '@mtp/platform';
import type { PeExportJob, PeExportResult, PeExportSegment } from '@mtp/proto';
import { failureOf } from '../worker/doc-failure';
import { writeBilingualDocx } from './export-bilingual-docx';
import { exportOriginal } from './export-original';
import { writePeTmx } from './export-tmx';
import { writePeXliff } from './export-xliff';

async function segmentsOf(storage: ObjectStorage, job: PeExportJob): Promise<PeExportSegment[]> {
  const parsed: unknown = JSON.parse((await storage.getBuffer(job.segments_key)).toString('utf8'));
  if (!Array.isArray(parsed)) throw new Error(`the segments of export ${job.export_id} are not a list`);
  return parsed as PeExportSegment[];
}

async function write(storage: ObjectStorage, job: PeExportJob, segments: PeExportSegment[], progress: () => void): Promise<Buffer> {
  const pair = { srcLang: job.src_lang, tgtLang: job.tgt_lang };
  switch (job.format) {
    case 'original':
      return exportOriginal(job, segments, (key) => storage.getBuffer(key), progress);
    case 'tmx':
      return writePeTmx(segments, pair);
    case 'xliff':
      return writePeXliff(segments, { ...pair, fileName: job.file_name });
    case 'bilingual_docx':
      return writeBilingualDocx(segments, { ...pair, fileName: job.file_name });
    default:
      throw new Error(`unknown export format ${(job as { format: string }).format}`);
  }
}

export async function exportPostEdited(storage: ObjectStorage, job: PeExportJob, progress: () => void): Promise<PeExportResult> {
  let output: Buffer;
  try {
    output = await write(storage, job, await segmentsOf(storage, job), progress);
  } catch (err) {
    // A stored file gone (the task expired meanwhile) will not come back on a retry either.
    const failure = err instanceof StorageNotFoundError ? { code: 'FILE_PARSE_FAILED' as const, detail: err.message } : failureOf(err);
    if (!failure) throw err;
    return { kind: 'pe.export_failed', export_id: job.export_id, ...failure };
  }
  progress();
  await storage.put(job.out_key, output);
  return { kind: 'pe.exported', export_id: job.export_id, bytes: output.length };
}
