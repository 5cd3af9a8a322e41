/**
 * A document file's end, once: `done` (settle its characters, less those of sentences that kept
 * their source because their translation came back empty, and the pictures its writer used),
 * `failed` or `interrupted` (refund everything). A change that finds the file already ended does
 * nothing, so redelivered results and racing consumers cannot charge twice. The ledger comes
 * after the state change; when it cannot be reached the file keeps `ledger_done = false` and the
 * sweeper finishes it (nothing is swallowed). A task whose every file was refused while being
 * prepared gives its free-plan trial back.
 */
import { BUS, CODES, type CodeName, type JobsWithdrawn } from '@mtp/proto';
import { publishEventTo, type Bus } from '@mtp/platform';
import { giveTrialBack } from '../trials';
import type { DocDeps } from './doc-deps';
import { docWorkPrefix } from './doc-keys';
import { endPictureCharges } from './picture-charges';

export type Finish =
  | {
      status: 'done';
      resultKey: string;
      resultName: string;
      pictureReservations?: readonly string[];
      /** Sentences that came back empty and kept their source: counted on the file, their characters not charged. */
      untranslated?: { segments: number; chars: number };
    }
  | { status: 'failed'; code: CodeName; message: string }
  | { status: 'interrupted' };

type LedgerDeps = Pick<DocDeps, 'db' | 'quota' | 'log'>;
export type FinishDeps = LedgerDeps & Pick<DocDeps, 'storage'>;

/**
 * Settles (done) or refunds (otherwise) an ended file's characters and pictures; true when all
 * went through. Idempotent (the ledger ends a reservation once), so the sweeper may run it again.
 */
export async function endFileLedger(deps: LedgerDeps, projectId: string, chars: number, status: Finish['status']): Promise<boolean> {
  try {
    // A file of pictures only, or one refused before it was reserved, reserved nothing.
    if (chars > 0) {
      if (status === 'done') await deps.quota.settle(projectId, chars);
      else await deps.quota.refund(projectId);
    }
    await endPictureCharges(deps, projectId);
    await deps.db.query('UPDATE doc_files SET ledger_done = true WHERE project_id = $1', [projectId]);
    return true;
  } catch (err) {
    deps.log(`documents: ${status === 'done' ? 'settling' : 'refunding'} ${projectId} failed (the sweeper retries): ${err}`);
    return false;
  }
}

/**
 * Refunds the reservation of a file that ended while it was being prepared (an interrupt raced
 * the preparation). When the ledger fails, the row records the characters and an open ledger, so
 * the sweeper refunds them.
 */
export async function refundFileChars(deps: LedgerDeps, projectId: string, chars: number): Promise<void> {
  try {
    await deps.quota.refund(projectId);
  } catch (err) {
    deps.log(`documents: refunding ${projectId} failed (the sweeper retries): ${err}`);
    await deps.db.query(
      `UPDATE doc_files SET chars = $2, ledger_done = false WHERE project_id = $1 AND status IN ('failed', 'interrupted')`,
      [projectId, chars],
    );
  }
}

