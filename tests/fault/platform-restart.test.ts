/**
 * The single-machine platform (one process, in-process bus and workers, as `npm start` runs it)
 * SIGKILLed in the middle of a document and of an async text task, then started again on the
 * same database and data folder. Its in-process bus kept nothing, so the new process resumes
 * from PostgreSQL: both finish within a minute, each charged exactly once, and nothing is left
 * in storage that no row points at.
 */
import { findReservation, remaining } from '@mtp/billing';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import type { DocQueryData } from '@mtp/proto';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOverHttp, waitFor } from '../support/fault-support';
import { killAll, startGatewayProcess } from '../support/processes';

let tdb: TestDatabase;
let dataDir: string;
const children: ChildProcess[] = [];
const env = () => ({ DATABASE_URL: tdb.url, DATA_DIR: dataDir });

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-restart-'));
});

afterAll(async () => {
  killAll(children);
  await tdb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function call<T>(api: string, token: string, route: string, init: RequestInit = {}): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${api}/${route}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  return res.json() as Promise<{ code: number; msg: string; data: T }>;
}

/** Every stored object under docs/ is a source or a result some row points at. */
async function unownedStoredFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'storage');
  const entries = await readdir(path.join(root, 'docs'), { recursive: true, withFileTypes: true }).catch(() => []);
  const stored = entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  const { rows } = await tdb.db.query<{ key: string }>(
    'SELECT source_key AS key FROM doc_files UNION SELECT result_key FROM doc_files WHERE result_key IS NOT NULL',
  );
  const owned = new Set(rows.map((r) => r.key));
  return stored.filter((key) => !owned.has(key));
}

describe('the single-machine platform killed mid-work', () => {
  it('resumes a document and an async text task after a restart: done within a minute, charged once, no stray files', async () => {
    let gateway = await startGatewayProcess(env(), children);
    let token = await loginOverHttp(gateway.api, 'admin@example.com', 'Admin12345');
    const { rows: admin } = await tdb.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'admin@example.com'`);
    const userId = admin[0]!.user_id;
    const before = (await remaining(tdb.db, userId)).total_left;

    // A document of 6,000 lines (many chunks).
    const lines = Array.from({ length: 6_000 }, (_, i) => (i % 2 ? 'thirty eight' : 'twenty one'));
    const form = new FormData();
    form.append('src_lang', 'en-us');
    form.append('tgt_lang', 'zh-cn');
    form.append('files', new Blob([lines.join('\n')]), 'numbers.txt');
    const created = await call<{ task_id: string }>(gateway.api, token, 'request_translate/doc/create', { method: 'POST', body: form });
    expect(created.code, created.msg).toBe(20000);
    // The text task goes once the document's chunks are queued, so it waits behind them.
    await waitFor(
      'the document prepared',
      async () => {
        const { rows } = await tdb.db.query(`SELECT 1 FROM doc_files WHERE task_id = $1 AND status = 'translating'`, [
          created.data.task_id,
        ]);
        return rows.length > 0 ? true : undefined;
      },
      60_000,
    );
    const text = Array.from({ length: 400 }, () => 'fifty eight').join('\n');
    const submitted = await call<{ task_id: string }>(gateway.api, token, 'text/translate_async', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text, src_lang: 'en-us', tgt_lang: 'zh-cn' }),
    });
    expect(submitted.code, submitted.msg).toBe(20000);

    // Killed with part of the document translated and the text task still waiting.
    const file = await waitFor(
      'the document part way',
      async () => {
        const { rows } = await tdb.db.query<{ project_id: string; chunks: number; chunks_done: number }>(
          `SELECT project_id, chunks, chunks_done FROM doc_files WHERE task_id = $1 AND status = 'translating' AND chunks_done > 0`,
          [created.data.task_id],
        );
        return rows[0];
      },
      60_000,
    );
    gateway.child.kill('SIGKILL');
    await new Promise((resolve) => gateway.child.once('exit', resolve));
    const { rows: atKill } = await tdb.db.query<{ chunks_done: number; status: string }>(
      'SELECT chunks_done, status FROM doc_files WHERE project_id = $1',
      [file.project_id],
    );
    expect(atKill[0]!.status).toBe('translating');
    expect(atKill[0]!.chunks_done).toBeLessThan(file.chunks);
    const { rows: textAtKill } = await tdb.db.query('SELECT status FROM text_tasks WHERE task_id = $1', [submitted.data.task_id]);
    expect(textAtKill).toEqual([{ status: 'queued' }]);

    // Started again on the same data: both finish within a minute.
    gateway = await startGatewayProcess(env(), children);
    token = await loginOverHttp(gateway.api, 'admin@example.com', 'Admin12345');
    const doc = await waitFor(
      'the document to finish after the restart',
      async () => {
        const answer = await call<DocQueryData>(gateway.api, token, `request_translate/doc/query?task_id=${created.data.task_id}`);
        return answer.data.score >= 100 ? answer.data : undefined;
      },
      60_000,
    );
    const textTask = await waitFor(
      'the text task to finish after the restart',
      async () => {
        const answer = await call<{ status: string; translated: string | null }>(
          gateway.api,
          token,
          `text/query?task_id=${submitted.data.task_id}`,
        );
        return answer.data.status === 'queued' ? undefined : answer.data;
      },
      60_000,
    );
    expect(doc.translate_list[0]!.status).toBe('done');
    expect(textTask.status).toBe('done');
    expect(textTask.translated!.split('\n')).toEqual(Array(400).fill('五十八'));
    const result = await fetch(`${gateway.api}/request_translate/doc/download/${file.project_id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await result.text()).split('\n')).toEqual(lines.map((l) => (l === 'twenty one' ? '二十一' : '三十八')));

    // Charged once each: settled reservations of exactly their characters, and no more gone.
    const docReservation = await findReservation(tdb.db, file.project_id);
    const textReservation = await findReservation(tdb.db, submitted.data.task_id);
    expect([docReservation?.state, textReservation?.state]).toEqual(['settled', 'settled']);
    expect(docReservation?.charsCharged).toBe(doc.translate_list[0]!.chars);
    expect((await remaining(tdb.db, userId)).total_left).toBe(before - doc.translate_list[0]!.chars - textReservation!.charsCharged!);
    expect(await unownedStoredFiles()).toEqual([]);
  }, 240_000);
});
