/**
 * Makes one backup whose row exists: dumps the database, streams the archive into storage and
 * writes progress to the row as it goes. A failure deletes whatever reached storage and marks
 * the row failed with the reason, so no half archive is ever listed as good.
 */
import type { Db, ObjectStorage } from '@mtp/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeBackupArchive } from './archive-write';
import { updateBackup, type BackupProgress, type StoredBackup } from './backup-store';
import { dumpDatabase } from './db-dump';

export type MakeBackupDeps = {
  db: Db;
  storage: ObjectStorage;
  platformVersion: string;
  /** Called with each progress write (the job's ack-wait heartbeat). */
  onProgress?: () => void;
  /** Where the dumped tables wait before they go into the archive; default the OS temp folder. */
  workDir?: string;
};

/** Progress rows are written at most this often (the page polls every second or two). */
const PROGRESS_EVERY_MS = 500;

export async function makeBackup(deps: MakeBackupDeps, backup: StoredBackup): Promise<StoredBackup['status']> {
  const { db, storage } = deps;
  const dir = await mkdtemp(path.join(deps.workDir ?? os.tmpdir(), 'mtp-backup-'));
  let lastWrite = 0;
  let lastPhase = '';
  const progress = async (p: BackupProgress) => {
    const now = Date.now();
    if (p.phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    lastPhase = p.phase ?? lastPhase;
    deps.onProgress?.();
    await updateBackup(db, backup.backup_id, p);
  };
  try {
    await updateBackup(db, backup.backup_id, { status: 'running', phase: 'database', bytes_done: 0, files_done: 0, error: '' });
    const dump = await dumpDatabase(db, dir, (done, total) => progress({ phase: 'database', tables_done: done, tables_total: total }));
    const { manifest, bytes } = await writeBackupArchive({
      storage,
      key: backup.object_key,
      dump,
      platformVersion: deps.platformVersion,
      createdAt: new Date(backup.created_at),
      onProgress: (p) => progress({ phase: p.phase, bytes_done: p.bytesDone, files_done: p.filesDone, files_total: p.filesTotal }),
    });
    await updateBackup(db, backup.backup_id, {
      status: 'done',
      phase: 'done',
      bytes_done: bytes,
      files_done: manifest.files.length,
      files_total: manifest.files.length,
      tables_done: manifest.tables.length,
      tables_total: manifest.tables.length,
      manifest,
    });
    return 'done';
  } catch (err) {
    await storage.delete(backup.object_key).catch(() => {});
    await updateBackup(db, backup.backup_id, { status: 'failed', error: describe(err) });
    return 'failed';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The reason, short and without connection strings. */
export function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/postgres(ql)?:\/\/\S+/g, '<database>').slice(0, 500);
}
