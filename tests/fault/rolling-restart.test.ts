/**
 * A rolling restart loses nothing. Two gateways, two MT workers and a document worker run as
 * processes on the suite's own NATS server; a client keeps sending text translations (each on a
 * connection of its own, to the gateways in turn, moving to the other one when refused, as a
 * load balancer does) while a batch of documents runs. Each gateway in turn gets SIGTERM, exits
 * 0 and starts again; then each MT worker. Every request either succeeded or was refused
 * cleanly BEFORE being taken (connection refused or reset before any answer, or the draining
 * gateway's 503): no 5xx and no error in the middle of a request; every document finishes; the
 * characters charged are exactly those of the successful requests and the documents.
 */
import { remaining } from '@mtp/billing';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClusterClient, numberLines } from '../support/fault-cluster';
import { loginOverHttp, useOwnNats, waitFor } from '../support/fault-support';
import { killAll, startGatewayProcess, startWorkerProcess, type Started } from '../support/processes';

// Before the other hooks: the processes below need its URL.
const nats = useOwnNats();

let tdb: TestDatabase;
let storageDir: string;
let dataDir: string;
const children: ChildProcess[] = [];
let gateways: (Started & { api: string })[] = [];
let mtWorkers: Started[] = [];
let token: string;

const env = () => ({ NATS_URL: nats.url, STORAGE_DIR: storageDir, DATA_DIR: dataDir, DATABASE_URL: tdb.url });
const startGateway = () => startGatewayProcess({ ...env(), RUN_MT_WORKER: '0', RUN_DOC_WORKER: '0' }, children);
const startMt = () => startWorkerProcess('mt', env(), children);

type Outcome = { kind: 'ok'; chars: number } | { kind: 'refused'; why: string } | { kind: 'failed'; why: string };

/** POST on a connection of its own; a refusal is told apart from a failure after the request was taken. */
function post(
  api: string,
  route: string,
  body: unknown,
): Promise<{ status: number; json: { code: number; data: unknown } } | { error: string }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${api}/${route}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || '{}') }));
        res.on('error', (err) => resolve({ error: `response: ${err.message}` }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

async function translateOnce(api: string, n: number): Promise<Outcome> {
  const text = n % 2 ? 'twenty one' : 'thirty eight';
  const answer = await post(api, 'text/translate', { text, src_lang: 'en-us', tgt_lang: 'zh-cn' });
  // ECONNRESET before any answer: the connection sat in the kernel's accept queue when the
  // stopping gateway closed its listener, and the kernel reset it (a plain Node server does the
  // same under load). No process saw the request; the exact ledger check below proves nothing
  // of it was charged. In a deployment the preStop pause keeps new connections away first.
  if ('error' in answer)
    return answer.error === 'ECONNREFUSED' || answer.error === 'ECONNRESET'
      ? { kind: 'refused', why: answer.error }
      : { kind: 'failed', why: answer.error };
  // Fastify's answer to a request on a connection of a server that is closing: nothing ran.
  if (answer.status === 503) return { kind: 'refused', why: '503' };
  const data = answer.json.data as { translated?: string } | undefined;
  if (answer.status === 200 && answer.json.code === 20000 && data?.translated === (n % 2 ? '二十一' : '三十八'))
    return { kind: 'ok', chars: text.length };
  return { kind: 'failed', why: `${answer.status} ${JSON.stringify(answer.json)}` };
}

/** Uploads `files` documents of `lines` numbered lines through the gateway at `api`. */
async function upload(api: string, lines: number, files: number): Promise<string> {
  const docs = Array.from({ length: files }, (_, i) => ({ name: `numbers-${i}.txt`, ...numberLines(lines) }));
  const created = await new ClusterClient(api, token).uploadTexts(docs);
  expect(created.code, created.msg).toBe(20000);
  return created.data.task_id;
}

/** SIGTERM, and the exit code it ended with. */
function terminate(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-rolling-storage-'));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-rolling-data-'));
  // Both gateways start at once on the empty database: the migrations must run once.
  const started = await Promise.all([startGateway(), startGateway(), startMt(), startMt(), startWorkerProcess('doc', env(), children)]);
  gateways = [started[0], started[1]];
  mtWorkers = [started[2], started[3]];
  token = await loginOverHttp(gateways[0]!.api, 'admin@example.com', 'Admin12345');
  for (const g of gateways)
    await waitFor('the pair in each gateway', async () => ((await translateOnce(g.api, 1)).kind === 'ok' ? true : undefined));
}, 240_000);

afterAll(async () => {
  killAll(children);
  await tdb?.drop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a rolling restart', () => {
  it('restarts every gateway and MT worker in turn without losing a request, a document or a character', async () => {
    const { rows } = await tdb.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'admin@example.com'`);
    const userId = rows[0]!.user_id;
    const before = (await remaining(tdb.db, userId)).total_left;
    const tasks = [await upload(gateways[0]!.api, 300, 3), await upload(gateways[1]!.api, 300, 2)];

    const outcomes: Outcome[] = [];
    let streaming = true;
    const stream = (async () => {
      for (let n = 0; streaming; n++) {
        // In turn, and on to the other gateway when refused (a load balancer's retry).
        let outcome = await translateOnce(gateways[n % 2]!.api, n);
        outcomes.push(outcome);
        if (outcome.kind === 'refused') outcomes.push((outcome = await translateOnce(gateways[(n + 1) % 2]!.api, n)));
        if (outcome.kind === 'refused') await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const exitCodes: (number | null)[] = [];
    for (let i = 0; i < gateways.length; i++) {
      await new Promise((r) => setTimeout(r, 1_500));
      exitCodes.push(await terminate(gateways[i]!.child));
      gateways[i] = await startGateway();
    }
    for (let i = 0; i < mtWorkers.length; i++) {
      await new Promise((r) => setTimeout(r, 1_500));
      exitCodes.push(await terminate(mtWorkers[i]!.child));
      mtWorkers[i] = await startMt();
    }
    await new Promise((r) => setTimeout(r, 1_500));
    streaming = false;
    await stream;

    expect(exitCodes).toEqual([0, 0, 0, 0]);
    const failed = outcomes.filter((o) => o.kind === 'failed');
    expect(failed).toEqual([]);
    const ok = outcomes.filter((o): o is Outcome & { kind: 'ok' } => o.kind === 'ok');
    expect(ok.length).toBeGreaterThan(20);
    console.log(`rolling restart: ${ok.length} requests served, ${outcomes.length - ok.length} refused before being taken`);

    const done = await Promise.all(tasks.map((taskId) => new ClusterClient(gateways[0]!.api, token).docsEnded(taskId, 180_000)));
    const files = done.flatMap((t) => t.translate_list);
    expect(files.map((f) => f.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    // Charged once: exactly the successful requests and the documents, nothing still reserved.
    const docChars = files.reduce((n, f) => n + f.chars, 0);
    expect(docChars).toBeGreaterThan(0);
    const { rows: open } = await tdb.db.query(`SELECT task_id FROM quota_reservations WHERE state = 'reserved'`);
    expect(open).toEqual([]);
    const textChars = ok.reduce((n, o) => n + o.chars, 0);
    expect(before - (await remaining(tdb.db, userId)).total_left).toBe(textChars + docChars);
  }, 420_000);
});
