/**
 * Fault injection: the MT worker runs as its own process behind a real NATS server; the gateway
 * takes an asynchronous translation, the worker is killed (SIGKILL) in the middle of the job, a
 * second worker starts, and the job is redelivered to it and finished exactly once: one result,
 * the right translation, the characters charged once.
 */
import { findReservation } from '@mtp/billing';
import type { Platform } from '@mtp/gateway';
import type { TestDatabase } from '@mtp/platform/testing';
import { BUS, type JobProgress } from '@mtp/proto';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp, startFaultPlatform, startMtWorkerProcess, useOwnNats, waitFor, type FaultPlatform } from '../support/fault-support';

// A pool of its own: the NATS server is shared by the whole test run.
const POOL = `fault-${randomBytes(3).toString('hex')}`;
// Before the other hooks: the platform below needs its URL.
const nats = useOwnNats();

let tdb: TestDatabase;
let platform: Platform;
let started: FaultPlatform | undefined;
let api: string;
const workers: ChildProcess[] = [];
const startWorker = () => startMtWorkerProcess(nats.url, POOL, workers);

async function call<T>(method: string, route: string, token: string | null, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${api}/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: T }>;
}

beforeAll(async () => {
  started = await startFaultPlatform(nats.url, { mtPool: POOL });
  ({ platform, api, tdb } = started);
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await started?.close();
});

describe('an MT worker killed mid-job', () => {
  it('has its job redelivered to another worker and finished exactly once', async () => {
    const first = startWorker();
    await waitFor('the first worker to report', () =>
      platform.translation.devices.list({ pool: POOL, online: true }).some((d) => d.role === 'mt') ? true : undefined,
    );

    const token = await loginOverHttp(api, 'admin@example.com', 'Admin12345');
    const before = (await call<{ total_left: number }>('GET', 'user/remaining_str', token)).data.total_left;

    const lines = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 'twenty one' : 'nine thousand'));
    const text = lines.join('\n');
    const progress: JobProgress[] = [];
    const sub = await platform.bus.subscribe<JobProgress>(BUS.jobProgress.subject, (p) => void progress.push(p));

    const submitted = await call<{ task_id: string }>('POST', 'text/translate_async', token, {
      text,
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
    });
    expect(submitted.code).toBe(20000);
    const taskId = submitted.data.task_id;

    // Kill the worker as soon as it has reported progress on our task, well before it finishes.
    const seen = await waitFor('progress from the first worker', () => progress.find((p) => p.task_id === taskId));
    expect(seen.done_segments).toBeLessThan(seen.total_segments);
    first.kill('SIGKILL');
    startWorker();

    const task = await waitFor(
      'the task to finish',
      async () => {
        const { data } = await call<{ status: string; translated: string }>('GET', `text/query?task_id=${taskId}`, token);
        return data.status === 'queued' ? undefined : data;
      },
      90_000,
    );
    await sub.unsubscribe();

    expect(task.status).toBe('done');
    const expected = lines.map((l) => (l === 'twenty one' ? '二十一' : '九千')).join('\n');
    expect(task.translated).toBe(expected);
    const { rows } = await tdb.db.query<{ results_received: number }>('SELECT results_received FROM text_tasks WHERE task_id = $1', [
      taskId,
    ]);
    expect(rows[0]!.results_received).toBe(1);
    const reservation = await findReservation(tdb.db, taskId);
    expect(reservation).toMatchObject({ state: 'settled' });
    const after = (await call<{ total_left: number }>('GET', 'user/remaining_str', token)).data.total_left;
    expect(before - after).toBe(text.length);
    // The first worker's progress stopped at the kill; the second worker did the job.
    expect(new Set(progress.filter((p) => p.task_id === taskId).map((p) => p.device_id)).size).toBe(2);
  }, 150_000);
});
