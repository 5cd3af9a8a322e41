/**
 * Disaster recovery, end to end: a running platform (in-process workers, the tiny test models)
 * translates a document; the administrator makes a backup through the API (the runner takes the
 * job off the bus) and downloads it; `npm run backup -- restore <file>` (a real child process)
 * puts it into an EMPTY database (made C.UTF-8 as the test setup makes every one) and an empty
 * storage folder. Every table's row count and every stored file's checksum match, and a platform
 * started on the restored database and storage logs the admin in and downloads the document.
 */
import { loadConfig, REPO_ROOT, startPlatform, type Platform } from '@mtp/gateway';
import type { Db } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import type { BackupItem, DocQueryData } from '@mtp/proto';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOverHttp, waitFor } from '../support/fault-support';

const ADMIN = { account: 'admin@example.com', password: 'Admin12345' };
let work: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'mtp-dr-'));
});
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
  await rm(work, { recursive: true, force: true });
});

async function platformOn(tdb: TestDatabase, storageDir: string): Promise<{ platform: Platform; api: string }> {
  const config = {
    ...loadConfig({}),
    storageDir,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: tdb.url,
    adminAccount: ADMIN.account,
    adminPassword: ADMIN.password,
    webDist: '',
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    natsUrl: undefined,
    runMtWorker: true,
    mtThreads: 1,
  };
  const platform = await startPlatform(config, { log: () => {} });
  const url = await platform.listen();
  return { platform, api: `${url}/api/v1.0` };
}

async function call<T>(api: string, token: string, route: string, init: RequestInit = {}) {
  const res = await fetch(`${api}/${route}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  return (await res.json()) as { code: number; msg: string; data: T };
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT IN ('backups', 'backup_restores') ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of rows) out[name] = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`)).rows[0]!.n);
  return out;
}

async function checksums(root: string): Promise<Record<string, string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const e of entries.filter((x) => x.isFile())) {
    const key = path.relative(root, path.join(e.parentPath, e.name));
    if (key.startsWith('backups/') || key.startsWith('.tmp/')) continue;
    out[key] = createHash('sha256')
      .update(await readFile(path.join(root, key)))
      .digest('hex');
  }
  return out;
}

describe('backup, then restore into an empty database', () => {
  it('brings back every row and file; the restored platform logs in and serves the translated document', async () => {
    const tdb1 = await createTestDatabase(inject('pgAdminUrl'));
    cleanups.push(() => tdb1.drop());
    const storage1 = path.join(work, 'storage1');
    const first = await platformOn(tdb1, storage1);
    cleanups.push(() => first.platform.close());
    const token = await loginOverHttp(first.api, ADMIN.account, ADMIN.password);

    // A document translated before the backup.
    const form = new FormData();
    form.append('src_lang', 'en-us');
    form.append('tgt_lang', 'zh-cn');
    form.append('files', new Blob(['twenty one\nthirty eight\n']), 'numbers.txt');
    const created = await call<{ task_id: string }>(first.api, token, 'request_translate/doc/create', { method: 'POST', body: form });
    expect(created.code, created.msg).toBe(20000);
    const doc = await waitFor('the document translated', async () => {
      const answer = await call<DocQueryData>(first.api, token, `request_translate/doc/query?task_id=${created.data.task_id}`);
      return answer.data.score >= 100 ? answer.data : undefined;
    });
    const projectId = doc.translate_list[0]!.projectId;
    const translated = Buffer.from(
      await (
        await fetch(`${first.api}/request_translate/doc/download/${projectId}`, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer(),
    );
    expect(translated.toString('utf8')).toMatch(/[一二三四五六七八九十]/);

    // The backup, made by the runner off the bus; the page's poll sees it finish.
    const queued = await call<BackupItem>(first.api, token, 'admin/backups', { method: 'POST' });
    expect(queued.code, queued.msg).toBe(20000);
    expect(queued.data.status).toBe('queued');
    const done = await waitFor('the backup done', async () => {
      const b = await call<BackupItem>(first.api, token, `admin/backups/${queued.data.backup_id}`);
      if (b.data.status === 'failed') throw new Error(b.data.error);
      return b.data.status === 'done' ? b.data : undefined;
    });
    expect(done.files_done).toBe(done.files_total);
    expect(done.files_total).toBeGreaterThanOrEqual(2);
    const res = await fetch(`${first.api}/admin/backups/${done.backup_id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${done.name}.tar.gz"`);
    const archive = path.join(work, `${done.name}.tar.gz`);
    await writeFile(archive, Buffer.from(await res.arrayBuffer()));
    const { rows: manifestRows } = await tdb1.db.query<{ manifest: { tables: { name: string; rows: number }[] } }>(
      'SELECT manifest FROM backups WHERE backup_id = $1',
      [done.backup_id],
    );
    await first.platform.close();
    cleanups.pop();

    // Disaster recovery on a "new machine": an empty database and storage folder, the command.
    const tdb2 = await createTestDatabase(inject('pgAdminUrl'));
    cleanups.push(() => tdb2.drop());
    const storage2 = path.join(work, 'storage2');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'gateway/src/backup-cli.ts', 'restore', archive, '--database-url', tdb2.url, '--storage-dir', storage2],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', S3_URL: '' } },
    );
    expect(stdout).toMatch(/restored the backup of/);

    // Every row: the restored counts equal the source's, and the manifest's (taken in the dump's snapshot).
    const [source, restored] = [await rowCounts(tdb1.db), await rowCounts(tdb2.db)];
    const fromManifest = Object.fromEntries(manifestRows[0]!.manifest.tables.map((t) => [t.name, t.rows]));
    for (const [table, n] of Object.entries(fromManifest)) expect(restored[table], table).toBe(n);
    // Written after the backup, by the download's system-log line only.
    expect({ ...source, system_log: 0 }).toEqual({ ...restored, system_log: 0 });
    expect(source.system_log).toBe(restored.system_log! + 1);
    expect(await checksums(storage2)).toEqual(await checksums(storage1));

    // A platform on the restored data: the admin logs in and downloads the document.
    const second = await platformOn(tdb2, storage2);
    cleanups.push(() => second.platform.close());
    const token2 = await loginOverHttp(second.api, ADMIN.account, ADMIN.password);
    const again = await fetch(`${second.api}/request_translate/doc/download/${projectId}`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(translated);
  }, 240_000);
});
