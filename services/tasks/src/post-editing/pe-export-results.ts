/**
 * `doc.pe.results`: what the document workers say about exports. A written export is done, a
 * refused one failed with the worker's code (its detail logged and kept in the row, never shown).
 * Idempotent: only a `working` row moves (one that read as failed past EXPORT_STALE_MS still
 * becomes done when its file arrives late: the file is there). A file written after its task
 * was deleted lies under that task's `docs/<task>/` prefix with no row: the orphan sweeper
 * (recovery/orphan-uploads.ts) deletes it.
 */
import { consumeJobsOf, type Bus, type Db, type JobConsumer } from '@mtp/platform';
import { BUS, CODES, type PeExportResult } from '@mtp/proto';

export type PeExportResultDeps = { db: Db; bus: Bus; log: (line: string) => void };

export async function onPeExportResult(deps: PeExportResultDeps, result: PeExportResult): Promise<void> {
  if (result.kind === 'pe.exported') {
    await deps.db.query(`UPDATE pe_exports SET status = 'done', finished_at = now() WHERE export_id = $1 AND status = 'working'`, [
      result.export_id,
    ]);
    return;
  }
  deps.log(`post-editing: export ${result.export_id} failed: ${result.detail}`);
  await deps.db.query(
    `UPDATE pe_exports SET status = 'failed', code = $2, message = $3, finished_at = now() WHERE export_id = $1 AND status = 'working'`,
    [result.export_id, CODES[result.code].code, result.detail.slice(0, 1000)],
  );
}

export function consumePeExportResults(deps: PeExportResultDeps): Promise<JobConsumer> {
  return consumeJobsOf(deps.bus, BUS.postEditExportResults, (job) => onPeExportResult(deps, job.payload), { concurrency: 2 });
}
