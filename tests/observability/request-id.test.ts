/**
 * One request id through a cluster, every part its own process on a NATS server of this suite's
 * own, logging JSON (LOG_FORMAT=json LOG_LEVEL=info): the gateway (RUN_MT_WORKER=0) and an MT
 * worker. An async text translation sent with `x-request-id: test-abc-123` answers that header;
 * the gateway's log has the request's lines under it, the worker's log has its line for that
 * task's job under it, and the gateway's line about storing the result has it too. Every stdout
 * line of both processes is one JSON object.
 */
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginOverHttp, useOwnNats, waitFor } from '../support/fault-support';
import { killAll, startGatewayProcess, startWorkerProcess, type Started } from '../support/processes';

const nats = useOwnNats();
const REQUEST_ID = 'test-abc-123';
const JSON_LOGS = { LOG_FORMAT: 'json', LOG_LEVEL: 'info' };

type Line = { level?: string; name?: string; msg?: string; request_id?: string; [key: string]: unknown };

let tdb: TestDatabase;
let dataDir: string;
let api: string;
let token: string;
let gateway: Started;
let worker: Started;
const children: ChildProcess[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-request-id-'));
  const env = { NATS_URL: nats.url, DATA_DIR: dataDir, STORAGE_DIR: path.join(dataDir, 'storage'), ...JSON_LOGS };
  [gateway, worker] = await Promise.all([
    startGatewayProcess({ ...env, DATABASE_URL: tdb.url, RUN_MT_WORKER: '0', RUN_DOC_WORKER: '0' }, children),
    startWorkerProcess('mt', env, children),
  ]);
  api = (gateway as Started & { api: string }).api;
  token = await loginOverHttp(api, 'admin@example.com', 'Admin12345');
  await waitFor('the MT worker in the gateway', async () => {
    const answer = await (await fetch(`${api}/text/engine_list`, { headers: { authorization: `Bearer ${token}` } })).json();
    return answer.data?.enginelist?.some((p: { src_lang: string; kind: string }) => p.src_lang === 'en-us' && p.kind === 'direct')
      ? true
      : undefined;
  });
}, 180_000);

afterAll(async () => {
  killAll(children);
  await tdb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every stdout line parsed; a line that is not one JSON object fails the test with its text. */
function jsonLines(process: Started, who: string): Line[] {
  return process
    .stdout()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        const parsed: unknown = JSON.parse(l);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        return parsed as Line;
      } catch {
        throw new Error(`${who} wrote a stdout line that is not a JSON object: ${l}`);
      }
    });
}

describe('a request id through the bus', () => {
  it('follows an async text translation from the gateway to the worker and back, in JSON logs', async () => {
    const res = await fetch(`${api}/text/translate_async`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      body: JSON.stringify({ text: 'hello world', src_lang: 'en-us', tgt_lang: 'zh-cn' }),
    });
    expect(res.headers.get('x-request-id')).toBe(REQUEST_ID);
    const answer = (await res.json()) as { code: number; data: { task_id: string } };
    expect(answer.code).toBe(20000);
    const taskId = answer.data.task_id;
    await waitFor('the task to be done', async () => {
      const q = await (await fetch(`${api}/text/query?task_id=${taskId}`, { headers: { authorization: `Bearer ${token}` } })).json();
      return q.data?.status === 'done' ? true : undefined;
    });

    const mine = (lines: Line[]) => lines.filter((l) => l.request_id === REQUEST_ID);
    // The gateway's own lines of the HTTP request (Fastify's request lines run under its id).
    const gatewayLines = await waitFor('the result line in the gateway log', () => {
      const lines = mine(jsonLines(gateway, 'the gateway'));
      return lines.some((l) => l.msg?.includes(`result of task ${taskId}`)) ? lines : undefined;
    });
    expect(gatewayLines.some((l) => l.msg === 'incoming request' && l.name === 'gateway')).toBe(true);
    // The worker's line for that task's job, under the id the job carried in its NATS header.
    const workerLines = mine(jsonLines(worker, 'the MT worker'));
    expect(workerLines.some((l) => l.name === 'mt-worker' && l.msg?.includes(`text job ${taskId}#0 translated`))).toBe(true);
    // A request without an id gets one of its own, and the worker's other lines do not claim ours.
    const other = await fetch(`${api}/text/engine_list`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      jsonLines(worker, 'the MT worker')
        .filter((l) => l.msg?.includes('ready'))
        .every((l) => l.request_id === undefined),
    ).toBe(true);
    // Secrets never reach a log: the bearer token is nowhere in either process's output.
    expect(gateway.stdout()).not.toContain(token);
  });
});
