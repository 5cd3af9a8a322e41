/**
 * What the tasks service's own suites share: a fresh database of the run's PostgreSQL with the
 * accounts, billing and tasks tables and one user, a storage folder, and the document side's
 * deps on a given bus (the MT port and plans are not used by results, chunks or the sweeper).
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations, ledgerPort } from '@mtp/billing';
import { createStorage, runMigrations, type Bus, type Db, type ObjectStorage } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { DocDeps, WorkerLiveness } from '../src/documents/doc-deps';
import { tasksMigrations } from '../src/migrations';

export type TasksFixture = { tdb: TestDatabase; db: Db; storage: ObjectStorage; userId: number };

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useTasksFixture(account: string): TasksFixture {
  const fixture = {} as TasksFixture;
  let storageDir: string;
  beforeAll(async () => {
    fixture.tdb = await createTestDatabase(inject('pgAdminUrl'));
    fixture.db = fixture.tdb.db;
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-tasks-'));
    fixture.storage = createStorage({ storageDir });
    await runMigrations(fixture.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await tasksMigrations())]);
    const site = await fixture.db.query<{ site_id: number }>(
      `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
    );
    const user = await fixture.db.query<{ user_id: number }>(
      `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, 2) RETURNING user_id`,
      [account, site.rows[0]!.site_id],
    );
    fixture.userId = user.rows[0]!.user_id;
  });
  afterAll(async () => {
    await fixture.tdb?.drop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });
  return fixture;
}

/** The document side's deps on `bus`; `quotaDb` lets a suite give the ledger a database of its own (a dead one). */
export function docDepsOf(
  fixture: TasksFixture,
  bus: Bus,
  opts: { quotaDb?: Db; workers?: WorkerLiveness; log?: (line: string) => void } = {},
): DocDeps {
  const unused = () => {
    throw new Error('not used by results, chunks or the sweeper');
  };
  return {
    db: fixture.db,
    storage: fixture.storage,
    bus,
    pool: 'default',
    mt: { route: unused, translate: unused },
    quota: ledgerPort(opts.quotaDb ?? fixture.db),
    planOf: unused,
    workers: opts.workers ?? { isGone: () => false },
    log: opts.log ?? (() => {}),
  };
}

/** A working en-us → zh-cn document task of the fixture's user (its files are the suite's own); its id. */
export async function insertDocTask(fixture: TasksFixture, opts: { translatePictures?: boolean } = {}): Promise<string> {
  const taskId = randomUUID();
  await fixture.db.query(
    `INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, expires_at)
     VALUES ($1, $2, 'en-us', 'zh-cn', 'general', 0, $3, 'working', now() + interval '1 day')`,
    [taskId, fixture.userId, opts.translatePictures ?? false],
  );
  return taskId;
}
