/**
 * Reading and controlling document tasks for their owner: the progress query (`score` is real
 * progress: translated sentences, with the writing step as the last 5% of each file), the
 * download lookup, interrupting (unfinished files stop and are refunded), My Documents.
 */
import { AppError, CODES, DOC_STEPS, messageOf, type DocFileItem, type DocQueryData, type MyFilesData, type UiLang } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import type { DocDeps } from './doc-deps';
import { isRetryable } from './doc-retry';
import { finishFile, withdrawChunks } from './doc-state';

type FileRow = {
  project_id: string;
  task_id: string;
  file_name: string;
  status: DocFileItem['status'];
  code: number;
  chars: number;
  segments_total: number;
  segments_done: number;
  result_name: string | null;
  untranslated: number;
};

const ENDED = new Set(['done', 'failed', 'interrupted']);
const CODE_NAMES = new Map(Object.entries(CODES).map(([name, entry]) => [entry.code, name as keyof typeof CODES]));

function fileScore(f: FileRow): number {
  if (ENDED.has(f.status)) return 100;
  return Math.min(95, Math.floor((95 * f.segments_done) / Math.max(1, f.segments_total)));
}

/**
 * The failure in the caller's language: the code's own message. The detail the worker or the
 * service recorded (English, naming internals) stays in the row and the log, never shown.
 */
function messageFor(f: FileRow, lang: UiLang): string {
  // A done file whose some sentences came back empty says so (they keep their source text).
  if (f.status === 'done')
    return f.untranslated > 0 ? messageOf('DOC_SEGMENTS_UNTRANSLATED', lang).replace('{n}', String(f.untranslated)) : '';
  if (f.status !== 'failed') return f.status === 'interrupted' ? messageOf('DOC_INTERRUPTED', lang) : '';
  const name = CODE_NAMES.get(f.code);
  return name ? messageOf(name, lang) : messageOf('FILE_TRANSLATION_FAILED', lang);
}

export function toFileItem(f: FileRow, lang: UiLang): DocFileItem {
  return {
    projectId: f.project_id,
    file_name: f.file_name,
    status: f.status,
    message: messageFor(f, lang),
    code: f.code,
    score: fileScore(f),
    chars: f.status === 'done' || !ENDED.has(f.status) ? f.chars : 0,
    result_name: f.result_name,
    retryable: isRetryable(f),
  };
}

const FILE_COLUMNS =
  'f.project_id, f.task_id, f.file_name, f.status, f.code, f.chars + f.picture_chars AS chars, f.segments_total, f.segments_done, f.result_name, f.untranslated';

export async function queryDocTask(db: Db, userId: number, taskId: string, lang: UiLang): Promise<DocQueryData> {
  const { rows: tasks } = await db.query<{
    task_id: string;
    src_lang: string;
    tgt_lang: string;
    mode: number;
    created_at: Date;
    expires_at: Date;
  }>(
    `SELECT task_id, src_lang, tgt_lang, mode, created_at, expires_at FROM doc_tasks
     WHERE task_id::text = $1 AND user_id = $2 AND expires_at > now()`,
    [taskId, userId],
  );
  const task = tasks[0];
  if (!task) throw new AppError('API_TASK_ID_ERROR');
  const { rows } = await db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM doc_files f WHERE f.task_id = $1 ORDER BY f.position`, [
    task.task_id,
  ]);
  const files = rows.map((f) => toFileItem(f, lang));
  const allEnded = rows.every((f) => ENDED.has(f.status));
  const score = allEnded ? 100 : Math.min(99, Math.floor(files.reduce((n, f) => n + f.score, 0) / Math.max(1, files.length)));
  return {
    task_id: task.task_id,
    score,
    step: !allEnded ? DOC_STEPS.upload : rows.some((f) => f.status === 'done') ? DOC_STEPS.done : DOC_STEPS.error,
    doc_num: files.length,
    price: files.reduce((n, f) => n + f.chars, 0),
    src_lang: task.src_lang,
    tgt_lang: task.tgt_lang,
    mode: task.mode,
    translate_list: files,
    created_at: task.created_at.toISOString(),
    expires_at: task.expires_at.toISOString(),
  };
}

/** `POST request_translate/doc/interrupt`: stops the unfinished files and refunds them. */
export async function interruptDocTask(
  deps: Pick<DocDeps, 'db' | 'quota' | 'bus' | 'storage' | 'log'>,
  userId: number,
  taskId: string,
): Promise<{ interrupted: number }> {
  const owned = await deps.db.query('SELECT 1 FROM doc_tasks WHERE task_id::text = $1 AND user_id = $2', [taskId, userId]);
  if (owned.rowCount === 0) throw new AppError('API_TASK_ID_ERROR');
  const { rows } = await deps.db.query<{ project_id: string }>(
    `SELECT project_id FROM doc_files WHERE task_id::text = $1 AND status IN ('queued', 'translating')`,
    [taskId],
  );
  const stopped: string[] = [];
  for (const row of rows) if (await finishFile(deps, row.project_id, { status: 'interrupted' })) stopped.push(row.project_id);
  await deps.db.query(`UPDATE doc_tasks SET status = 'interrupted' WHERE task_id::text = $1 AND status = 'working'`, [taskId]);
  // Their queued chunks would still take the pool's time: the workers skip them.
  await withdrawChunks(deps.bus, stopped);
  return { interrupted: stopped.length };
}

/** Where a finished file's result is; FILE_EXPIRED once the task has expired or the file has no result. */
export async function docDownload(db: Db, userId: number, projectId: string): Promise<{ key: string; name: string }> {
  const { rows } = await db.query<{ result_key: string | null; result_name: string | null; expired: boolean }>(
    `SELECT f.result_key, f.result_name, t.expires_at <= now() AS expired FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.project_id::text = $1 AND t.user_id = $2`,
    [projectId, userId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', `document ${projectId}`);
  if (row.expired) throw new AppError('FILE_EXPIRED');
  if (!row.result_key || !row.result_name) throw new AppError('NOT_FOUND', 'the translation is not ready');
  return { key: row.result_key, name: row.result_name };
}

export async function listMyFiles(
  db: Db,
  userId: number,
  query: { page?: number | undefined; page_size?: number | undefined; keyword?: string | undefined },
  lang: UiLang,
): Promise<MyFilesData> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 10;
  const keyword = query.keyword?.trim() ?? '';
  const where = `t.user_id = $1 AND t.expires_at > now() AND ($2 = '' OR f.file_name ILIKE '%' || replace(replace(replace($2, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
  const from = `FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE ${where}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [userId, keyword])).rows[0]!.n;
  const { rows } = await db.query<FileRow & { src_lang: string; tgt_lang: string; mode: number; created_at: Date; expires_at: Date }>(
    `SELECT ${FILE_COLUMNS}, t.src_lang, t.tgt_lang, t.mode, f.created_at, t.expires_at ${from}
     ORDER BY f.created_at DESC, f.position LIMIT $3 OFFSET $4`,
    [userId, keyword, pageSize, (page - 1) * pageSize],
  );
  return {
    list: rows.map((f) => {
      const item = toFileItem(f, lang);
      return {
        projectId: item.projectId,
        task_id: f.task_id,
        file_name: f.file_name,
        src_lang: f.src_lang,
        tgt_lang: f.tgt_lang,
        mode: f.mode,
        status: item.status,
        message: item.message,
        chars: item.chars,
        retryable: item.retryable ?? false,
        created_at: f.created_at.toISOString(),
        expires_at: f.expires_at.toISOString(),
      };
    }),
    total,
    page,
    page_size: pageSize,
  };
}
