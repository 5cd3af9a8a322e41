/**
 * Exports of a post-edited document (`post_edit/export`, `export_query`, `export_download`):
 * the segments as they are now go to storage as PeExportSegment[] JSON, a row `working` is
 * written and a document worker gets `doc.pe.export` (the gateway never writes documents);
 * `doc.pe.results` marks it done or failed (pe-export-results.ts). Everything lives under the
 * task's storage prefix, so the task's expiry takes its exports along; the row goes with the
 * project. Only the owner sees an export (44074 for anyone else: ids reveal nothing). A row
 * still `working` after EXPORT_STALE_MS (its job died, or no worker runs) reads as failed.
 */
import { publishJobTo, type Bus, type Db, type ObjectStorage } from '@mtp/platform';
import {
  AppError,
  BUS,
  CODES,
  messageOf,
  type PeExportBody,
  type PeExportFormat,
  type PeExportSegment,
  type PeExportState,
  type UiLang,
} from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { isUuid, resultName } from '../documents/doc-keys';
import { findProject } from './pe-rows';

export type PeExportDeps = { db: Db; storage: ObjectStorage; bus: Bus };

/** Why 10 minutes: the export job's ack wait is 2 minutes and it is delivered 3 times with backoff. */
export const EXPORT_STALE_MS = 10 * 60_000;

const exportPrefix = (taskId: string, projectId: string, exportId: string) => `docs/${taskId}/${projectId}/pe/exports/${exportId}/`;

/** The download's name: the document's with the target language, and the format's extension. */
export function exportName(fileName: string, tgtLang: string, format: PeExportFormat): string {
  if (format === 'original') return resultName(fileName, tgtLang);
  const dot = fileName.lastIndexOf('.');
  const base = `${dot > 0 ? fileName.slice(0, dot) : fileName}_${tgtLang}`;
  return format === 'tmx' ? `${base}.tmx` : format === 'xliff' ? `${base}.xlf` : `${base}_bilingual.docx`;
}

/** Content types the download is served with. */
export const EXPORT_CONTENT_TYPES: Record<PeExportFormat | 'default', string> = {
  original: 'application/octet-stream',
  tmx: 'application/x-tmx+xml; charset=utf-8',
  xliff: 'application/x-xliff+xml; charset=utf-8',
  bilingual_docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  default: 'application/octet-stream',
};

export async function createPeExport(deps: PeExportDeps, userId: number, body: PeExportBody): Promise<{ export_id: string }> {
  const project = await findProject(deps.db, userId, body.project_id);
  const { rows: files } = await deps.db.query<{ source_key: string; result_key: string | null; translate_pictures: boolean }>(
    `SELECT f.source_key, f.result_key, t.translate_pictures FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.project_id = $1`,
    [project.project_id],
  );
  const file = files[0]!;
  const { rows: segments } = await deps.db.query<PeExportSegment>(
    'SELECT source, target, status, paragraph FROM pe_segments WHERE project_id = $1 ORDER BY seg_index',
    [project.project_id],
  );
  const exportId = randomUUID();
  const prefix = exportPrefix(project.task_id, project.project_id, exportId);
  const outKey = `${prefix}export`;
  const fileName = exportName(project.file_name, project.tgt_lang, body.format);
  await deps.storage.put(`${prefix}segments.json`, Buffer.from(JSON.stringify(segments)));
  await deps.db.query(
    `INSERT INTO pe_exports (export_id, project_id, user_id, format, status, file_name, result_key) VALUES ($1, $2, $3, $4, 'working', $5, $6)`,
    [exportId, project.project_id, userId, body.format, fileName, outKey],
  );
  try {
    await publishJobTo(
      deps.bus,
      BUS.postEditExports,
      {
        kind: 'pe.export',
        export_id: exportId,
        project_id: project.project_id,
        format: body.format,
        file_name: project.file_name,
        ext: project.ext,
        source_key: file.source_key,
        // The translated file only where the task translated pictures: an original-format export keeps them.
        result_key: file.translate_pictures ? file.result_key : null,
        segments_key: `${prefix}segments.json`,
        out_key: outKey,
        src_lang: project.src_lang,
        tgt_lang: project.tgt_lang,
        mode: project.mode as 0 | 1 | 2,
      },
      { jobId: exportId },
    );
  } catch (err) {
    // Nothing half-made: no row says `working` for a job that was never sent.
    await deps.db.query('DELETE FROM pe_exports WHERE export_id = $1', [exportId]);
    await deps.storage.deletePrefix(prefix).catch(() => {});
    throw err;
  }
  return { export_id: exportId };
}

type ExportRow = {
  export_id: string;
  project_id: string;
  format: PeExportFormat;
  status: 'working' | 'done' | 'failed';
  code: number;
  file_name: string;
  result_key: string;
  stale: boolean;
};

const CODE_NAMES = new Map(Object.entries(CODES).map(([name, entry]) => [entry.code, name as keyof typeof CODES]));

/** The caller's export (44074 otherwise), a stale `working` one as failed. */
async function findExport(db: Db, userId: number, exportId: string): Promise<ExportRow> {
  if (!isUuid(exportId)) throw new AppError('PE_EXPORT_NOT_FOUND');
  const { rows } = await db.query<ExportRow>(
    `SELECT x.export_id, x.project_id, x.format, x.status, x.code, x.file_name, x.result_key,
            x.created_at < now() - make_interval(secs => $3::double precision / 1000) AS stale
     FROM pe_exports x JOIN doc_files f ON f.project_id = x.project_id JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE x.export_id = $1 AND x.user_id = $2 AND t.expires_at > now()`,
    [exportId, userId, EXPORT_STALE_MS],
  );
  const row = rows[0];
  if (!row) throw new AppError('PE_EXPORT_NOT_FOUND');
  return row.status === 'working' && row.stale ? { ...row, status: 'failed', code: CODES.FILE_CONVERT_FAILED.code } : row;
}

export async function queryPeExport(db: Db, userId: number, exportId: string, lang: UiLang): Promise<PeExportState> {
  const row = await findExport(db, userId, exportId);
  // The failure in the caller's language (the worker's detail stays in the row and the log).
  const message = row.status === 'failed' ? messageOf(CODE_NAMES.get(row.code) ?? 'FILE_CONVERT_FAILED', lang) : '';
  return {
    export_id: row.export_id,
    project_id: row.project_id,
    format: row.format,
    status: row.status,
    message,
    file_name: row.file_name,
  };
}

/** Where a finished export is and what it is called (44075 until it is done). */
export async function peExportDownload(
  db: Db,
  userId: number,
  exportId: string,
): Promise<{ key: string; name: string; contentType: string }> {
  const row = await findExport(db, userId, exportId);
  if (row.status !== 'done') throw new AppError('PE_EXPORT_NOT_READY');
  return { key: row.result_key, name: row.file_name, contentType: EXPORT_CONTENT_TYPES[row.format] };
}
