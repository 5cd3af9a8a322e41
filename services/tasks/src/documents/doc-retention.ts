/**
 * Results are kept 24 hours (spec section 9), then the task's files and rows are deleted; users
 * may delete their own files sooner from My Documents. Deleting a file still being translated
 * interrupts it first, so its characters are refunded.
 */
import { docTaskPrefix } from './doc-keys';
import { finishFile, type FinishDeps } from './doc-state';

type RetentionDeps = FinishDeps;

/** Deletes expired tasks (files first, then rows); answers how many tasks went. */
export async function sweepExpiredDocuments(deps: RetentionDeps, now = new Date()): Promise<number> {
  const { rows } = await deps.db.query<{ task_id: string }>('SELECT task_id FROM doc_tasks WHERE expires_at <= $1 LIMIT 500', [now]);
  for (const { task_id } of rows) {
    const { rows: working } = await deps.db.query<{ project_id: string }>(
      `SELECT project_id FROM doc_files WHERE task_id = $1 AND status IN ('queued', 'translating')`,
      [task_id],
    );
    for (const file of working) await finishFile(deps, file.project_id, { status: 'interrupted' });
    await deps.storage.deletePrefix(docTaskPrefix(task_id));
    await deps.db.query('DELETE FROM doc_tasks WHERE task_id = $1', [task_id]);
  }
  return rows.length;
}

/** `DELETE request_translate/doc/my_files`: the caller's files among `projectIds`; answers how many. */
export async function deleteMyFiles(deps: RetentionDeps, userId: number, projectIds: string[]): Promise<{ deleted: number }> {
  const { rows } = await deps.db.query<{ project_id: string; task_id: string; source_key: string; result_key: string | null }>(
    `SELECT f.project_id, f.task_id, f.source_key, f.result_key FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE t.user_id = $1 AND f.project_id::text = ANY($2::text[])`,
    [userId, projectIds],
  );
  for (const file of rows) {
    await finishFile(deps, file.project_id, { status: 'interrupted' });
    await deps.storage.delete(file.source_key);
    if (file.result_key) await deps.storage.delete(file.result_key);
    await deps.db.query('DELETE FROM doc_files WHERE project_id = $1', [file.project_id]);
  }
  // A task without files is gone too.
  await deps.db.query(
    `DELETE FROM doc_tasks t WHERE t.user_id = $1 AND t.task_id = ANY($2::uuid[])
       AND NOT EXISTS (SELECT 1 FROM doc_files f WHERE f.task_id = t.task_id)`,
    [userId, [...new Set(rows.map((r) => r.task_id))]],
  );
  return { deleted: rows.length };
}
