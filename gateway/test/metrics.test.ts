/**
 * GET /metrics and GET /readyz on the real gateway: PostgreSQL, the in-process bus, an MT worker
 * on the committed tiny test models and a document worker. Figures are read back from the
 * Prometheus text the way a scraper would.
 */
import { reserve, settle } from '@mtp/billing';
import { publishEventTo } from '@mtp/platform';
import { BUS, type DeviceRecord } from '@mtp/proto';
import { submitTextJob } from '@mtp/tasks';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config';
import { uploadDocuments, waitForTask } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';
import { sampleOf } from './metrics-support';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const TOKEN = 'metrics-token-for-the-test-0123';
const POOL = 'metrics-acme';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({
    modelsDir: MODELS_DIR,
    app: { trustProxy: ['127.0.0.1'], metrics: { allow: ['192.0.2.0/24'], token: TOKEN, dbShareMs: 0 } },
  });
}, 60_000);
afterAll(async () => {
  await gw.close();
});

async function scrape(): Promise<string> {
  const res = await gw.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.payload;
}

const heartbeat = (fields: Partial<DeviceRecord>): DeviceRecord => ({
  device_id: 'metrics-gpu-1',
  role: 'mt',
  host: 'gpu-host',
  pid: 4242,
  pool: POOL,
  cpu_model: 'test cpu',
  cpu_count: 8,
  total_mem_bytes: 1 << 30,
  gpu: { name: 'Test GPU', memory_bytes: 1 << 30 },
  execution_provider: 'cuda',
  loaded_pairs: ['en-us_zh-cn'],
  in_flight: 2,
  jobs_done: 7,
  status: 'online',
  heartbeat_ms: 60_000,
  started_at: new Date(Date.now() - 60_000).toISOString(),
  reported_at: new Date().toISOString(),
  ...fields,
});

