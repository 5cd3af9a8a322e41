/**
 * `npm run backup -- create | list | restore <archive file or backup id> [--force]`, with
 * `--database-url URL` and `--storage-dir DIR` beside the usual DATABASE_URL / DATA_DIR /
 * STORAGE_DIR / S3_URL. Disaster recovery on a new machine: copy a downloaded archive there and
 * `restore` it into the empty database; a database that has tables is refused without --force.
 * With the embedded PostgreSQL, stop the platform first (one server per data folder).
 */
import { findBackup, insertBackup, listBackups, makeBackup, restoreArchive } from '@mtp/ops';
import { createStorage, openDatabase, runMigrations } from '@mtp/platform';
import { createReadStream, existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PLATFORM_VERSION } from './backup-host';
import { loadConfig } from './config';
import { allMigrations } from './platform';

const USAGE = `usage: npm run backup -- create | list | restore <archive.tar.gz | backup id> [--force]
  options: --database-url URL   --storage-dir DIR`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'database-url': { type: 'string' }, 'storage-dir': { type: 'string' }, force: { type: 'boolean' } },
  });
  const [command, target] = positionals;
  if (!command || !['create', 'list', 'restore'].includes(command) || (command === 'restore' && !target)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  const databaseUrl = values['database-url'] ?? config.databaseUrl;
  const storageDir = values['storage-dir'] ?? config.storageDir;
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  const storage = createStorage({ storageDir, s3Url: values['storage-dir'] ? undefined : config.s3Url });
  try {
    if (command === 'restore') {
      let source;
      if (existsSync(target!)) source = createReadStream(target!);
      else if (/^\d+$/.test(target!)) {
        const backup = await findBackup(database.db, Number(target));
        if (!backup || backup.status !== 'done') throw new Error(`no finished backup ${target} in this database`);
        source = await storage.get(backup.object_key);
      } else throw new Error(`${target} is neither a file nor a backup id`);
      const manifest = await restoreArchive({
        db: database.db,
        storage,
        migrations: await allMigrations(),
        source,
        allowNonEmpty: values.force ?? false,
      });
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `restored the backup of ${manifest.createdAt}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files`,
      );
      return;
    }
    await runMigrations(database.db, await allMigrations());
    if (command === 'list') {
      for (const b of (await listBackups(database.db, 1, 100)).list) {
        console.log(`${b.backup_id}\t${b.name}\t${b.status}\t${b.bytes_done} bytes\t${b.trigger}${b.error ? `\t${b.error}` : ''}`);
      }
      return;
    }
    const row = (await insertBackup(database.db, { trigger: 'manual', createdBy: 'command line' }))!;
    const status = await makeBackup({ db: database.db, storage, platformVersion: PLATFORM_VERSION }, row);
    const done = (await findBackup(database.db, row.backup_id))!;
    if (status !== 'done') throw new Error(`backup failed: ${done.error}`);
    console.log(`${done.backup_id}\t${done.name}\t${done.bytes_done} bytes\tstorage key ${done.object_key}`);
  } finally {
    await storage.close();
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`backup: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
