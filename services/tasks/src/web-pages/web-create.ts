/**
 * `POST web/translate`: the URL is checked (http or https, a host; the worker checks the
 * address it resolves), a free user's trial is taken with the row (spec section 6: 3 web
 * translations), and one `web.translate` job goes to the document workers. The page's
 * characters are not known until the worker has fetched it: it asks for them (`web.charge`,
 * web-charges.ts) before any MT, so nothing is translated unpaid and nothing is charged for a
 * page that could not be fetched.
 */
import { inTransaction, publishJobTo } from '@mtp/platform';
import { AppError, BUS, WEB_PAGE_LIMITS, type LanguageCode, type WebTranslateBody, type WebTranslateJob } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import type { DocDeps } from '../documents/doc-deps';
import { routedFor } from '../pool-routing';
import { takeTrial } from '../trials';

export type WebDeps = Pick<DocDeps, 'db' | 'storage' | 'bus' | 'pool' | 'mt' | 'routeFor' | 'quota' | 'planOf' | 'log'>;
export type WebOwner = { userId: number; role: number; siteId: number | null; via?: 'api' | null };

export const webPagePrefix = (taskId: string) => `web/${taskId}/`;
export const webResultKey = (taskId: string) => `${webPagePrefix(taskId)}page.html`;
export const webOriginalKey = (taskId: string) => `${webPagePrefix(taskId)}original.html`;

/**
 * The URL as the worker will fetch it, or the refusal with its own code, before any task or
 * trial: too long (44116), not a URL at all (`not a url`, `http://`, a space in the host: 44115,
 * WHATWG parsing as browsers do), or not http/https (44091).
 */
export function checkWebUrl(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed) throw new AppError('INVALID_PARAMS', 'url');
  if (trimmed.length > WEB_PAGE_LIMITS.urlChars) throw new AppError('WEB_URL_TOO_LONG', `${trimmed.length} characters`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError('WEB_URL_INVALID');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('WEB_URL_SCHEME', url.protocol);
  if (!url.hostname) throw new AppError('WEB_URL_INVALID');
  return url.href;
}

/** `pool`: the row's (the owner's pool when the task was made); null for rows from before migration 015. */
export type WebJobRow = { task_id: string; url: string; src_lang: LanguageCode; tgt_lang: LanguageCode; pool: string | null };

/** Sends the job and marks when; `attempt` > 0 for a job sent again by the sweeper (a fresh job id). */
export async function publishWebTask(deps: Pick<WebDeps, 'db' | 'bus' | 'pool' | 'log'>, row: WebJobRow, attempt = 0): Promise<boolean> {
  const job: WebTranslateJob = {
    kind: 'web.translate',
    task_id: row.task_id,
    url: row.url,
    src_lang: row.src_lang,
    tgt_lang: row.tgt_lang,
    pool: row.pool ?? deps.pool,
    out_key: webResultKey(row.task_id),
    original_key: webOriginalKey(row.task_id),
  };
  try {
    await publishJobTo(deps.bus, BUS.webTranslations, job, {
      jobId: attempt === 0 ? `web:${row.task_id}` : `web:${row.task_id}:${attempt}`,
    });
  } catch (err) {
    deps.log(`web page ${row.task_id}: publishing failed: ${(err as Error).message}`);
    return false;
  }
  await deps.db.query('UPDATE web_tasks SET published_at = now() WHERE task_id::text = $1', [row.task_id]);
  return true;
}

/** Answers once the row is written; a publish that failed is sent again by the recovery sweep (web-recovery.ts). */
export async function createWebTask(deps: WebDeps, owner: WebOwner, body: WebTranslateBody): Promise<{ task_id: string }> {
  const url = checkWebUrl(body.url);
  if (body.src_lang === body.tgt_lang) throw new AppError('SAME_LANGUAGE');
  const taskId = randomUUID();
  // The owner's pool (their enterprise's dedicated devices where it has some), as documents do.
  const { pool } = await routedFor(deps, owner.userId);
  const plan = await deps.planOf(owner.userId);
  await inTransaction(deps.db, async (client) => {
    const trial = await takeTrial(client, { userId: owner.userId, role: owner.role, plan }, 'web');
    await client.query(
      `INSERT INTO web_tasks (task_id, user_id, site_id, via, url, src_lang, tgt_lang, result_key, status, trial, pool)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'working', $9, $10)`,
      [taskId, owner.userId, owner.siteId, owner.via ?? null, url, body.src_lang, body.tgt_lang, webResultKey(taskId), trial, pool],
    );
  });
  await publishWebTask(deps, { task_id: taskId, url, src_lang: body.src_lang, tgt_lang: body.tgt_lang, pool });
  return { task_id: taskId };
}
