/**
 * Writes one backup archive into object storage as it is made: header, every stored file, the
 * dumped tables, the manifest; tar, gzipped, streamed into `storage.put` (which is atomic: a
 * failure leaves no object, and the caller deletes the key anyway for adapters that might).
 */
import type { ObjectStorage } from '@mtp/platform';
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_PREFIX,
  fileEntry,
  tableEntry,
  type BackupHeader,
  type BackupManifest,
  type FileManifest,
} from './backup-manifest';
import type { DbDump } from './db-dump';
import { writeEntry } from './tar-entries';

export type ArchiveProgress = { phase: 'files' | 'finishing'; bytesDone: number; filesDone: number; filesTotal: number };

export type WriteArchiveOptions = {
  storage: ObjectStorage;
  key: string;
  dump: DbDump;
  platformVersion: string;
  createdAt: Date;
  onProgress: (p: ArchiveProgress) => Promise<void> | void;
};

/** Every stored object except the archives themselves. */
export async function storedFiles(storage: ObjectStorage): Promise<{ key: string; bytes: number }[]> {
  const files: { key: string; bytes: number }[] = [];
  for await (const entry of storage.list('')) if (!entry.key.startsWith(BACKUP_PREFIX)) files.push({ key: entry.key, bytes: entry.bytes });
  return files;
}

export async function writeBackupArchive(opts: WriteArchiveOptions): Promise<{ manifest: BackupManifest; bytes: number }> {
  const { storage, dump } = opts;
  const pack = tar.pack();
  const gzip = createGzip();
  let bytesDone = 0;
  // Counted inside the chain: a 'data' listener would start the flow before storage reads it.
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytesDone += chunk.length;
      done(null, chunk);
    },
  });
  (pack as unknown as NodeJS.ReadableStream).pipe(gzip).pipe(counted);
  const stored = storage.put(opts.key, counted, { contentType: 'application/gzip' });
  // Seen at once if storage fails early (disk full); awaited below either way.
  stored.catch(() => {});
  const fail = (err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    gzip.destroy(error);
    counted.destroy(error);
    pack.destroy(error);
  };

  try {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      createdAt: opts.createdAt.toISOString(),
      platformVersion: opts.platformVersion,
      serverVersion: dump.serverVersion,
      migrations: dump.migrations,
      fkCycle: dump.fkCycle,
      tableColumns: Object.fromEntries(dump.tables.map((t) => [t.name, t.columns])),
    };
    const headerJson = Buffer.from(JSON.stringify(header, null, 2));
    await writeEntry(pack, 'backup.json', headerJson.length, headerJson);

    const listed = await storedFiles(storage);
    const files: FileManifest[] = [];
    let filesDone = 0;
    const report = (phase: ArchiveProgress['phase']) => opts.onProgress({ phase, bytesDone, filesDone, filesTotal: listed.length });
    await report('files');
    for (const file of listed) {
      const body = await storage.get(file.key).catch((err: { code?: string }) => {
        // Deleted since it was listed (a document past its 24 hours): nothing to keep.
        if (err.code === 'not_found') return null;
        throw err;
      });
      if (body) files.push({ key: file.key, ...(await writeEntry(pack, fileEntry(file.key), file.bytes, body)) });
      filesDone += 1;
      await report('files');
    }

    // The tables were dumped first (phase `database`); copying them in is the end of the work.
    await report('finishing');
    for (const table of dump.tables) {
      await writeEntry(pack, tableEntry(table.name), table.bytes, createReadStream(table.file));
      await report('finishing');
    }

    const manifest: BackupManifest = {
      ...header,
      tables: dump.tables.map(({ file: _file, ...t }) => t),
      sequences: dump.sequences,
      files,
    };
    const manifestJson = Buffer.from(JSON.stringify(manifest, null, 2));
    await writeEntry(pack, 'manifest.json', manifestJson.length, manifestJson);
    pack.finalize();
    // The byte count storage took is the archive's size (the counter may not have seen the gzip trailer yet).
    const { bytes } = await stored;
    return { manifest, bytes };
  } catch (err) {
    fail(err);
    await stored.catch(() => {});
    throw err;
  }
}
