/**
 * `GET web/query` and the translated page: the owner's task only (another user's is "not found").
 * While working, a task whose first screen is translated (`partial`) serves that page already.
 */
import { AppError, CODES, type UiLang, type WebTaskStatus } from '@mtp/proto';
import { webOriginalKey, type WebDeps } from './web-create';

type Row = {
  task_id: string;
  url: string;
  src_lang: WebTaskStatus['src_lang'];
  tgt_lang: WebTaskStatus['tgt_lang'];
  status: WebTaskStatus['status'];
  code: number;
  chars: number;
  result_key: string;
  units_done: number;
  units_total: number;
  partial_at: Date | null;
};

async function ownTask(deps: Pick<WebDeps, 'db'>, userId: number, taskId: string): Promise<Row> {
  const { rows } = await deps.db.query<Row>(
    `SELECT task_id::text, url, src_lang, tgt_lang, status, code, chars, result_key, units_done, units_total, partial_at FROM web_tasks
     WHERE task_id::text = $1 AND user_id = $2`,
    [taskId, userId],
  );
  if (!rows[0]) throw new AppError('WEB_TASK_NOT_FOUND');
  return rows[0];
}

const messageOf = (code: number, lang: UiLang) => {
  const entry = Object.values(CODES).find((e) => e.code === code);
  return entry ? entry[lang] : '';
};

const partial = (row: Row) => row.status === 'working' && row.partial_at !== null;
const servable = (row: Row) => row.status === 'done' || partial(row);

function progressOf(row: Row): number {
  if (row.status === 'done') return 100;
  // Never 100 while working: the last chunk's answer is not the page written and settled.
  return row.units_total > 0 ? Math.min(99, Math.floor((100 * row.units_done) / row.units_total)) : 0;
}

export async function queryWebTask(deps: Pick<WebDeps, 'db'>, userId: number, taskId: string, lang: UiLang): Promise<WebTaskStatus> {
  const row = await ownTask(deps, userId, taskId);
  return {
    task_id: row.task_id,
    url: row.url,
    src_lang: row.src_lang,
    tgt_lang: row.tgt_lang,
    status: row.status,
    code: row.code,
    message: row.status === 'failed' ? messageOf(row.code, lang) : '',
    chars: row.chars,
    progress: progressOf(row),
    partial: partial(row),
    page_url: servable(row) ? `/api/v1.0/web/page/${row.task_id}` : null,
  };
}

/** The translated HTML of a done task (or the partial one of a working task), or the original it was made from. */
export async function webPageOf(
  deps: Pick<WebDeps, 'db' | 'storage'>,
  userId: number,
  taskId: string,
  version: 'translated' | 'original' = 'translated',
): Promise<Buffer> {
  const row = await ownTask(deps, userId, taskId);
  if (!servable(row)) throw new AppError('WEB_TASK_NOT_FOUND');
  return deps.storage.getBuffer(version === 'original' ? webOriginalKey(row.task_id) : row.result_key);
}
