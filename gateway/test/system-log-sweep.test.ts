/**
 * The system log's retention (SYSTEM_LOG_RETENTION_DAYS) on a real PostgreSQL, with an injected
 * clock: lines older than the kept days go, newer ones stay, 0 keeps all, and a replica that finds
 * the sweep's advisory lock taken deletes nothing.
 */
import { createTestDatabase } from '@mtp/platform/testing';
import { runMigrations, type Db } from '@mtp/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '../src/config';
import { allMigrations } from '../src/platform';
import { startSystemLogSweeper, sweepSystemLog } from '../src/system-log-sweep';

let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);
const clock = () => NOW;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  db = tdb.db;
  await runMigrations(db, await allMigrations());
});
afterAll(async () => {
  await tdb?.drop();
});

beforeEach(async () => {
  await db.query('DELETE FROM system_log');
  for (const [action, at] of [
    ['old', daysAgo(400)],
    ['edge', daysAgo(364)],
    ['new', daysAgo(1)],
  ] as const) {
    await db.query('INSERT INTO system_log (action, at) VALUES ($1, $2)', [action, at]);
  }
});

const kept = async () => (await db.query<{ action: string }>('SELECT action FROM system_log ORDER BY at')).rows.map((r) => r.action);

describe('the system log sweep', () => {
  it('deletes the lines older than the retention at the clock’s time', async () => {
    expect(await sweepSystemLog({ db, retentionDays: 365, clock, log: () => {} })).toBe(1);
    expect(await kept()).toEqual(['edge', 'new']);
    expect(await sweepSystemLog({ db, retentionDays: 30, clock, log: () => {} })).toBe(1);
    expect(await kept()).toEqual(['new']);
  });

  it('keeps every line with a retention of 0 (no timer either)', async () => {
    const sweeper = startSystemLogSweeper({ db, retentionDays: 0, clock, log: () => {} });
    expect(await sweeper.sweepOnce()).toBe(0);
    await sweeper.stop();
    expect(await kept()).toEqual(['old', 'edge', 'new']);
  });

  it('skips the round while another replica holds the lock', async () => {
    const other = await db.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [0x6d7470_10]);
      expect(await sweepSystemLog({ db, retentionDays: 1, clock, log: () => {} })).toBeNull();
      expect(await kept()).toHaveLength(3);
      await other.query('SELECT pg_advisory_unlock($1)', [0x6d7470_10]);
    } finally {
      other.release();
    }
    expect(await sweepSystemLog({ db, retentionDays: 1, clock, log: () => {} })).toBe(2);
  });

  it('sweeps once at start and says how many lines went', async () => {
    const said: string[] = [];
    const sweeper = startSystemLogSweeper({ db, retentionDays: 365, clock, log: (l) => said.push(l) });
    expect(await sweeper.sweepOnce()).toBe(0); // the start's round already took the old line
    await sweeper.stop();
    expect(await kept()).toEqual(['edge', 'new']);
    expect(said).toEqual(['system log: 1 lines older than 365 days deleted']);
  });
});

describe('SYSTEM_LOG_RETENTION_DAYS', () => {
  it('defaults to 365, takes 0 and refuses what is not a whole number of days', () => {
    expect(loadConfig({}).systemLogRetentionDays).toBe(365);
    expect(loadConfig({ SYSTEM_LOG_RETENTION_DAYS: '0' }).systemLogRetentionDays).toBe(0);
    expect(loadConfig({ SYSTEM_LOG_RETENTION_DAYS: '90' }).systemLogRetentionDays).toBe(90);
    expect(() => loadConfig({ SYSTEM_LOG_RETENTION_DAYS: '-1' })).toThrow(/SYSTEM_LOG_RETENTION_DAYS/);
    expect(() => loadConfig({ SYSTEM_LOG_RETENTION_DAYS: '1.5' })).toThrow(/SYSTEM_LOG_RETENTION_DAYS/);
  });
});
