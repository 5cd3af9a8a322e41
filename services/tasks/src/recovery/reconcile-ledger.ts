/**
 * The ledger of everything that ended but whose settle or refund did not go through (the
 * database or ledger failed right then; the failure was logged): ended text tasks and document
 * files still marked `ledger_done = false`, picture reservations a late writer made for a file
 * that had already ended, and interactive translations (`sync:`) whose refund failed. Each is
 * ended again; the ledger ends a reservation once, so running this twice charges nothing twice.
 */
import type { DocDeps } from '../documents/doc-deps';
import { endFileLedger } from '../documents/doc-state';
import { endPictureCharges } from '../documents/picture-charges';
import { SYNC_RESERVATION_PREFIX } from '../text-translation';
import { endTextLedger, type TextJobDeps } from '../text-jobs';

/**
 * Why 10 minutes: an interactive translation waits at most 30 s for the engine; a reservation
 * of one still open after this was left by a refund that failed.
 */
export const SYNC_ABANDONED_AFTER_MS = 10 * 60_000;
/** Why 1 minute: a writer's picture reservation is ended with its file within seconds of its report. */
const LATE_PICTURE_AFTER_MS = 60_000;

export async function reconcileLedger(deps: Pick<TextJobDeps, 'db' | 'quota' | 'log'> & { docs: DocDeps | null }): Promise<number> {
  let ended = 0;
  const { rows: texts } = await deps.db.query<{ task_id: string; status: 'done' | 'failed'; chars: number }>(
    `SELECT task_id, status, chars FROM text_tasks WHERE status <> 'queued' AND NOT ledger_done ORDER BY finished_at LIMIT 500`,
  );
  for (const task of texts) {
    await endTextLedger(deps, task.task_id, task.status, task.chars);
    ended += 1;
  }
  if (deps.docs) {
    const docs = deps.docs;
    const { rows: files } = await deps.db.query<{ project_id: string; status: 'done' | 'failed' | 'interrupted'; chars: number }>(
      `SELECT project_id, status, chars FROM doc_files WHERE status IN ('done', 'failed', 'interrupted') AND NOT ledger_done
       ORDER BY finished_at LIMIT 500`,
    );
    for (const file of files) if (await endFileLedger(docs, file.project_id, file.chars, file.status)) ended += 1;
    const { rows: late } = await deps.db.query<{ project_id: string }>(
      `SELECT DISTINCT c.project_id FROM doc_picture_charges c JOIN doc_files f ON f.project_id = c.project_id
       WHERE c.outcome IS NULL AND f.status IN ('done', 'failed', 'interrupted') AND f.ledger_done
         AND c.created_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [LATE_PICTURE_AFTER_MS],
    );
    for (const { project_id } of late) {
      await endPictureCharges(docs, project_id).catch((err) => deps.log(`recovery: picture charges of ${project_id}: ${err}`));
      ended += 1;
    }
  }
  for (const taskId of await deps.quota.openReservations(SYNC_RESERVATION_PREFIX, SYNC_ABANDONED_AFTER_MS)) {
    try {
      await deps.quota.refund(taskId);
      ended += 1;
    } catch (err) {
      deps.log(`recovery: refunding ${taskId} failed again: ${err}`);
    }
  }
  return ended;
}
