/**
 * The storage disk filling up: STORAGE_DIR is a small tmpfs shared by a gateway and a document
 * worker (each its own process, with an MT worker, on the suite's NATS server). A document is
 * uploaded and prepared, then the disk is filled to the last byte while it is being translated:
 * storing its result fails with ENOSPC. The file fails with STORAGE_FULL (44117) in the user's language, its
 * characters are refunded, no half-written file is left; an upload while the disk is full is
 * refused with the same code; once space is freed the platform translates again.
 *
 * Mounting needs root (or CAP_SYS_ADMIN); where mount is refused the suite is skipped and says why.
 */
import { CODES } from '@mtp/proto';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { spawnSync } from 'node:child_process';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminUserId,
  batchOutcome,
  charactersLeft,
  numberLines,
  openReservations,
  submitBatch,
  unownedStoredFiles,
} from '../support/fault-cluster';
import { expectEndedCleanly, startFaultCluster, type FaultCluster } from '../support/fault-cluster-start';
import { useOwnNats, waitFor } from '../support/fault-support';

/** Small, so filling it is instant; large enough for the few uploads and results below. */
const TMPFS_SIZE = '4m';
const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'mtp-full-storage-'));
const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mountPoint], { encoding: 'utf8' });
const mountRefused = mount.status !== 0 ? `mount -t tmpfs was refused (${(mount.stderr || String(mount.error)).trim()})` : null;
if (mountRefused) console.warn(`storage-full: skipped: ${mountRefused}`);

const nats = useOwnNats();
const FILLER = path.join(mountPoint, 'filler');
let tdb: TestDatabase;
let cluster: FaultCluster;

/** Writes the filler until the disk refuses a byte more. */
async function fillDisk(): Promise<void> {
  const file = await open(FILLER, 'a');
  const block = Buffer.alloc(64 * 1024, 1);
  try {
    for (let piece = block; piece.length > 0;) {
      try {
        await file.write(piece);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        piece = piece.subarray(0, piece.length >> 1);
      }
    }
  } finally {
    await file.close();
  }
}

beforeAll(async () => {
  if (mountRefused) return;
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  cluster = await startFaultCluster({ label: 'full', natsUrl: nats.url, tdb, storageDir: mountPoint });
}, 180_000);

afterAll(async () => {
  await cluster?.close();
  await tdb?.drop();
  if (!mountRefused) spawnSync('umount', [mountPoint]);
  await rmdir(mountPoint).catch(() => {});
});

describe.skipIf(mountRefused !== null)('the storage disk full during a write', () => {
  it('fails the file with a clear message and a refund, refuses uploads, and works again once space is freed', async () => {
    const { client } = cluster;
    const userId = await adminUserId(tdb.db);
    const before = await charactersLeft(tdb.db, userId);
    const created = await client.uploadTexts([{ name: 'numbers.txt', ...numberLines(300) }]);
    expect(created.code, created.msg).toBe(20000);
    // Prepared (its sentences cut and stored) and being translated: the disk fills now, so the
    // write that meets it is the file's result (its translations, then the written document).
    await waitFor('the file prepared', async () => {
      const { rows } = await tdb.db.query(`SELECT 1 FROM doc_files WHERE task_id = $1 AND status = 'translating' AND chunks > 0`, [
        created.data.task_id,
      ]);
      return rows.length > 0 ? true : undefined;
    });
    await fillDisk();

    const task = await client.docsEnded(created.data.task_id);
    const file = task.translate_list[0]!;
    expect(file.status).toBe('failed');
    expect(file.message).toBe(CODES.STORAGE_FULL.en_US);
    const inChinese = await client.call<typeof task>(`request_translate/doc/query?task_id=${created.data.task_id}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(inChinese.data.translate_list[0]!.message).toBe(CODES.STORAGE_FULL.zh_CN);
    // Refunded: nothing charged, nothing held; and no half-written result anywhere.
    expect(await charactersLeft(tdb.db, userId)).toBe(before);
    expect(await openReservations(tdb.db)).toEqual([]);
    expect(await unownedStoredFiles(mountPoint, tdb.db)).toEqual(['filler']);

    // An upload while the disk is full is refused with the same code, and leaves nothing either.
    const refused = await client.uploadTexts([{ name: 'more.txt', ...numberLines(2000) }]);
    expect([refused.code, refused.msg]).toEqual([CODES.STORAGE_FULL.code, CODES.STORAGE_FULL.en_US]);
    expect(await unownedStoredFiles(mountPoint, tdb.db)).toEqual(['filler']);

    // Space freed: the platform translates again.
    await rm(FILLER);
    const batch = await submitBatch(client, 1, 1, 20);
    const outcome = await batchOutcome(client, tdb.db, batch);
    expect(outcome.failed).toBe(0);
    await expectEndedCleanly(tdb.db, cluster, { userId, before, charged: outcome.charged });
  }, 120_000);
});
