/**
 * Backups in the platform process: the runner that takes `ops.backup` jobs (one per process;
 * the bus gives each job to one of them) and runs the schedule, and what the routes need.
 */
import { startBackupRunner } from '@mtp/ops';
import type { Bus, Db, Migration, ObjectStorage } from '@mtp/platform';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type Config } from './config';
import type { BackupDeps } from './routes/backup-routes';

/** The platform's version, written into every backup's manifest (the gateway package's). */
export const PLATFORM_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'gateway/package.json'), 'utf8')) as { version: string }
).version;

export async function startBackups(
  config: Pick<Config, 'backupDefaults'>,
  deps: { db: Db; bus: Bus; storage: ObjectStorage; migrations: Migration[]; log: (line: string) => void },
): Promise<BackupDeps> {
  const runner = await startBackupRunner({
    db: deps.db,
    bus: deps.bus,
    storage: deps.storage,
    migrations: deps.migrations,
    platformVersion: PLATFORM_VERSION,
    defaults: config.backupDefaults,
    log: deps.log,
  });
  return { bus: deps.bus, storage: deps.storage, runner, defaults: config.backupDefaults };
}