export async function finishFile(deps: FinishDeps, projectId: string, finish: Finish): Promise<boolean> {
  const keep = finish.status === 'done' ? (finish.pictureReservations ?? []) : [];
  const untranslated = (finish.status === 'done' && finish.untranslated) || { segments: 0, chars: 0 };
  // The state change and the choice of the picture reservations to settle, in one statement:
  // only the call that ends the file marks the reservations of its writer.
  const { rows } = await deps.db.query<{ chars: number; task_id: string; stage: string }>(
    `WITH ended AS (
       UPDATE doc_files SET status = $2, result_key = $3, result_name = $4, code = $5, message = $6, finished_at = now(),
              segments_done = CASE WHEN $2 = 'done' THEN segments_total ELSE segments_done END,
              picture_chars = (SELECT coalesce(sum(chars), 0) FROM doc_picture_charges WHERE project_id = $1 AND reservation_id = ANY($7::text[])),
              -- What kept its source is not charged: the settled characters (RETURNING) leave it out.
              untranslated = $8, chars = greatest(0, chars - $9)
       WHERE project_id = $1 AND status IN ('queued', 'translating') RETURNING chars, task_id, stage
     ), kept AS (
       UPDATE doc_picture_charges SET keep = true
       WHERE project_id = $1 AND reservation_id = ANY($7::text[]) AND outcome IS NULL AND EXISTS (SELECT 1 FROM ended)
     )
     SELECT chars, task_id, stage FROM ended`,
    [
      projectId,
      finish.status,
      finish.status === 'done' ? finish.resultKey : null,
      finish.status === 'done' ? finish.resultName : null,
      finish.status === 'failed' ? CODES[finish.code].code : 0,
      finish.status === 'failed' ? finish.message : '',
      keep,
      untranslated.segments,
      untranslated.chars,
    ],
  );
  const file = rows[0];
  if (!file) {
    // Ended already. A repeated report may come because the process that ended the file died
    // right after the state change: what follows the end is idempotent and runs again, so its
    // work files and an unended task are not left behind (the ledger is the sweeper's).
    const { rows: ended } = await deps.db.query<{ task_id: string }>(
      `SELECT task_id FROM doc_files WHERE project_id = $1 AND status NOT IN ('queued', 'translating')`,
      [projectId],
    );
    if (ended[0]) await afterFileEnded(deps, projectId, ended[0].task_id);
    return false;
  }
  await endFileLedger(deps, projectId, file.chars, finish.status);
  await afterFileEnded(deps, projectId, file.task_id);
  return true;
}

async function afterFileEnded(deps: FinishDeps, projectId: string, taskId: string): Promise<void> {
  // What the workers and this service handed each other is not needed any more.
  await deps.storage
    .deletePrefix(docWorkPrefix(taskId, projectId))
    .catch((err) => deps.log(`documents: deleting the work files of ${projectId} failed: ${err}`));
  await endTaskIfDone(deps, taskId);
}

/** The task is done when none of its files is still working; a task refused whole gives its trial back. */
async function endTaskIfDone(deps: LedgerDeps, taskId: string): Promise<void> {
  const { rows } = await deps.db.query<{ user_id: number; trial_taken: boolean; all_refused: boolean }>(
    `UPDATE doc_tasks t SET status = 'done' WHERE t.task_id = $1 AND t.status = 'working'
       AND NOT EXISTS (SELECT 1 FROM doc_files WHERE task_id = $1 AND status IN ('queued', 'translating'))
     RETURNING t.user_id, t.trial_taken,
       NOT EXISTS (SELECT 1 FROM doc_files WHERE task_id = $1 AND NOT (status = 'failed' AND stage = 'prepare')) AS all_refused`,
    [taskId],
  );
  const task = rows[0];
  if (!task?.trial_taken || !task.all_refused) return;
  const { rowCount } = await deps.db.query('UPDATE doc_tasks SET trial_taken = false WHERE task_id = $1 AND trial_taken', [taskId]);
  if (rowCount === 1) await giveTrialBack(deps.db, task.user_id, 'document');
}

/** Fails a file whose chunk or job died for good (1203, refunded); answers whether it changed. */
export async function failDocFile(
  deps: FinishDeps,
  projectId: string,
  message: string,
  code: CodeName = 'FILE_TRANSLATION_FAILED',
): Promise<boolean> {
  return finishFile(deps, projectId, { status: 'failed', code, message });
}

/** Tells the workers to skip the still-queued chunks of these files (best effort, see JobsWithdrawn). */
export async function withdrawChunks(bus: Bus, projectIds: string[]): Promise<void> {
  if (projectIds.length === 0) return;
  const event: JobsWithdrawn = { task_ids: projectIds };
  await publishEventTo(bus, BUS.jobsWithdrawn, event).catch(() => {});
}
