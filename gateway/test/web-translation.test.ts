/**
 * Web page translation end to end (issue 22 item 2): the gateway takes the URL and a free
 * user's trial, the in-process document worker fetches a page this test serves on 127.0.0.1
 * (let through by the administrator's allow-list, WEB_FETCH_ALLOW_HOSTS), the tiny test MT
 * models translate it, the ledger is charged, and the page is served under a sandbox CSP.
 * Also: refusals (loopback by name, a bad scheme, what is no URL) charge nothing and give the
 * trial back; a page of many chunks shows its first screen as a partial page while working and
 * is charged once; a page that failed after its characters were reserved (after its first
 * screen too) is refunded in full and its partial page withdrawn; old tasks and their files are
 * swept after the documents' retention; a task keeps its owner's device pool.
 */
import { remaining } from '@mtp/billing';
import { consumeJobsOf } from '@mtp/platform';
import { BUS, type WebTaskStatus } from '@mtp/proto';
import { chargeWebPage, createWebTask, onWebResult, recoverWebTasks, sweepExpiredWebPages, webOriginalKey, webResultKey } from '@mtp/tasks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const PAGE = `<!doctype html><html lang="en"><head><title>Hello world</title>
<script>document.title = "pwned";</script><style>p { color: red }</style></head>
<body><p>Hello world.</p><p>Good morning. <code>npm run build</code></p><img src="/cat.png" alt="A cat"></body></html>`;

/** Many chunks: a title, then 300 paragraphs of number words the tiny test model translates. */
const WORDS = ['twenty one', 'thirty', 'five', 'forty two', 'nine thousand'];
const BIG_PAGE = `<!doctype html><html><head><title>twenty one</title><meta name="description" content="thirty"></head><body>
${Array.from({ length: 300 }, (_, i) => `<p id="p${i}">${WORDS[i % WORDS.length]}</p>`).join('\n')}</body></html>`;

let gw: TestGateway;
let server: http.Server;
let base = '';
let alice: { token: string; userId: number };
const previousAllow = process.env.WEB_FETCH_ALLOW_HOSTS;

beforeAll(async () => {
  server = http.createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.url === '/big' ? BIG_PAGE : PAGE),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.WEB_FETCH_ALLOW_HOSTS = '127.0.0.1';
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models') });
  alice = await gw.registeredUser('web-pages@example.com');
}, 120_000);

afterAll(async () => {
  process.env.WEB_FETCH_ALLOW_HOSTS = previousAllow;
  await gw?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const trialsUsed = async (userId: number) =>
  Number(
    (await gw.db.query(`SELECT coalesce(sum(used), 0) AS n FROM feature_trials WHERE user_id = $1 AND feature = 'web'`, [userId])).rows[0]
      .n,
  );

async function translate(url: string) {
  return gw.call<{ task_id: string }>('POST', 'web/translate', { token: alice.token, body: { url, src_lang: 'en-us', tgt_lang: 'zh-cn' } });
}

async function waitForTask(taskId: string, lang?: string): Promise<WebTaskStatus> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await gw.call<WebTaskStatus>('GET', 'web/query', { token: alice.token, query: { task_id: taskId }, lang });
    expect(answer.code, answer.msg).toBe(20000);
    if (answer.data.status !== 'working') return answer.data;
    if (Date.now() > deadline) throw new Error(`web task ${taskId} still working`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('web/translate', () => {
  it('translates a page, charges its characters and serves it sandboxed', async () => {
    const left = (await remaining(gw.db, alice.userId)).total_left;
    const created = await translate(`${base}/article`);
    expect(created.code, created.msg).toBe(20000);
    const done = await waitForTask(created.data.task_id);
    expect(done.status).toBe('done');
    expect(done.chars).toBeGreaterThan(0);
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left - done.chars);
    expect(await trialsUsed(alice.userId)).toBe(1);

    const page = await gw.app.inject({ method: 'GET', url: done.page_url!, headers: { authorization: `Bearer ${alice.token}` } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(csp).toContain("script-src 'none'");
    expect(page.body).toContain('<script>document.title = "pwned";</script>');
    expect(page.body).toContain('<code>npm run build</code>');
    expect(page.body).toContain(`src="${base}/cat.png"`);
    expect(page.body).not.toContain('<p>Hello world.</p>');
    const original = await gw.app.inject({
      method: 'GET',
      url: `${done.page_url!}?version=original`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(original.body).toContain('<p>Hello world.</p>');
    expect(String(original.headers['content-security-policy'])).toMatch(/^sandbox;/);

    const stranger = await gw.registeredUser('web-stranger@example.com');
    const other = await gw.call('GET', 'web/query', { token: stranger.token, query: { task_id: created.data.task_id } });
    expect(other.code).toBe(44099);
  });

  it('refuses a name resolving to loopback with its own message; nothing charged, trial given back', async () => {
    const left = (await remaining(gw.db, alice.userId)).total_left;
    const trials = await trialsUsed(alice.userId);
    const created = await translate(`http://localhost:${new URL(base).port}/`);
    const failed = await waitForTask(created.data.task_id, 'en-US');
    expect(failed.status).toBe('failed');
    expect(failed.code).toBe(44093);
    expect(failed.message).toBe('The URL points to a loopback address and cannot be translated');
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left);
    expect(await trialsUsed(alice.userId)).toBe(trials);
  });

  it('refuses a non-http scheme at once, without a task', async () => {
    const answer = await translate('file:///etc/passwd');
    expect(answer.code).toBe(44091);
    const empty = await gw.call('POST', 'web/translate', { token: alice.token, body: { url: ' ', src_lang: 'en-us', tgt_lang: 'zh-cn' } });
    expect(empty.code).toBe(40000);
  });

  it('refuses what is no URL, or too long a one, at once with its own code: no task, no trial', async () => {
    const count = async () =>
      Number((await gw.db.query('SELECT count(*) AS n FROM web_tasks WHERE user_id = $1', [alice.userId])).rows[0].n);
    const before = await count();
    const trials = await trialsUsed(alice.userId);
    for (const url of ['not a url', 'http://', 'http://exa mple.com']) {
      const answer = await gw.call('POST', 'web/translate', {
        token: alice.token,
        body: { url, src_lang: 'en-us', tgt_lang: 'zh-cn' },
        lang: 'en-US',
      });
      expect(answer.code, url).toBe(44115);
      expect(answer.msg).toBe('This is not a valid web address; enter a full http or https URL');
    }
    const long = await translate(`https://example.com/${'a'.repeat(2048)}`);
    expect(long.code).toBe(44116);
    expect((await translate('mailto:someone@example.com')).code).toBe(44091);
    expect(await count()).toBe(before);
    expect(await trialsUsed(alice.userId)).toBe(trials);
  });

  it('translates a page of many chunks first screen first: a partial page while working, one charge', async () => {
    const created = await translate(`${base}/big`);
    expect(created.code, created.msg).toBe(20000);
    const taskId = created.data.task_id;
    const done = await waitForTask(taskId);
    expect(done).toMatchObject({ status: 'done', progress: 100, partial: false });
    const { rows } = await gw.db.query(
      'SELECT units_done, units_total, partial_at IS NOT NULL AND partial_at <= finished_at AS partial_first FROM web_tasks WHERE task_id = $1',
      [taskId],
    );
    // 1 title + 1 meta description + 300 paragraphs; the first screen was served before the end.
    expect(rows[0]).toEqual({ units_done: 302, units_total: 302, partial_first: true });
    const reservations = await gw.db.query('SELECT state FROM quota_reservations WHERE task_id = $1', [taskId]);
    expect(reservations.rows).toEqual([{ state: 'settled' }]);
    const page = await gw.app.inject({ method: 'GET', url: done.page_url!, headers: { authorization: `Bearer ${alice.token}` } });
    expect(page.body).toContain('<title>二十一</title>');
    expect(page.body).toContain('<p id="p299">九千</p>');
    for (const word of WORDS) expect(page.body).not.toContain(`>${word}<`);
  });

  it('serves the partial page while working; a failure after it refunds everything and withdraws it', async () => {
    const docs = gw.translation.docs!;
    const left = (await remaining(gw.db, alice.userId)).total_left;
    const taskId = randomUUID();
    await gw.db.query(
      `INSERT INTO web_tasks (task_id, user_id, url, src_lang, tgt_lang, result_key, status) VALUES ($1, $2, $3, 'en-us', 'zh-cn', $4, 'working')`,
      [taskId, alice.userId, `${base}/big`, webResultKey(taskId)],
    );
    expect(await chargeWebPage(docs, { task_id: taskId, chars: 900 })).toEqual({ granted: true });
    // As the worker does after the first chunk: the partial page, then its progress.
    await docs.storage.put(webResultKey(taskId), Buffer.from('<p>二十一</p><p>thirty</p>'));
    await docs.storage.put(webOriginalKey(taskId), Buffer.from('<p>twenty one</p><p>thirty</p>'));
    const query = () => gw.call<WebTaskStatus>('GET', 'web/query', { token: alice.token, query: { task_id: taskId } });
    expect((await query()).data).toMatchObject({ status: 'working', partial: false, page_url: null, progress: 0 });
    await onWebResult(docs, { kind: 'web.progress', task_id: taskId, done: 40, total: 160, partial: true });
    // A report arriving late changes nothing: progress only grows.
    await onWebResult(docs, { kind: 'web.progress', task_id: taskId, done: 10, total: 160, partial: true });
    const partial = (await query()).data;
    expect(partial).toMatchObject({ status: 'working', partial: true, progress: 25, page_url: `/api/v1.0/web/page/${taskId}` });
    const served = await gw.app.inject({ method: 'GET', url: partial.page_url!, headers: { authorization: `Bearer ${alice.token}` } });
    expect(served.body).toBe('<p>二十一</p><p>thirty</p>');

    await onWebResult(docs, { kind: 'web.failed', task_id: taskId, code: 'FILE_TRANSLATION_FAILED', detail: 'MT failed chunk 2' });
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left);
    expect((await query()).data).toMatchObject({ status: 'failed', partial: false, page_url: null });
    const gone = await gw.app.inject({ method: 'GET', url: partial.page_url!, headers: { authorization: `Bearer ${alice.token}` } });
    expect(gone.json()).toMatchObject({ code: 44099 });
    expect(await docs.storage.stat(webResultKey(taskId))).toBeNull();
    expect(await docs.storage.stat(webOriginalKey(taskId))).toBeNull();
  });

  it("sweeps web tasks older than the documents' retention with their files, refunding one still working", async () => {
    const docs = gw.translation.docs!;
    const left = (await remaining(gw.db, alice.userId)).total_left;
    const row = async (age: string, status: 'done' | 'working') => {
      const taskId = randomUUID();
      await gw.db.query(
        `INSERT INTO web_tasks (task_id, user_id, url, src_lang, tgt_lang, result_key, status, created_at)
         VALUES ($1, $2, $3, 'en-us', 'zh-cn', $4, $5, now() - $6::interval)`,
        [taskId, alice.userId, `${base}/old`, webResultKey(taskId), status, age],
      );
      await docs.storage.put(webResultKey(taskId), Buffer.from('<p>页</p>'));
      await docs.storage.put(webOriginalKey(taskId), Buffer.from('<p>page</p>'));
      return taskId;
    };
    const oldDone = await row('25 hours', 'done');
    const oldWorking = await row('25 hours', 'working');
    expect(await chargeWebPage(docs, { task_id: oldWorking, chars: 50 })).toEqual({ granted: true });
    const recent = await row('23 hours', 'done');
    expect(await sweepExpiredWebPages(docs)).toBe(2);
    const ids = (await gw.db.query('SELECT task_id::text FROM web_tasks WHERE task_id = ANY($1::uuid[])', [[oldDone, oldWorking, recent]]))
      .rows;
    expect(ids).toEqual([{ task_id: recent }]);
    for (const gone of [oldDone, oldWorking]) {
      expect(await docs.storage.stat(webResultKey(gone))).toBeNull();
      expect(await docs.storage.stat(webOriginalKey(gone))).toBeNull();
    }
    expect(await docs.storage.stat(webResultKey(recent))).not.toBeNull();
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left);
  });

  it('refunds a page that failed after its characters were reserved', async () => {
    const docs = gw.translation.docs!;
    const left = (await remaining(gw.db, alice.userId)).total_left;
    // A task no worker was sent (as if its worker died after the charge).
    const taskId = randomUUID();
    await gw.db.query(
      `INSERT INTO web_tasks (task_id, user_id, url, src_lang, tgt_lang, result_key, status) VALUES ($1, $2, $3, 'en-us', 'zh-cn', $4, 'working')`,
      [taskId, alice.userId, `${base}/x`, webResultKey(taskId)],
    );
    expect(await chargeWebPage(docs, { task_id: taskId, chars: 120 })).toEqual({ granted: true });
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left - 120);
    await onWebResult(docs, { kind: 'web.failed', task_id: taskId, code: 'FILE_TRANSLATION_FAILED', detail: 'MT failed' });
    expect((await remaining(gw.db, alice.userId)).total_left).toBe(left);
    expect((await waitForTask(taskId)).code).toBe(1203);
  });

  it('sends a page whose publish was lost again from its row (the recovery sweep)', async () => {
    const taskId = randomUUID();
    await gw.db.query(
      `INSERT INTO web_tasks (task_id, user_id, url, src_lang, tgt_lang, result_key, status, created_at)
       VALUES ($1, $2, $3, 'en-us', 'zh-cn', $4, 'working', now() - interval '1 minute')`,
      [taskId, alice.userId, `${base}/lost`, webResultKey(taskId)],
    );
    const rules = { resumeAll: false, unpublishedAfterMs: 30_000, stalledAfterMs: 600_000, holderStalledAfterMs: 600_000 };
    expect(await recoverWebTasks(gw.translation.docs!, rules)).toBe(1);
    expect((await waitForTask(taskId)).status).toBe('done');
    // Published now: a second sweep leaves it alone.
    expect(await recoverWebTasks(gw.translation.docs!, rules)).toBe(0);
  });
  it("keeps the owner's device pool on the task and sends its MT there", async () => {
    const docs = gw.translation.docs!;
    // The gateway's routeFor answers an enterprise's dedicated pool for its members
    // (device-pools.ts, tests/fault/device-pools.test.ts); here one user's route names one.
    const routed = { ...docs, routeFor: async () => ({ pool: 'ent-web-7', mt: docs.mt }) };
    const { task_id } = await createWebTask(
      routed,
      { userId: alice.userId, role: 1, siteId: null },
      {
        url: `${base}/pooled`,
        src_lang: 'en-us',
        tgt_lang: 'zh-cn',
      },
    );
    const { rows } = await gw.db.query('SELECT pool FROM web_tasks WHERE task_id = $1', [task_id]);
    expect(rows[0]).toEqual({ pool: 'ent-web-7' });
    // The worker fetched the page and sent its first chunk to that pool's batch queue (never the
    // shared pool). This test stands in for the pool's device: it takes the job and answers it
    // failed, so the page ends refunded.
    const seen: string[][] = [];
    const device = await consumeJobsOf(
      docs.bus,
      BUS.translateSegments,
      async (job) => {
        seen.push(job.payload.segments);
        if (job.payload.kind === 'picture' && job.payload.reply_to)
          await docs.bus.publish(job.payload.reply_to, { task_id: job.payload.task_id, translations: [], error: 'stand-in device' });
      },
      { pool: 'ent-web-7' },
    );
    try {
      const ended = await waitForTask(task_id);
      expect(ended).toMatchObject({ status: 'failed', code: 1203 });
      expect(seen).toEqual([['Hello world', 'Hello world.', 'Good morning.', 'A cat']]);
    } finally {
      await device.stop();
    }
  });
});
