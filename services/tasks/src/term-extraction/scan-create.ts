/**
 * `POST saas/term_extraction_create` after the upload: the language pair is checked (the source
 * must be one the extractor can cut into words), the scan's row is written and one
 * `terms.extract` job goes to the document workers. A publish that fails leaves the row
 * unpublished: the recovery sweep sends it (scan-recovery.ts), so the call still succeeds.
 * Document scan translates nothing, so no characters are reserved or spent. A user keeps one
 * scan: the new one replaces the older ones (scan-retention.ts `deleteOlderScans`).
 */
import { publishJobTo } from '@mtp/platform';
import { AppError, BUS, LANGUAGES, TERM_SOURCE_LANGS, type LanguageCode, type TermExtractionJob } from '@mtp/proto';
import type { UploadedFile } from '../documents/doc-deps';
import { deleteOlderScans } from './scan-retention';
import { scanPrefix, scanTermsKey, TERM_SCAN_KEEP_DAYS, type ScanDeps } from './scan-deps';

export type ScanForm = { src_lang?: string | undefined; tgt_lang?: string | undefined };
export type ScanOwner = { userId: number; siteId: number | null };

const isLanguage = (code: string | undefined): code is LanguageCode => (LANGUAGES as readonly string[]).includes(code ?? '');

/** The pair of a scan, or the refusal: a source without a tokenizer is 44082. */
export function checkScanPair(form: ScanForm): { src: LanguageCode; tgt: LanguageCode } {
  const src = form.src_lang?.trim();
  const tgt = form.tgt_lang?.trim();
  if (!src) throw new AppError('INVALID_PARAMS', 'src_lang');
  if (!tgt) throw new AppError('INVALID_PARAMS', 'tgt_lang');
  if (!isLanguage(src) || !(TERM_SOURCE_LANGS as readonly string[]).includes(src)) throw new AppError('TERM_LANGUAGE_UNSUPPORTED', src);
  if (!isLanguage(tgt)) throw new AppError('INVALID_PARAMS', 'tgt_lang');
  if (src === tgt) throw new AppError('SAME_LANGUAGE');
  return { src, tgt };
}

export type ScanJobRow = { task_id: string; file_name: string; ext: string; source_key: string; src_lang: LanguageCode };

export function scanJobOf(row: ScanJobRow): TermExtractionJob {
  return {
    kind: 'terms.extract',
    task_id: row.task_id,
    file_name: row.file_name,
    ext: row.ext,
    source_key: row.source_key,
    src_lang: row.src_lang,
    out_key: scanTermsKey(row.task_id),
  };
}

/** Sends the job and marks the row published; `attempt` > 0 for a job sent again (a fresh job id). */
export async function publishScan(deps: Pick<ScanDeps, 'db' | 'bus' | 'log'>, row: ScanJobRow, attempt = 0): Promise<boolean> {
  try {
    const jobId = attempt === 0 ? `terms:${row.task_id}` : `terms:${row.task_id}:${attempt}`;
    await publishJobTo(deps.bus, BUS.termExtractions, scanJobOf(row), { jobId });
  } catch (err) {
    deps.log(`document scan: publishing ${row.task_id} failed: ${(err as Error).message}`);
    return false;
  }
  await deps.db.query('UPDATE term_extractions SET published_at = now() WHERE task_id = $1', [row.task_id]);
  return true;
}

/** Answers once the row is written; the upload is already in storage under the scan's prefix. */
export async function createScan(
  deps: ScanDeps,
  owner: ScanOwner,
  taskId: string,
  form: ScanForm,
  upload: UploadedFile | undefined,
): Promise<{ task_id: string }> {
  let row: ScanJobRow;
  try {
    if (!upload) throw new AppError('FILE_REQUIRED');
    const { src, tgt } = checkScanPair(form);
    row = { task_id: taskId, file_name: upload.fileName, ext: upload.ext, source_key: upload.key, src_lang: src };
    await deps.db.query(
      `INSERT INTO term_extractions (task_id, user_id, site_id, file_name, ext, src_lang, tgt_lang, source_key, status, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'working', now() + make_interval(days => $9))`,
      [taskId, owner.userId, owner.siteId, upload.fileName, upload.ext, src, tgt, upload.key, TERM_SCAN_KEEP_DAYS],
    );
  } catch (err) {
    // Refused before the row was written: the upload goes too.
    await deps.storage.deletePrefix(scanPrefix(taskId)).catch((e) => deps.log(`document scan: deleting refused upload ${taskId}: ${e}`));
    throw err;
  }
  await publishScan(deps, row);
  await deleteOlderScans(deps, owner.userId, taskId).catch((e) =>
    deps.log(`document scan: replacing older scans of ${owner.userId}: ${e}`),
  );
  return { task_id: taskId };
}
