/**
 * The native public API's web page calls (`open/web/translate`, `open/web/query`,
 * `open/web/download`) through the real gateway: a key owner's token, the in-process document
 * worker fetching a page this test serves on 127.0.0.1 (let through by the administrator's
 * allow-list, WEB_FETCH_ALLOW_HOSTS), the tiny test MT models (English number words to Chinese
 * numerals), the real ledger charging the API package first. Also the refusals: URLs that are
 * none before any task, a loopback name refused by the worker with its own code, nothing charged.
 */
import { grantPackage, grantPlan } from '@mtp/billing';
import type { OpenWebQueryData } from '@mtp/proto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';
import { apiUser, balanceOf, openCall, type ApiUser } from './public-api-native-support';

const PAGE = `<!doctype html><html><head><title>twenty one</title><script>var x = "forty";</script></head>
<body><p>thirty</p><p>five</p></body></html>`;

let gw: TestGateway;
let server: http.Server;
let base = '';
let user: ApiUser;
const previousAllow = process.env.WEB_FETCH_ALLOW_HOSTS;
const pair = { src_lang: 'en-us', tgt_lang: 'zh-cn' };

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.WEB_FETCH_ALLOW_HOSTS = '127.0.0.1';
  gw = await buildTestGateway({ modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models') });
  user = await apiUser(gw, 'native-web@example.com');
}, 120_000);

afterAll(async () => {
  process.env.WEB_FETCH_ALLOW_HOSTS = previousAllow;
  await gw?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function waitEnded(token: string, taskId: string, lang?: string): Promise<OpenWebQueryData> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await openCall<OpenWebQueryData>(gw, 'GET', 'web/query', { token, query: { task_id: taskId }, lang });
    expect(answer.code, answer.msg).toBe(20000);
    if (answer.data.status !== 'working') return answer.data;
    if (Date.now() > deadline) throw new Error(`web task ${taskId} still working`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('open/web', () => {
  it('translates a page for the key owner, charged from the API package, and answers its HTML', async () => {
    const payer = await apiUser(gw, 'native-web-package@example.com');
    await grantPlan(gw.db, { userId: payer.userId, sku: 'standard-m' });
    await grantPackage(gw.db, { userId: payer.userId, sku: 'api_10M-y' });
    const created = await openCall<{ task_id: string }>(gw, 'POST', 'web/translate', {
      token: payer.token,
      body: { url: `${base}/a`, ...pair },
    });
    expect(created.code, created.msg).toBe(20000);
    const taskId = created.data.task_id;
    const done = await waitEnded(payer.token, taskId);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      code: 0,
      url: `${base}/a`,
      chars: 'twenty one'.length + 'thirty'.length + 'five'.length,
    });

    const download = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/open/web/download',
      query: { task_id: taskId },
      headers: { authorization: `Bearer ${payer.token}` },
    });
    expect(download.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(download.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(download.body).toContain('<title>二十一</title>');
    expect(download.body).toContain('<p>三十</p>');
    expect(download.body).toContain('var x = "forty";');
    const original = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/open/web/download',
      query: { task_id: taskId, version: 'original' },
      headers: { authorization: `Bearer ${payer.token}` },
    });
    expect(original.body).toContain('<p>thirty</p>');

    const { rows } = await gw.db.query<{ sku: string; via: string }>(
      `SELECT g.sku, w.via FROM quota_reservation_parts p JOIN quota_grants g ON g.grant_id = p.grant_id
       JOIN web_tasks w ON w.task_id::text = p.task_id WHERE w.task_id::text = $1`,
      [taskId],
    );
    expect(rows).toEqual([{ sku: 'api_10M-y', via: 'api' }]);

    // Another key's owner does not see it; an unknown id is a task_id error.
    expect((await openCall(gw, 'GET', 'web/query', { token: user.token, query: { task_id: taskId } })).code).toBe(10014);
    expect((await openCall(gw, 'GET', 'web/download', { token: user.token, query: { task_id: taskId } })).code).toBe(10014);
  });

  it('refuses what is not a URL before any task, each with its reason, in both languages', async () => {
    const before = await balanceOf(gw, user.userId);
    const tasks = async () =>
      Number((await gw.db.query('SELECT count(*) FROM web_tasks WHERE user_id = $1', [user.userId])).rows[0]!.count);
    const call = (url: string, lang?: string) => openCall(gw, 'POST', 'web/translate', { token: user.token, body: { url, ...pair }, lang });
    expect(await call('not a url')).toMatchObject({
      code: 10002,
      msg: 'Incorrect parameter (This is not a valid web address; enter a full http or https URL)',
    });
    expect((await call('http://')).code).toBe(10002);
    expect((await call('http://exa mple.com', 'zh-CN')).msg).toContain('这不是有效的网址');
    expect((await call('ftp://example.com/x')).msg).toContain('only http and https pages');
    expect((await call(`https://example.com/${'a'.repeat(2048)}`)).code).toBe(10002);
    expect((await openCall(gw, 'POST', 'web/translate', { token: user.token, body: pair })).code).toBe(10001);
    expect(
      (await openCall(gw, 'POST', 'web/translate', { token: user.token, body: { url: base, src_lang: 'en-us', tgt_lang: 'xx' } })).code,
    ).toBe(10016);
    expect((await openCall(gw, 'POST', 'web/translate', { body: { url: base, ...pair } })).code).toBe(10007);
    expect(await tasks()).toBe(0);
    expect(await balanceOf(gw, user.userId)).toBe(before);
  });

  it('ends a page the worker refuses with its own code, charging nothing; download says so', async () => {
    const before = await balanceOf(gw, user.userId);
    const created = await openCall<{ task_id: string }>(gw, 'POST', 'web/translate', {
      token: user.token,
      body: { url: `http://localhost:${new URL(base).port}/`, ...pair },
    });
    expect(created.code, created.msg).toBe(20000);
    const failed = await waitEnded(user.token, created.data.task_id, 'en-US');
    expect(failed).toMatchObject({
      status: 'failed',
      code: 44093,
      chars: 0,
      message: 'The URL points to a loopback address and cannot be translated',
    });
    const download = await openCall(gw, 'GET', 'web/download', { token: user.token, query: { task_id: created.data.task_id } });
    expect(download.code).toBe(10014);
    expect(download.msg).toContain('loopback');
    expect(await balanceOf(gw, user.userId)).toBe(before);
  });
});
