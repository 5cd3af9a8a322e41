/**
 * Web pages are kept as long as documents (TIMINGS.docRetentionHours, 24 hours: spec section 9
 * says so for documents and leaves pages open; a translated page is a document the user made
 * from a URL, so it lives as long). Then the row and its files (`web/<task>/original.html`,
 * `page.html`) go, in the document runtime's retention sweep. A task still working by then is
 * ended as failed first, so its reservation is refunded before the row that links it goes.
 */
import { TIMINGS } from '@mtp/proto';
import { webPagePrefix, type WebDeps } from './web-create';
import { failWebTask } from './web-results';

/** Deletes web tasks created before `now` minus the retention (files first, then rows); answers how many went. */
export async function sweepExpiredWebPages(deps: WebDeps, now = new Date()): Promise<number> {
  const { rows } = await deps.db.query<{ task_id: string; status: string }>(
    `SELECT task_id::text, status FROM web_tasks WHERE created_at <= $1::timestamptz - make_interval(hours => $2) LIMIT 500`,
    [now, TIMINGS.docRetentionHours],
  );
  for (const { task_id, status } of rows) {
    if (status === 'working') await failWebTask(deps, task_id, 'FILE_TRANSLATION_FAILED', 'expired before it was done');
    await deps.storage.deletePrefix(webPagePrefix(task_id));
    await deps.db.query('DELETE FROM web_tasks WHERE task_id::text = $1', [task_id]);
  }
  return rows.length;
}
