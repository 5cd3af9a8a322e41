/**
 * The schedule with two runners (two replicas) on one database and one bus: every firing makes
 * exactly one backup, and retention keeps the newest N scheduled ones (their archives too).
 */
import { createBus, type Bus } from '@mtp/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchedule, startBackupRunner, writeBackupSettings, type BackupRunner } from '../../src';
import { allFixtureMigrations, openSite, seedRows, type Site } from './backup-fixture';

let site: Site;
let bus: Bus;
const runners: BackupRunner[] = [];
beforeAll(async () => {
  site = await openSite({ migrate: true });
  bus = await createBus({});
  await seedRows(site.tdb.db, 3);
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await bus?.close();
  await site?.close();
});

async function startRunner(): Promise<BackupRunner> {
  const runner = await startBackupRunner({
    db: site.tdb.db,
    bus,
    storage: site.storage,
    migrations: await allFixtureMigrations(),
    platformVersion: 'test',
    defaults: { schedule: '0 3 * * *', retention: 7 },
  });
  runners.push(runner);
  return runner;
}

async function scheduledRows() {
  const { rows } = await site.tdb.db.query<{ slot: string; status: string; object_key: string }>(
    `SELECT slot, status, object_key FROM backups WHERE trigger = 'scheduled' ORDER BY slot`,
  );
  return rows;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('backup schedule', () => {
  it('checks cron expressions', () => {
    expect(checkSchedule('0 3 * * *')).toMatchObject({ ok: true });
    expect(checkSchedule('every day')).toEqual({ ok: false });
  });

  it('fires each slot once with two runners, and retention keeps the newest N', async () => {
    const [a, b] = [await startRunner(), await startRunner()];
    // Every second, on both runners' crons.
    await writeBackupSettings(site.tdb.db, { schedule: '* * * * * *', retention: 2 });
    await a.reloadSettings();
    await b.reloadSettings();
    expect(a.nextRun()).not.toBeNull();
    // Two are enough to show the cron firing again (with the two explicit slots below, retention
    // then has more than N to sweep); a loaded machine may take many seconds per backup.
    await until(
      'two scheduled backups',
      async () => ((await scheduledRows()).filter((r) => r.status === 'done').length >= 2 ? true : undefined),
      60_000,
    );
    await writeBackupSettings(site.tdb.db, { schedule: '0 3 1 1 *', retention: 2 });
    await a.reloadSettings();
    await b.reloadSettings();
    // A per-second firing queued just before the change may still run after the slots below:
    // retention keeps the newest slots, so it goes whenever it finishes.
    // Both runners also fire the same explicit slots (as two replicas' crons would).
    const explicit = ['2030-01-01T03:00:00.000Z', '2030-01-02T03:00:00.000Z'];
    for (const slot of explicit) {
      await Promise.all([a.fireSlot(slot), b.fireSlot(slot)]);
    }
    // Both: the two runners take jobs in any order, so the second slot may finish before the first starts.
    await until('the explicit slots', async () => {
      const rows = await scheduledRows();
      return explicit.every((slot) => rows.some((r) => r.slot === slot && r.status === 'done')) ? true : undefined;
    });
    const rows = await until('retention to settle', async () => {
      const all = await scheduledRows();
      const settled = all.every((r) => r.status === 'done' || r.status === 'failed');
      return settled && all.filter((r) => r.status === 'done').length === 2 ? all : undefined;
    });
    // Each slot has one row: the unique slot makes a second firing's job a no-op.
    expect(new Set(rows.map((r) => r.slot)).size).toBe(rows.length);
    expect(rows.map((r) => r.slot).slice(-2)).toEqual(explicit);
    const archives: string[] = [];
    for await (const entry of site.storage.list('backups/')) archives.push(entry.key);
    expect(archives.sort()).toEqual(
      rows
        .filter((r) => r.status === 'done')
        .map((r) => r.object_key)
        .sort(),
    );
  }, 180_000);
});
