/**
 * Scans are kept TERM_SCAN_KEEP_DAYS (7 days; services/tasks README), then their rows and files
 * go with the document retention sweep; `term_extraction_deleteall` deletes one sooner. Files
 * first, then the row (its candidates go with it): a failure in between leaves a row whose files
 * are gone, which the next sweep or call deletes, never files no row points at. Uploads whose
 * create call died before the row was written are deleted after ORPHAN_UPLOAD_AGE_MS.
 */
import type { Db, ObjectStorage } from '@mtp/platform';
import { isUuid } from '../documents/doc-keys';
import { ORPHAN_UPLOAD_AGE_MS } from '../recovery/orphan-uploads';
import { scanPrefix } from './scan-deps';
import { ownScan } from './scan-queries';

type RetentionDeps = { db: Db; storage: ObjectStorage };

async function deleteScan(deps: RetentionDeps, taskId: string): Promise<void> {
  await deps.storage.deletePrefix(scanPrefix(taskId));
  await deps.db.query('DELETE FROM term_extractions WHERE task_id = $1', [taskId]);
}

/** `GET saas/term_extraction_deleteall`: the caller's scan, its candidates and its files. */
export async function deleteScanOf(deps: RetentionDeps, userId: number, taskId: string): Promise<{ deleted: number }> {
  const scan = await ownScan(deps.db, userId, taskId);
  await deleteScan(deps, scan.task_id);
  return { deleted: 1 };
}

/** Deletes expired scans and orphaned scan uploads; answers how many scans went. */
export async function sweepExpiredScans(deps: RetentionDeps, now = new Date(), orphanAgeMs = ORPHAN_UPLOAD_AGE_MS): Promise<number> {
  const { rows } = await deps.db.query<{ task_id: string }>('SELECT task_id FROM term_extractions WHERE expires_at <= $1 LIMIT 500', [now]);
  for (const { task_id } of rows) await deleteScan(deps, task_id);
  return rows.length + (await deleteOrphanScanUploads(deps, orphanAgeMs));
}

async function deleteOrphanScanUploads(deps: RetentionDeps, olderThanMs: number): Promise<number> {
  const newest = new Map<string, number>();
  for await (const entry of deps.storage.list('scans/')) {
    const taskId = entry.key.split('/')[1] ?? '';
    newest.set(taskId, Math.max(newest.get(taskId) ?? 0, entry.modified.getTime()));
  }
  const old = [...newest].filter(([taskId, at]) => isUuid(taskId) && Date.now() - at >= olderThanMs).map(([taskId]) => taskId);
  if (old.length === 0) return 0;
  const { rows } = await deps.db.query<{ task_id: string }>('SELECT task_id::text FROM term_extractions WHERE task_id = ANY($1::uuid[])', [
    old,
  ]);
  const owned = new Set(rows.map((r) => r.task_id));
  let deleted = 0;
  for (const taskId of old.filter((id) => !owned.has(id))) {
    await deps.storage.deletePrefix(scanPrefix(taskId));
    deleted += 1;
  }
  return deleted;
}

/**
 * A user has one scan at a time (the page shows one, and comes back to it): a new scan replaces
 * the older ones, so deleting it never brings back a scan the user had left behind. A result that
 * arrives later for a replaced scan finds no row and is dropped; its file goes with the orphans.
 */
export async function deleteOlderScans(deps: RetentionDeps, userId: number, keepTaskId: string): Promise<number> {
  const { rows } = await deps.db.query<{ task_id: string }>('SELECT task_id FROM term_extractions WHERE user_id = $1 AND task_id <> $2', [
    userId,
    keepTaskId,
  ]);
  for (const { task_id } of rows) await deleteScan(deps, task_id);
  return rows.length;
}
