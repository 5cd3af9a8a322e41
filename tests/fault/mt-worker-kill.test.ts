/**
 * Fault injection: the MT worker runs as its own process behind a real NATS server; the gateway
 * takes an asynchronous translation, the worker is killed (SIGKILL) in the middle of the job, a
 * second worker starts, and the job is redelivered to it and finished exactly once: one result,
 * the right translation, the characters charged once.
 */
import { findReservation } from '@mtp/billing';
import { loadConfig, REPO_ROOT } from '@mtp/gateway/src/config';
import { startPlatform, type Platform } from '@mtp/gateway/src/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { BUS, type JobProgress } from '@mtp/proto';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
// A pool of its own: the NATS server is shared by the whole test run.
const POOL = `fault-${randomBytes(3).toString('hex')}`;
const ACK_WAIT_MS = 2000;

let tdb: TestDatabase;
let platform: Platform;
let api: string;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/mt/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NATS_URL: inject('natsUrl'),
      MODELS_DIR,
      MT_POOL: POOL,
      MT_THREADS: '1',
      // One sentence per engine call makes the job long enough to be killed in the middle.
      MT_BATCH_SIZE: '1',
      MT_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d) => process.stderr.write(`[worker ${child.pid}] ${d}`));
  workers.push(child);
  return child;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call<T>(method: string, route: string, token: string | null, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${api}/${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: T }>;
}

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  platform = await startPlatform(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      databaseUrl: tdb.url,
      natsUrl: inject('natsUrl'),
      runMtWorker: false,
      mtPool: POOL,
      adminAccount: 'admin@example.com',
      adminPassword: 'Admin12345',
    },
    { log: () => {} },
  );
  api = `${await platform.listen()}/api/v1.0`;
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
  await platform?.close();
  await tdb?.drop();
});

describe('an MT worker killed mid-job', () => {
  it('has its job redelivered to another worker and finished exactly once', async () => {
    const first = startWorker();
    await waitFor('the first worker to report', () =>
      platform.translation.devices.list({ pool: POOL, online: true }).length > 0 ? true : undefined,
    );

    const { data: keyData } = await call<{ public_key: string }>('GET', 'user/get_public_key', null);
    const { publicEncrypt, constants } = await import('node:crypto');
    const password = publicEncrypt(
      { key: keyData.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('Admin12345'),
    );
    const login = await call<{ access_token: string }>('POST', 'user/login', null, {
      account: 'admin@example.com',
      password: password.toString('base64'),
      agree_terms: true,
    });
    const token = login.data.access_token;
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
