/**
 * Uploads that no row points at: a create call whose process died while the files streamed in
 * (the rows are written after the upload), or a refusal whose clean-up failed. Every object
 * under `docs/<task>/` whose task has no row, and whose newest object is older than the given
 * age, goes, and so do the temporary files of puts cut off mid-way (local storage). At the start
 * of a single-machine process the age is zero (no upload can be under way yet); otherwise it is
 * long enough for the slowest upload (ORPHAN_UPLOAD_AGE_S).
 */
import type { ObjectStorage, Db } from '@mtp/platform';
import { docEstimatePrefix, docTaskPrefix, isUuid } from '../documents/doc-keys';

/** Why 6 hours: a 200 MB upload over a slow link takes well under that. */
export const ORPHAN_UPLOAD_AGE_MS = 6 * 3_600_000;

export async function deleteOrphanUploads(deps: { db: Db; storage: ObjectStorage }, olderThanMs: number): Promise<number> {
  const newest = new Map<string, number>();
  for await (const entry of deps.storage.list('docs/')) {
    const taskId = entry.key.split('/')[1] ?? '';
    newest.set(taskId, Math.max(newest.get(taskId) ?? 0, entry.modified.getTime()));
  }
  // A put cut off by the kill: its half-written temporary file, which no listing shows.
  let deleted = (await deps.storage.deleteStaleTemporaries?.(olderThanMs)) ?? 0;
  deleted += await deleteOldEstimates(deps.storage, olderThanMs);
  const old = [...newest].filter(([, at]) => Date.now() - at >= olderThanMs).map(([taskId]) => taskId);
  if (old.length === 0) return deleted;
  const { rows } = await deps.db.query<{ task_id: string }>('SELECT task_id::text FROM doc_tasks WHERE task_id::text = ANY($1::text[])', [
    old,
  ]);
  const owned = new Set(rows.map((r) => r.task_id));
  for (const taskId of old) {
    if (owned.has(taskId)) continue;
    // Only folders shaped like ours: a task id that is not a UUID was not made by this service.
    if (!isUuid(taskId)) continue;
    deleted += await deps.storage.deletePrefix(docTaskPrefix(taskId));
  }
  return deleted;
}

/** A cost estimate's uploads live seconds (deleted with the answer); any left, a process died meanwhile. */
async function deleteOldEstimates(storage: ObjectStorage, olderThanMs: number): Promise<number> {
  const newest = new Map<string, number>();
  for await (const entry of storage.list('estimates/docs/')) {
    const id = entry.key.split('/')[2] ?? '';
    newest.set(id, Math.max(newest.get(id) ?? 0, entry.modified.getTime()));
  }
  let deleted = 0;
  for (const [id, at] of newest) {
    if (isUuid(id) && Date.now() - at >= olderThanMs) deleted += await storage.deletePrefix(docEstimatePrefix(id));
  }
  return deleted;
}
