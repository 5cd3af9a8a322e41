/**
 * Web page translation end to end (issue 22 item 2): the gateway takes the URL and a free
 * user's trial, the in-process document worker fetches a page this test serves on 127.0.0.1
 * (let through by the administrator's allow-list, WEB_FETCH_ALLOW_HOSTS), the tiny test MT
 * models translate it, the ledger is charged, and the page is served under a sandbox CSP.
 * Also: refusals (loopback by name, a bad scheme) charge nothing and give the trial back, and a
 * page that failed after its characters were reserved is refunded.
 */
import { remaining } from '@mtp/billing';
import type { WebTaskStatus } from '@mtp/proto';
import { chargeWebPage, onWebResult, recoverWebTasks, webResultKey } from '@mtp/tasks';
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

let gw: TestGateway;
let server: http.Server;
let base = '';
let alice: { token: string; userId: number };
const previousAllow = process.env.WEB_FETCH_ALLOW_HOSTS;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
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
});
