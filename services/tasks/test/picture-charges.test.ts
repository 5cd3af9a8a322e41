/**
 * Charging a document's picture text (`doc.charge`) against the file's end: a reservation the
 * file's end could not see (it was made while the file ended, for a worker that had stopped
 * waiting) is given back by the charge itself, and one the writer used is settled.
 */
import { findReservation } from '@mtp/billing';
import { MemoryBroker, MemoryBus, requestOf, type BusSubscription } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocDeps } from '../src/documents/doc-deps';
import { finishFile } from '../src/documents/doc-state';
import { pictureReservationId, servePictureCharges } from '../src/documents/picture-charges';
import { docDepsOf, insertDocTask, useTasksFixture } from './tasks-fixture';

const fx = useTasksFixture('pictures@example.com');
let bus: MemoryBus;
let served: BusSubscription;

afterEach(async () => {
  await served?.unsubscribe();
  await bus?.close({ deadlineMs: 100 });
});

async function fileBeingWritten(): Promise<string> {
  const taskId = await insertDocTask(fx, { translatePictures: true });
  const projectId = randomUUID();
  await fx.db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, chars, source_key)
     VALUES ($1, $2, 0, 'a.docx', 'docx', 1, 'translating', 'assemble', 0, $3)`,
    [projectId, taskId, `docs/${taskId}/${projectId}/source.docx`],
  );
  return projectId;
}

/** Serves `doc.charge` with `deps`, the ledger's reserve first running `beforeReserve`. */
async function serve(beforeReserve: () => Promise<void> = async () => {}): Promise<DocDeps> {
  bus = new MemoryBus(new MemoryBroker());
  const deps = docDepsOf(fx, bus);
  const quota = deps.quota;
  const withHook = {
    ...deps,
    quota: {
      ...quota,
      reserve: async (...args: Parameters<typeof quota.reserve>) => {
        await beforeReserve();
        return quota.reserve(...args);
      },
    },
  };
  served = await servePictureCharges(withHook);
  return deps;
}

async function outcomeOf(reservationId: string): Promise<string | null> {
  const { rows } = await fx.db.query<{ outcome: string | null }>('SELECT outcome FROM doc_picture_charges WHERE reservation_id = $1', [
    reservationId,
  ]);
  return rows[0]?.outcome ?? null;
}

describe('picture charges', () => {
  it('settles the pictures the writer used when the file is done', async () => {
    const projectId = await fileBeingWritten();
    const deps = await serve();
    const reply = await requestOf(bus, BUS.pictureCharge, { project_id: projectId, attempt: 'a1', picture: 1, chars: 10 });
    expect(reply.granted).toBe(true);
    const ended = await finishFile(deps, projectId, {
      status: 'done',
      resultKey: 'r',
      resultName: 'a.docx',
      pictureReservations: [reply.reservation_id],
    });
    expect(ended).toBe(true);
    expect((await findReservation(fx.db, reply.reservation_id))?.state).toBe('settled');
    expect(await outcomeOf(reply.reservation_id)).toBe('settled');
  });

  it('gives back a picture reserved while its file ended, and refuses it', async () => {
    const projectId = await fileBeingWritten();
    // The file ends (its writer finished without this picture) after the charge found it being
    // written and before the ledger reserved it: the end saw nothing reserved to give back.
    const deps: DocDeps = await serve(() =>
      finishFile(deps, projectId, { status: 'done', resultKey: 'r', resultName: 'a.docx' }).then(() => {}),
    );
    const reply = await requestOf(bus, BUS.pictureCharge, { project_id: projectId, attempt: 'a2', picture: 3, chars: 12 });
    expect(reply).toEqual({ granted: false, reservation_id: pictureReservationId({ project_id: projectId, attempt: 'a2', picture: 3 }) });
    expect((await findReservation(fx.db, reply.reservation_id))?.state).toBe('refunded');
    expect(await outcomeOf(reply.reservation_id)).toBe('refunded');
  });

  it('refuses a picture of a file no longer being written, reserving nothing', async () => {
    const projectId = await fileBeingWritten();
    const deps = await serve();
    await finishFile(deps, projectId, { status: 'interrupted' });
    const reply = await requestOf(bus, BUS.pictureCharge, { project_id: projectId, attempt: 'a3', picture: 1, chars: 10 });
    expect(reply.granted).toBe(false);
    expect(await findReservation(fx.db, reply.reservation_id)).toBeNull();
  });
});
