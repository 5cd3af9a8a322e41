/**
 * App keys through the real gateway (issue 20 item 1): the user center's key calls, the staff
 * listing and its scope, the token call, and who a public-API request is (api-caller.ts) with
 * the frequency limit counting it under its key. Until the native family's routes and error
 * handler exist, small probe routes with `apiAuth` stand in for them, and the codes are asserted
 * as the root envelope renders the AppError (the native handler maps them: 42900 -> 10005).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { isCountedRoute } from '../src/plugins/frequency-limit';
import { requireApiCaller } from '../src/public-api/api-caller';
import { grantPackage, grantPlan } from '@mtp/billing';
import { buildTestGateway, type TestGateway } from './helper';
import { apiUser, openCall } from './public-api-native-support';
import { addUser, managerOf } from './user-admin-support';

type Created = { app_id: string; app_secret: string; api_key: string; name: string; created_at: string };
type Listed = { list: Record<string, unknown>[]; total: number; pages: number };

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  // The tiny test models (English number words to Chinese numerals) make en-us -> zh-cn available.
  gw = await buildTestGateway({
    app: { apiTokenTtlSeconds: 3600 },
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    docWorker: false,
  });
  const answer = async (req: FastifyRequest) => ({ code: 20000, msg: 'ok', data: { caller: req.apiCaller, app: req.apiAppId } });
  gw.app.get('/api/v1.0/open/probe', { config: { auth: 'ignore', apiAuth: 'token' } }, answer);
  gw.app.post('/api/v1.0/open/probe-libre', { config: { auth: 'ignore', apiAuth: 'libre' } }, async (req) => {
    requireApiCaller(req);
    return answer(req);
  });
  gw.app.post('/v2/probe', { config: { apiAuth: 'deepl' } }, answer);
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw?.close();
});

const createKey = (token: string, name = 'my app') => gw.call<Created>('POST', 'app/keys', { token, body: { name } });

async function tokenFor(key: Created) {
  return gw.call<{ token: string; expires_in: number }>('POST', 'open/token', { body: { app_id: key.app_id, app_secret: key.app_secret } });
}

const probe = (token: string, lang = 'en-US') =>
  gw.app.inject({ method: 'GET', url: '/api/v1.0/open/probe', headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

describe('the user center calls', () => {
  it('creates a key with its secret shown once, lists and revokes own keys, each logged', async () => {
    const user = await gw.registeredUser('keys-owner@example.com');
    const created = await createKey(user.token, 'Nightly export');
    expect(created.code, created.msg).toBe(20000);
    expect(created.data.api_key).toBe(`${created.data.app_id}:${created.data.app_secret}`);
    const { rows } = await gw.db.query<{ secret_hash: string }>('SELECT secret_hash FROM app_keys WHERE app_id = $1', [
      created.data.app_id,
    ]);
    expect(rows[0]!.secret_hash).toBe(createHash('sha256').update(created.data.app_secret).digest('hex'));

    const listed = await gw.call<Listed>('GET', 'app/keys', { token: user.token });
    expect(listed.data).toEqual({
      list: [
        { app_id: created.data.app_id, name: 'Nightly export', created_at: created.data.created_at, last_used_at: null, revoked_at: null },
      ],
      total: 1,
      pages: 1,
    });

    const other = await gw.registeredUser('keys-other@example.com');
    expect((await gw.call('DELETE', `app/keys/${created.data.app_id}`, { token: other.token })).code).toBe(44052);
    expect((await gw.call('GET', 'app/keys', { token: other.token })).data).toEqual({ list: [], total: 0, pages: 0 });
    for (let i = 0; i < 2; i += 1) {
      const revoked = await gw.call('DELETE', `app/keys/${created.data.app_id}`, { token: user.token });
      expect(revoked).toMatchObject({ code: 20000, data: { revoked: 1 } });
    }
    const after = await gw.call<Listed>('GET', 'app/keys', { token: user.token });
    expect(after.data.list[0]!.revoked_at).toEqual(expect.any(String));

    const log = await gw.db.query<{ action: string; actor_account: string }>(
      'SELECT action, actor_account FROM system_log WHERE target_id = $1 ORDER BY log_id',
      [created.data.app_id],
    );
    expect(log.rows).toEqual([
      { action: 'app_key.create', actor_account: 'keys-owner@example.com' },
      { action: 'app_key.revoke', actor_account: 'keys-owner@example.com' },
    ]);
  });

  it('refuses visitors, bad names and a 21st live key', async () => {
    expect((await gw.call('GET', 'app/keys')).status).toBe(401);
    expect((await gw.call('POST', 'app/keys', { body: { name: 'x' } })).status).toBe(401);
    const user = await gw.registeredUser('keys-many@example.com');
    expect((await createKey(user.token, '')).code).toBe(40000);
    expect((await createKey(user.token, 'x'.repeat(51))).code).toBe(40000);
    for (let i = 0; i < 20; i += 1) expect((await createKey(user.token, `key ${i}`)).code).toBe(20000);
    const refused = await createKey(user.token, 'one too many');
    expect(refused).toMatchObject({ code: 44051, msg: 'At most 20 live keys: revoke one you no longer use first' });
    const zh = await gw.call('POST', 'app/keys', { token: user.token, body: { name: 'again' }, lang: 'zh-CN' });
    expect(zh.msg).toContain('20');
    const page = await gw.call<Listed>('GET', 'app/keys', { token: user.token, query: { page: '2', page_size: '15' } });
    expect(page.data).toMatchObject({ total: 20, pages: 2 });
    expect(page.data.list).toHaveLength(5);
  });

  it("lists every key for the administrator and a manager's own site's keys, by keyword", async () => {
    const manager = await managerOf(gw, admin, 'keys-co');
    expect((await addUser(gw, admin, { account: 'member@keys-co.com', site_id: manager.siteId })).code).toBe(20000);
    const { rows } = await gw.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = 'member@keys-co.com'`);
    const memberId = rows[0]!.user_id;
    // The member's key, made the way the page would once they log in (accounts' createAppKey).
    const { createAppKey } = await import('@mtp/accounts');
    const memberKey = await createAppKey(gw.db, { userId: memberId, name: 'Enterprise sync' });
    const outsider = await gw.registeredUser('keys-outsider@example.com');
    const outsiderKey = (await createKey(outsider.token, 'Outsider tool')).data;

    const all = await gw.call<Listed>('GET', 'admin/app_keys', { token: admin, query: { keyword: 'enterprise SYNC' } });
    expect(all.data.list).toEqual([
      expect.objectContaining({ app_id: memberKey.app_id, user_id: memberId, account: 'member@keys-co.com', site_id: manager.siteId }),
    ]);
    const siteName = (await gw.db.query<{ site_name: string }>('SELECT site_name FROM sites WHERE site_id = $1', [manager.siteId]))
      .rows[0]!;
    expect(all.data.list[0]).toMatchObject(siteName);
    expect((await gw.call<Listed>('GET', 'admin/app_keys', { token: admin })).data.total).toBeGreaterThanOrEqual(2);

    const scoped = await gw.call<Listed>('GET', 'admin/app_keys', { token: manager.token });
    expect(scoped.data.list.map((k) => k.app_id)).toEqual([memberKey.app_id]);
    expect((await gw.call('DELETE', `admin/app_keys/${outsiderKey.app_id}`, { token: manager.token })).code).toBe(44052);
    expect((await gw.call('DELETE', `admin/app_keys/${memberKey.app_id}`, { token: manager.token })).data).toEqual({ revoked: 1 });
    expect((await gw.call('DELETE', `admin/app_keys/${outsiderKey.app_id}`, { token: admin })).data).toEqual({ revoked: 1 });
    expect((await gw.call('GET', 'admin/app_keys', { token: outsider.token })).code).toBe(42000);
    const log = await gw.db.query<{ actor_account: string }>(
      `SELECT actor_account FROM system_log WHERE action = 'app_key.revoke' AND target_id = $1`,
      [memberKey.app_id],
    );
    expect(log.rows).toEqual([{ actor_account: 'boss@keys-co.com' }]);
  });
});

describe('the token call and the caller of a public-API request', () => {
  it('answers a token and its lifetime; a second token retires the first', async () => {
    const user = await gw.registeredUser('token-owner@example.com');
    const key = (await createKey(user.token)).data;
    const first = await tokenFor(key);
    expect(first).toMatchObject({ code: 20000, data: { token: expect.any(String), expires_in: 3600 } });
    const seen = await probe(first.data.token);
    expect(seen.json().data).toEqual({
      caller: { userId: user.userId, siteId: expect.any(Number), role: 2, appId: key.app_id },
      app: key.app_id,
    });
    const second = await tokenFor(key);
    expect((await probe(first.data.token)).json().code).toBe(10007);
    expect((await probe(second.data.token)).json().code).toBe(20000);
    // A user's access token is not an API token, and an API token is not a user's.
    expect((await probe(user.token)).json().code).toBe(10007);
    expect((await gw.call('GET', 'app/keys', { token: second.data.token })).status).toBe(401);
    expect((await gw.app.inject({ url: '/api/v1.0/open/probe' })).json().code).toBe(10007);
  });

  it("answers 10001 for a missing field, 10003 for a wrong pair, in the caller's language", async () => {
    const user = await gw.registeredUser('token-wrong@example.com');
    const key = (await createKey(user.token)).data;
    expect((await gw.call('POST', 'open/token', { body: { app_id: key.app_id } })).code).toBe(10001);
    expect((await gw.call('POST', 'open/token', { body: { app_secret: key.app_secret } })).code).toBe(10001);
    const wrong = await gw.call('POST', 'open/token', { body: { app_id: key.app_id, app_secret: 'nope' }, lang: 'zh-CN' });
    expect(wrong).toMatchObject({ code: 10003, msg: 'AppID或AppSecret不正确', data: null });
    expect((await gw.call('POST', 'open/token', { body: { app_id: 'nope', app_secret: key.app_secret } })).code).toBe(10003);
  });

  it('answers 10006 for an expired token, 10007 once the key is revoked, 10004 for a deactivated owner', async () => {
    const user = await gw.registeredUser('token-states@example.com');
    const key = (await createKey(user.token)).data;
    const token = (await tokenFor(key)).data.token;
    // Its hour spent (accounts' tests issue a token of no lifetime; this one is aged in place, so
    // the test never waits on a clock). Not used before: no replica remembers it as valid.
    await gw.db.query(`UPDATE app_keys SET token_expires_at = now() - interval '1 second' WHERE app_id = $1`, [key.app_id]);
    expect((await probe(token, 'zh-CN')).json()).toMatchObject({ code: 10006, msg: 'token已过期' });

    const fresh = (await tokenFor(key)).data.token;
    expect((await gw.call('DELETE', `app/keys/${key.app_id}`, { token: user.token })).code).toBe(20000);
    expect((await probe(fresh)).json().code).toBe(10007);
    expect((await tokenFor(key)).code).toBe(10003);

    const other = (await createKey(user.token, 'second')).data;
    const live = (await tokenFor(other)).data.token;
    const deactivated = await gw.call('POST', 'admin/users/set_status', { token: admin, body: { user_id: user.userId, activated: false } });
    expect(deactivated.code, deactivated.msg).toBe(20000);
    expect((await probe(live)).json().code).toBe(10004);
    expect((await tokenFor(other)).code).toBe(10004);
  });

  it('takes the DeepL key from its header or auth_key, and the LibreTranslate key from api_key', async () => {
    const user = await gw.registeredUser('compat-keys@example.com');
    const key = (await createKey(user.token)).data;
    const deepl = (headers: Record<string, string>, payload?: object) =>
      gw.app.inject({ method: 'POST', url: '/v2/probe', headers, payload });
    expect((await deepl({ authorization: `DeepL-Auth-Key ${key.api_key}` })).json().data.app).toBe(key.app_id);
    expect((await deepl({}, { auth_key: key.api_key })).json().data.app).toBe(key.app_id);
    expect((await deepl({ authorization: `DeepL-Auth-Key ${key.app_id}:wrong` })).json().code).toBe(10003);
    expect((await deepl({})).json().code).toBe(10003);
    const libre = (payload: object) => gw.app.inject({ method: 'POST', url: '/api/v1.0/open/probe-libre', payload });
    expect((await libre({ api_key: key.api_key })).json().data.app).toBe(key.app_id);
    expect((await libre({ api_key: 'wrong' })).json().code).toBe(10003);
    // No key: an anonymous visitor; this route requires a key.
    expect((await libre({ api_key: '' })).json().code).toBe(10003);
    expect((await libre({})).json().code).toBe(10003);
  });

  it("holds a key to its own frequency override, apart from its owner's other keys", async () => {
    const user = await gw.registeredUser('limited-key@example.com');
    const key = (await createKey(user.token, 'limited')).data;
    const other = (await createKey(user.token, 'unlimited')).data;
    const body = { scope: 'app', app_id: key.app_id, max_requests: 2, window_minutes: 1 };
    expect((await gw.call('POST', 'admin/traffic/overrides', { token: admin, body })).code).toBe(20000);
    const token = (await tokenFor(key)).data.token;
    const otherToken = (await tokenFor(other)).data.token;
    expect((await probe(token)).statusCode).toBe(200);
    expect((await probe(token)).statusCode).toBe(200);
    const over = await probe(token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 42900 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) expect((await probe(otherToken)).statusCode).toBe(200);
  });

  it('counts the compatible APIs and the native API, not the web app', () => {
    for (const url of [
      '/api/v1.0/open/translate',
      '/v2/translate',
      '/translate',
      '/detect',
      '/languages',
      '/translate_file',
      '/frontend/settings',
      '/download_file/:name',
      '/suggest',
    ])
      expect(isCountedRoute(url), url).toBe(true);
    for (const url of ['/', '/assets/*', '/healthz', '/metrics', '/translate-something']) expect(isCountedRoute(url), url).toBe(false);
  });
});

describe('a native call', () => {
  it("answers over a key's frequency override the native way (10005)", async () => {
    const user = await apiUser(gw, 'native-limited@example.com');
    const body = { scope: 'app', app_id: user.appId, max_requests: 1, window_minutes: 1 };
    expect((await gw.call('POST', 'admin/traffic/overrides', { token: admin, body })).code).toBe(20000);
    const detect = () => openCall(gw, 'POST', 'langid', { token: user.token, body: { text: 'Hello there, how are you?' } });
    expect((await detect()).code).toBe(20000);
    expect(await detect()).toMatchObject({ code: 10005, msg: 'Access too frequent' });
  });

  it("is charged to the owner's API package before their character package and plan", async () => {
    const user = await apiUser(gw, 'native-payer@example.com');
    const plan = await grantPlan(gw.db, { userId: user.userId, sku: 'standard-m' });
    const chars = await grantPackage(gw.db, { userId: user.userId, sku: '5M_char-y' });
    const api = await grantPackage(gw.db, { userId: user.userId, sku: 'api_10M-y' });
    const res = await openCall(gw, 'POST', 'translate', {
      token: user.token,
      body: { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(res.code, res.msg).toBe(20000);
    const { rows } = await gw.db.query<{ grant_id: string; chars: string }>(
      `SELECT p.grant_id, p.chars FROM quota_reservation_parts p JOIN quota_reservations r USING (task_id)
       WHERE r.user_id = $1 AND r.state = 'settled'`,
      [user.userId],
    );
    expect(rows.map((r) => [Number(r.grant_id), Number(r.chars)])).toEqual([[api.grantId, 10]]);
    expect([chars.grantId, plan.grantId]).not.toContain(Number(rows[0]!.grant_id));
  });
});
