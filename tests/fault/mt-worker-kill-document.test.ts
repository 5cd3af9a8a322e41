/**
 * Fault injection for documents: the MT worker runs as its own process behind a real NATS
 * server; a document's chunks are in flight when the worker is killed (SIGKILL); a second worker
 * takes over. The task still completes, the output holds every sentence once and in order, and
 * the file's characters are charged exactly once.
 */
import { findReservation } from '@mtp/billing';
import type { Platform } from '@mtp/gateway';
import type { TestDatabase } from '@mtp/platform/testing';
import { BUS, type DocQueryData, type JobProgress } from '@mtp/proto';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startFaultPlatform, startMtWorkerProcess, useOwnNats, waitFor, type FaultPlatform } from '../support/fault-support';

const POOL = `docfault-${randomBytes(3).toString('hex')}`;
// Before the other hooks: the platform below needs its URL.
const nats = useOwnNats();

let tdb: TestDatabase;
let platform: Platform;
let started: FaultPlatform | undefined;
let api: string;
const workers: ChildProcess[] = [];
const startWorker = () => startMtWorkerProcess(nats.url, POOL, workers);

beforeAll(async () => {
  started = await startFaultPlatform(nats.url, { mtPool: POOL });
  ({ platform, api, tdb } = started);
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await started?.close();
});

describe('an MT worker killed in the middle of a document', () => {
  it('still completes the document, each sentence once, charged once', async () => {
    const first = startWorker();
    await waitFor('the first worker', () =>
      platform.translation.devices.list({ pool: POOL, online: true }).some((d) => d.role === 'mt') ? true : undefined,
    );
    const token = await loginOverHttp(api, 'admin@example.com', 'Admin12345');
    const lines = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 'twenty one' : 'nine thousand'));
    const progress: JobProgress[] = [];
    const sub = await platform.bus.subscribe<JobProgress>(BUS.jobProgress.subject, (p) => void progress.push(p));

    const form = new FormData();
    form.append('src_lang', 'en-us');
    form.append('tgt_lang', 'zh-cn');
    form.append('files', new Blob([lines.join('\n')]), 'numbers.txt');
    const created = await (
      await fetch(`${api}/request_translate/doc/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(created.code, created.msg).toBe(20000);
    const taskId = created.data.task_id as string;
    // Prepared by the document worker (in the platform's process here): its chunks are known.
    const files = await waitFor('the file prepared', async () => {
      const { rows } = await tdb.db.query<{ project_id: string; chunks: number; chars: number }>(
        `SELECT project_id, chunks, chars FROM doc_files WHERE task_id = $1 AND status = 'translating'`,
        [taskId],
      );
      return rows.length > 0 ? rows : undefined;
    });
    const projectId = files[0]!.project_id;
    expect(files[0]!.chunks).toBeGreaterThan(3);

    await waitFor('progress on the document', () => progress.find((p) => p.task_id === projectId));
    first.kill('SIGKILL');
    const { rows: atKill } = await tdb.db.query<{ chunks_done: number }>('SELECT chunks_done FROM doc_files WHERE project_id = $1', [
      projectId,
    ]);
    expect(atKill[0]!.chunks_done).toBeLessThan(files[0]!.chunks);
    startWorker();

    const query = async () =>
      (
        await (
          await fetch(`${api}/request_translate/doc/query?task_id=${taskId}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()
      ).data as DocQueryData;
    const task = await waitFor('the document to finish', async () => ((await query()).score >= 100 ? query() : undefined), 120_000);
    await sub.unsubscribe();
    expect(task.translate_list[0]!.status).toBe('done');

    const result = await fetch(`${api}/request_translate/doc/download/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
    const expected = lines.map((l) => (l === 'twenty one' ? '二十一' : '九千'));
    expect((await result.text()).split('\n')).toEqual(expected);
    const { rows: chunks } = await tdb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM doc_chunks WHERE project_id = $1', [
      projectId,
    ]);
    expect(chunks[0]!.n).toBe(files[0]!.chunks);
    const reservation = await findReservation(tdb.db, projectId);
    expect(reservation?.state).toBe('settled');
    expect(reservation?.charsCharged).toBe(files[0]!.chars);
    // The first worker stopped at the kill; the second finished the document.
    expect(new Set(progress.filter((p) => p.task_id === projectId).map((p) => p.device_id)).size).toBe(2);
  }, 180_000);
});
