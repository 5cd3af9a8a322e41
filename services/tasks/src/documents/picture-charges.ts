/**
 * Charging the text found in a document's pictures. It is not known until a worker reads the
 * pictures while writing the file, so the worker asks for each picture (`doc.charge`): its lines
 * are reserved on the ledger under an id of their own (`<project>:pic:<attempt>:<n>`) and
 * recorded here; a picture the user's characters do not cover is refused (it stays as it was).
 * When the file ends, the reservations of the attempt that wrote it (as that worker reported)
 * are settled and every other one is refunded: a writer that died, a picture that was charged but
 * could not be translated, a file that failed or was interrupted.
 */
import { serveRequestsOf, type BusSubscription } from '@mtp/platform';
import { AppError, BUS, type PictureChargeReply, type PictureChargeRequest } from '@mtp/proto';
import { payerOf, type DocDeps } from './doc-deps';

export function pictureReservationId(req: Pick<PictureChargeRequest, 'project_id' | 'attempt' | 'picture'>): string {
  return `${req.project_id}:pic:${req.attempt}:${req.picture}`;
}

async function charge(deps: Pick<DocDeps, 'db' | 'quota'>, req: PictureChargeRequest): Promise<PictureChargeReply> {
  const reservationId = pictureReservationId(req);
  const { rows } = await deps.db.query<{ user_id: number; via: 'api' | null }>(
    `SELECT t.user_id, t.via FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.project_id::text = $1 AND f.status = 'translating' AND f.stage = 'assemble'`,
    [req.project_id],
  );
  // A file no longer being written (interrupted meanwhile) takes no more characters.
  if (!rows[0]) return { granted: false, reservation_id: reservationId };
  // Recorded before it is reserved, so no reservation exists that the file's end would not find.
  await deps.db.query(
    `INSERT INTO doc_picture_charges (reservation_id, project_id, attempt, chars) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [reservationId, req.project_id, req.attempt, req.chars],
  );
  try {
    await deps.quota.reserve(payerOf(rows[0]), reservationId, req.chars);
  } catch (err) {
    if (!(err instanceof AppError && err.codeName === 'CHARS_NOT_ENOUGH')) throw err;
    await deps.db.query('DELETE FROM doc_picture_charges WHERE reservation_id = $1 AND outcome IS NULL', [reservationId]);
    return { granted: false, reservation_id: reservationId };
  }
  // The file may have ended while this was reserved (a worker that gave up waiting, a slow
  // ledger): its end may already have passed this reservation by, so it is given back here.
  if (await fileEnded(deps, req.project_id)) {
    await deps.quota.refund(reservationId);
    await deps.db.query(`UPDATE doc_picture_charges SET outcome = 'refunded' WHERE reservation_id = $1`, [reservationId]);
    return { granted: false, reservation_id: reservationId };
  }
  return { granted: true, reservation_id: reservationId };
}

async function fileEnded(deps: Pick<DocDeps, 'db'>, projectId: string): Promise<boolean> {
  const { rows } = await deps.db.query(
    `SELECT 1 FROM doc_files WHERE project_id::text = $1 AND status IN ('done', 'failed', 'interrupted')`,
    [projectId],
  );
  return rows.length > 0;
}

/** Serves `doc.charge` for the document workers (every gateway replica, one answers each). */
export function servePictureCharges(deps: Pick<DocDeps, 'db' | 'quota' | 'bus'>): Promise<BusSubscription> {
  return serveRequestsOf(deps.bus, BUS.pictureCharge, (req) => charge(deps, req));
}

/**
 * Ends a file's open picture reservations: those the writing attempt used (`keep`, marked when
 * the file was done) are settled, every other is refunded. Throws when the ledger cannot be
 * reached (the caller leaves the rest to the sweeper); what went through is recorded each time.
 */
export async function endPictureCharges(deps: Pick<DocDeps, 'db' | 'quota'>, projectId: string): Promise<void> {
  const { rows } = await deps.db.query<{ reservation_id: string; chars: number; keep: boolean }>(
    'SELECT reservation_id, chars, keep FROM doc_picture_charges WHERE project_id = $1 AND outcome IS NULL',
    [projectId],
  );
  for (const row of rows) {
    try {
      if (row.keep) await deps.quota.settle(row.reservation_id, row.chars);
      else await deps.quota.refund(row.reservation_id);
    } catch (err) {
      // Recorded, but its reservation never went through: nothing to end.
      if (!(err instanceof AppError && err.codeName === 'NOT_FOUND')) throw err;
    }
    await deps.db.query('UPDATE doc_picture_charges SET outcome = $2 WHERE reservation_id = $1', [
      row.reservation_id,
      row.keep ? 'settled' : 'refunded',
    ]);
  }
}
