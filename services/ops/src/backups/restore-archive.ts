/**
 * Restores one archive (a stream of the `.tar.gz`) into a database and object storage.
 *
 * Order, chosen so a live platform is held up as briefly as possible and a failure changes
 * nothing that matters: the schema is checked (and, on an empty database, created); the files
 * are put back (additive: keys are unique per upload, so an existing key gets its own bytes
 * again); then the rows are replaced in one transaction, committed only once every count and
 * checksum matches the manifest; then newer migrations run (an older backup on newer code);
 * last, on a database that was not empty, stored files the backup did not have are removed
 * (rows pointing at them are gone now).
 */
import { runMigrations, type Db, type Migration, type ObjectStorage } from '@mtp/platform';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { BACKUP_FORMAT, BACKUP_PREFIX, type BackupHeader, type BackupManifest } from './backup-manifest';
import { isEmptyDatabase, prepareSchema, RestoreRefusedError, TableLoader } from './db-load';
import { readEntries } from './tar-entries';

export type RestoreProgress = { phase: 'files' | 'database' | 'finishing'; filesDone: number; tablesDone: number };

export type RestoreOptions = {
  db: Db;
  storage: ObjectStorage;
  /** This code's migrations, all of them, in order (the gateway's `allMigrations()`). */
  migrations: Migration[];
  source: Readable;
  /** Restore over a database that has tables (the live platform's, or `--force`). */
  allowNonEmpty: boolean;
  onProgress?: (p: RestoreProgress) => Promise<void> | void;
};

export async function restoreArchive(opts: RestoreOptions): Promise<BackupManifest> {
  const { db, storage, source } = opts;
  const startedAt = new Date();
  const wasEmpty = await isEmptyDatabase(db);
  if (!wasEmpty && !opts.allowNonEmpty) {
    throw new RestoreRefusedError('the target database is not empty (use --force to restore over it)');
  }
  let header: BackupHeader | null = null;
  let loader: TableLoader | null = null;
  const files = new Map<string, string>();
  let tablesDone = 0;
  const progress = async (phase: RestoreProgress['phase']) => opts.onProgress?.({ phase, filesDone: files.size, tablesDone });
  try {
    for await (const entry of readEntries(source)) {
      if (!header) {
        if (entry.name !== 'backup.json') throw new RestoreRefusedError('not a platform backup (no backup.json first)');
        header = JSON.parse(await text(entry.body)) as BackupHeader;
        if (header.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`unknown backup format ${String(header.format)}`);
        await prepareSchema(db, header, opts.migrations);
        await progress('files');
      } else if (entry.name.startsWith('files/')) {
        const key = entry.name.slice('files/'.length);
        const hash = createHash('sha256');
        const hashed = Readable.from(
          (async function* () {
            for await (const chunk of entry.body) {
              hash.update(chunk);
              yield chunk;
            }
          })(),
        );
        await storage.put(key, hashed);
        files.set(key, hash.digest('hex'));
        await progress('files');
      } else if (entry.name.startsWith('db/') && entry.name.endsWith('.jsonl')) {
        const table = entry.name.slice('db/'.length, -'.jsonl'.length);
        const columns = header.tableColumns[table];
        if (!columns) throw new Error(`table ${table} is not in the backup's header`);
        loader ??= await TableLoader.begin(db, header);
        await loader.table(table, columns, entry.body);
        tablesDone += 1;
        await progress('database');
      } else if (entry.name === 'manifest.json') {
        const manifest = JSON.parse(await text(entry.body)) as BackupManifest;
        checkFiles(manifest, files);
        loader ??= await TableLoader.begin(db, header);
        await progress('finishing');
        await loader.commit(manifest);
        loader = null;
        await runMigrations(db, opts.migrations);
        if (!wasEmpty) await removeFilesNotIn(storage, manifest, startedAt);
        return manifest;
      } else {
        throw new Error(`unexpected archive entry ${entry.name}`);
      }
    }
    throw new RestoreRefusedError('the archive ends before its manifest (incomplete download?)');
  } finally {
    await loader?.abort();
    source.destroy();
  }
}

async function text(body: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

function checkFiles(manifest: BackupManifest, put: Map<string, string>): void {
  if (manifest.files.length !== put.size) throw new Error(`the archive holds ${put.size} files, its manifest ${manifest.files.length}`);
  for (const f of manifest.files) {
    if (put.get(f.key) !== f.sha256) throw new Error(`stored file ${f.key} does not match the manifest (archive damaged)`);
  }
}

/** Files stored before the restore began (later ones belong to rows written since) and not in the backup. */
async function removeFilesNotIn(storage: ObjectStorage, manifest: BackupManifest, before: Date): Promise<void> {
  const keep = new Set(manifest.files.map((f) => f.key));
  const stale: string[] = [];
  for await (const file of storage.list('')) {
    if (!keep.has(file.key) && !file.key.startsWith(BACKUP_PREFIX) && file.modified < before) stale.push(file.key);
  }
  for (const key of stale) await storage.delete(key);
}