describe('requests and latency', () => {
  it('counts a request under its route pattern, never its URL, and times it', async () => {
    const route = { method: 'GET', route: '/api/v1.0/request_translate/doc/download/:projectId' };
    const before = await scrape();
    const projectId = randomUUID();
    const stray = `nothing-here-${randomUUID()}`;
    await gw.app.inject({ url: `/api/v1.0/request_translate/doc/download/${projectId}?x=${stray}` });
    await gw.app.inject({ url: `/api/v1.0/${stray}` });
    const after = await scrape();
    const count = (text: string, name: string, labels: Record<string, string>) => sampleOf(text, name, labels) ?? 0;
    // Unauthenticated: 401, so the 4xx class.
    const requests = { ...route, status_class: '4xx' };
    expect(count(after, 'mtp_http_requests_total', requests) - count(before, 'mtp_http_requests_total', requests)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(count(after, 'mtp_http_requests_total', unmatched) - count(before, 'mtp_http_requests_total', unmatched)).toBe(1);
    const timed = count(after, 'mtp_http_request_duration_seconds_count', route);
    expect(timed - count(before, 'mtp_http_request_duration_seconds_count', route)).toBe(1);
    expect(count(after, 'mtp_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(timed);
    expect(after).not.toContain(projectId);
    expect(after).not.toContain(stray);
    // The process figures come along, under the platform's prefix.
    expect(sampleOf(after, 'mtp_process_resident_memory_bytes', {})).toBeGreaterThan(0);
  });
});

describe('platform figures', () => {
  it('shows devices after their heartbeat, and a job queued in their pool', async () => {
    // A newer worker's record carries its load and state (optional fields).
    const loaded = { ...heartbeat({}), utilisation: 0.25, jobs_per_min: 12, state: 'draining' as const };
    await publishEventTo(gw.bus, BUS.deviceHeartbeat, loaded);
    const device = { device_id: 'metrics-gpu-1', role: 'mt', pool: POOL };
    await expect.poll(async () => sampleOf(await scrape(), 'mtp_device_online', device)).toBe(1);
    const text = await scrape();
    expect(sampleOf(text, 'mtp_device_jobs_in_flight', device)).toBe(2);
    expect(sampleOf(text, 'mtp_device_jobs_done', device)).toBe(7);
    expect(sampleOf(text, 'mtp_device_utilisation', device)).toBe(0.25);
    expect(sampleOf(text, 'mtp_device_jobs_per_minute', device)).toBe(12);
    expect(sampleOf(text, 'mtp_device_state', { ...device, state: 'draining' })).toBe(1);
    // The in-process MT worker of this gateway reports too.
    expect(sampleOf(text, 'mtp_device_online', { role: 'mt', pool: 'default' })).toBe(1);
    expect(sampleOf(text, 'mtp_queue_depth', { queue: 'mt.jobs', pool: POOL })).toBe(0);
    expect(sampleOf(text, 'mtp_queue_depth', { queue: 'doc.prepare', pool: '' })).toBe(0);

    // A text task for that pool: nobody there takes it (the fake device is only a heartbeat).
    const { userId } = await gw.registeredUser('metrics-queue@example.com');
    // Sent to that pool directly (no per-user routing: the user has no enterprise pool).
    const inPool = { ...gw.translation.text, pool: POOL, routeFor: undefined };
    await submitTextJob(inPool, { userId }, { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    const queued = await scrape();
    expect(sampleOf(queued, 'mtp_queue_depth', { queue: 'mt.jobs', pool: POOL })).toBe(1);
    expect(sampleOf(queued, 'mtp_tasks', { kind: 'text', status: 'queued' })).toBe(1);

    // Gone quiet (its clean offline record): shown as offline, not dropped.
    await publishEventTo(gw.bus, BUS.deviceHeartbeat, heartbeat({ status: 'offline', in_flight: 0 }));
    await expect.poll(async () => sampleOf(await scrape(), 'mtp_device_online', device)).toBe(0);
  });

  it('counts tasks by outcome and characters charged by kind from what the services wrote', async () => {
    const before = await scrape();
    const chars = (text: string, kind: string) => sampleOf(text, 'mtp_characters_charged', { kind }) ?? 0;
    const tasks = (text: string, kind: string, status: string) => sampleOf(text, 'mtp_tasks', { kind, status }) ?? 0;

    // Text translated at once (a visitor's trial): charged as text.
    const trial = await gw.call<{ chars: number }>('POST', 'try_translate', {
      body: { text: 'thirty eight', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(trial.code, trial.msg).toBe(20000);
    // An asynchronous text task, translated by the worker.
    const { token, userId } = await gw.registeredUser('metrics-tasks@example.com');
    const submitted = await gw.call<{ task_id: string }>('POST', 'text/translate_async', {
      token,
      body: { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(submitted.code, submitted.msg).toBe(20000);
    // A document, translated to the end.
    const created = await uploadDocuments(gw, token, [{ name: 'm.txt', bytes: Buffer.from('twenty one\nthirty eight') }]);
    expect(created.code, created.msg).toBe(20000);
    const doc = await waitForTask(gw, token, created.data.task_id);
    expect(doc.translate_list.map((f) => f.status)).toEqual(['done']);
    // A picture inside a document, as the tasks service reserves it.
    const pictureId = `${created.data.task_id}:pic:1:0`;
    await reserve(gw.db, { userId, taskId: pictureId, chars: 40 });
    await settle(gw.db, { taskId: pictureId, actualChars: 33 });
    // A web page translated at once, under the id shape the statistics read as `web`.
    const webId = `sync:en-us_zh-cn:web:${randomUUID()}`;
    await reserve(gw.db, { userId, taskId: webId, chars: 20 });
    await settle(gw.db, { taskId: webId, actualChars: 20 });
    await expect.poll(async () => tasks(await scrape(), 'text', 'done') - tasks(before, 'text', 'done')).toBe(1);

    const after = await scrape();
    expect(tasks(after, 'document', 'done') - tasks(before, 'document', 'done')).toBe(1);
    // Text: the trial and the asynchronous task (told from documents by the tasks' own rows).
    const { rows } = await gw.db.query<{ chars: number }>('SELECT chars FROM text_tasks WHERE task_id = $1', [submitted.data.task_id]);
    expect(chars(after, 'text') - chars(before, 'text')).toBe(trial.data.chars + rows[0]!.chars);
    expect(chars(after, 'document') - chars(before, 'document')).toBe(doc.translate_list[0]!.chars);
    expect(chars(after, 'picture') - chars(before, 'picture')).toBe(33);
    expect(chars(after, 'web') - chars(before, 'web')).toBe(20);
    expect(chars(after, 'api')).toBe(0);
    expect(sampleOf(after, 'mtp_metrics_source_up', { source: 'ledger' })).toBe(1);
  }, 90_000);
});

describe('a source that does not answer', () => {
  it('is left out of the scrape, which still answers with the rest', async () => {
    // Another session holds the document files table: the count waits until its statement timeout.
    const holder = await gw.db.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE doc_files IN ACCESS EXCLUSIVE MODE');
      const text = await scrape();
      expect(sampleOf(text, 'mtp_metrics_source_up', { source: 'tasks' })).toBe(0);
      expect(sampleOf(text, 'mtp_tasks', {})).toBeUndefined();
      expect(sampleOf(text, 'mtp_metrics_source_up', { source: 'ledger' })).toBe(1);
      expect(sampleOf(text, 'mtp_queue_depth', { queue: 'mt.jobs', pool: 'default' })).toBe(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(sampleOf(await scrape(), 'mtp_metrics_source_up', { source: 'tasks' })).toBe(1);
  });
});

describe('who may scrape', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) => gw.app.inject({ url: '/metrics', remoteAddress, headers });

  it('lets in this host, METRICS_ALLOW and the token, and refuses everyone else', async () => {
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('192.0.2.7')).statusCode).toBe(200);
    expect((await from('10.9.8.7', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    // Through the trusted proxy on this host, the client's own address decides.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '192.0.2.9' })).statusCode).toBe(200);

    const refused = await from('10.9.8.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 44041, msg: 'Not allowed to read the metrics', data: null });
    expect(refused.payload).not.toContain('mtp_');
    expect((await from('10.9.8.7', { authorization: 'Bearer wrong-token-wrong-token' })).statusCode).toBe(403);
    // A proxy on this host forwarding a stranger does not make the stranger local.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(403);
  });

  it('stays out of the API document', async () => {
    const doc = (await gw.app.inject({ url: '/api/v1.0/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => /metrics|readyz/.test(p))).toEqual([]);
  });
});

describe('readiness', () => {
  it('answers ready while the database, the bus and storage answer and a worker serves each pair', async () => {
    const res = await gw.app.inject({ url: '/readyz', remoteAddress: '203.0.113.5' });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { status: 'ok', database: true, bus: true, storage: true, workers: true, pairs_without_worker: [] },
    ]);
  });

  it('answers 503 naming a pair of its pool whose only worker went away', async () => {
    const gone = heartbeat({ device_id: 'readyz-ja-1', pool: 'default', loaded_pairs: ['en-us_ja'], status: 'offline', in_flight: 0 });
    await publishEventTo(gw.bus, BUS.deviceHeartbeat, gone);
    await expect.poll(async () => (await gw.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect((await gw.app.inject({ url: '/readyz' })).json()).toMatchObject({
      status: 'unavailable',
      workers: false,
      pairs_without_worker: ['en-us_ja'],
    });
    // The in-process worker's pairs are served; /healthz stays alive.
    expect((await gw.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await gw.translation.devices.forget('readyz-ja-1');
    expect((await gw.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('reads METRICS_ALLOW and METRICS_TOKEN, and refuses bad values by name', () => {
    const config = loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.1,fd00::/8', METRICS_TOKEN: TOKEN });
    expect([config.metricsAllow, config.metricsToken]).toEqual([['10.0.0.0/8', '192.0.2.1', 'fd00::/8'], TOKEN]);
    expect(loadConfig({}).metricsAllow).toEqual([]);
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_ALLOW: 'prometheus.local' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
