/**
 * The backup runner: started in every platform process, it takes `ops.backup` jobs from the bus
 * (each job goes to one consumer, so with several replicas exactly one runs each backup or
 * restore), runs the schedule, sweeps retention and fails the rows of runners that died. One
 * backup or restore runs at a time across the cluster: the job waits for a PostgreSQL advisory
 * lock first (a restore must never overlap a dump).
 */
import { BUS, type BackupJob, type BackupSettings } from '@mtp/proto';
import {
  consumeJobsOf,
  publishJobTo,
  type Bus,
  type Db,
  type JobConsumer,
  type JobContext,
  type Migration,
  type ObjectStorage,
} from '@mtp/platform';
import { BackupSchedule } from './backup-schedule';
import {
  failStaleBackups,
  findBackup,
  findBackupBySlot,
  findRestore,
  insertBackup,
  readBackupSettings,
  scheduledPastRetention,
  updateRestore,
  deleteBackupRow,
  type StoredBackup,
} from './backup-store';
import { describe, makeBackup } from './make-backup';
import { restoreArchive } from './restore-archive';

export type BackupRunnerOptions = {
  db: Db;
  bus: Bus;
  storage: ObjectStorage;
  /** This code's migrations, all of them (a restore brings the schema to the backup's). */
  migrations: Migration[];
  platformVersion: string;
  /** BACKUP_SCHEDULE / BACKUP_RETENTION: used until an administrator saves settings. */
  defaults: BackupSettings;
  log?: (line: string) => void;
  /** How often settings saved by another replica are picked up; default a minute. */
  settingsPollMs?: number;
  /** A running row untouched this long belongs to a dead runner; default 5 minutes. */
  staleMs?: number;
  workDir?: string;
};

export type BackupRunner = {
  /** Re-reads the schedule now (the replica that saved it calls this). */
  reloadSettings(): Promise<void>;
  nextRun(): Date | null;
  /** What a cron firing does: publishes the slot's job (copies from other replicas are dropped). */
  fireSlot(slot: string): Promise<void>;
  stop(): Promise<void>;
};

const LOCK_KEY = 7_413_019;
const LOCK_POLL_MS = 1_000;

export async function startBackupRunner(opts: BackupRunnerOptions): Promise<BackupRunner> {
  const { db, bus, storage } = opts;
  const log = opts.log ?? (() => {});
  const staleMs = opts.staleMs ?? 5 * 60_000;

  const fireSlot = async (slot: string) => {
    await publishJobTo(bus, BUS.opsBackup, { action: 'scheduled', slot }, { jobId: `backup-slot-${slot}` });
  };
  const schedule = new BackupSchedule((slot) => fireSlot(slot).catch((err) => log(`backup schedule: ${describe(err)}`)));
  const settings = async () => readBackupSettings(db, opts.defaults);
  const reloadSettings = async () => schedule.set((await settings()).schedule);

  const runBackup = async (job: JobContext<BackupJob>, backup: StoredBackup) => {
    const status = await makeBackup(
      { db, storage, platformVersion: opts.platformVersion, onProgress: () => job.progress(), workDir: opts.workDir },
      backup,
    );
    log(`backup ${backup.name}: ${status}`);
  };

  const sweepRetention = async () => {
    const { retention } = await settings();
    for (const old of await scheduledPastRetention(db, retention)) {
      await storage.delete(old.object_key);
      await deleteBackupRow(db, old.backup_id);
      log(`backup ${old.name}: removed (retention keeps ${retention})`);
    }
  };

  const handle = async (job: JobContext<BackupJob>) => {
    const p = job.payload;
    if (p.action === 'create') {
      const backup = await findBackup(db, p.backup_id);
      // Done or failed already: a late copy of the job.
      if (backup && (backup.status === 'queued' || backup.status === 'running')) await runBackup(job, backup);
    } else if (p.action === 'scheduled') {
      const backup =
        (await insertBackup(db, { trigger: 'scheduled', createdBy: 'schedule', slot: p.slot })) ?? (await findBackupBySlot(db, p.slot));
      if (backup && (backup.status === 'queued' || backup.status === 'running')) await runBackup(job, backup);
      await sweepRetention();
    } else {
      await runRestore(job, p.restore_id);
    }
  };

  const runRestore = async (job: JobContext<BackupJob>, restoreId: number) => {
    const restore = await findRestore(db, restoreId);
    if (!restore || restore.status === 'done' || restore.status === 'failed') return;
    const backup = await findBackup(db, restore.backup_id);
    try {
      if (!backup || backup.status !== 'done') throw new Error('the backup is gone or did not finish');
      await updateRestore(db, restoreId, { status: 'running', phase: 'files' });
      await restoreArchive({
        db,
        storage,
        migrations: opts.migrations,
        source: await storage.get(backup.object_key),
        allowNonEmpty: true,
        onProgress: async (pr) => {
          job.progress();
          await updateRestore(db, restoreId, { phase: pr.phase });
        },
      });
      await updateRestore(db, restoreId, { status: 'done', phase: 'done' });
      log(`restore of ${restore.backup_name}: done`);
    } catch (err) {
      await updateRestore(db, restoreId, { status: 'failed', error: describe(err) });
      log(`restore of ${restore.backup_name}: failed: ${describe(err)}`);
    }
  };

  const consumer: JobConsumer = await consumeJobsOf(bus, BUS.opsBackup, (job) => withClusterLock(db, job, () => handle(job)), {
    concurrency: 1,
  });

  const sweepStale = async () => {
    for (const key of await failStaleBackups(db, staleMs)) await storage.delete(key).catch(() => {});
  };
  await sweepStale().catch((err) => log(`backup sweep: ${describe(err)}`));
  await reloadSettings();
  const timer = setInterval(() => {
    void reloadSettings().catch((err) => log(`backup settings: ${describe(err)}`));
    void sweepStale().catch((err) => log(`backup sweep: ${describe(err)}`));
  }, opts.settingsPollMs ?? 60_000);
  timer.unref();

  return {
    reloadSettings,
    nextRun: () => schedule.nextRun(),
    fireSlot,
    stop: async () => {
      clearInterval(timer);
      schedule.stop();
      await consumer.stop();
    },
  };
}

/** Runs `work` holding the cluster-wide backup lock; waits for it while keeping the job alive. */
async function withClusterLock(db: Db, job: JobContext<unknown>, work: () => Promise<void>): Promise<void> {
  const client = await db.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCK_KEY]);
      if (rows[0]!.ok) break;
      job.progress();
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
