/**
 * Traffic limits through the real gateway (issue 19): the platform administrator's calls under
 * admin/traffic, each change logged, and the limits enforced on every /api/v1.0/ call: per user
 * by their override, per address for free visitors by the default, the login limits as set.
 * The cross-process version (two gateway processes sharing one database) is in
 * tests/security/traffic-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT, buildTestGateway, type TestGateway } from './helper';
import { addUser, firstLogin } from './user-admin-support';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  // The default: 5 calls a minute per visitor; settings read afresh on every request.
  gw = await buildTestGateway({
    app: { trustProxy: 1, traffic: { defaultLimit: { maxRequests: 5, windowMinutes: 1 }, minuteMs: 60_000, cacheMs: 0 } },
  });
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw?.close();
});

/** A call from one client address (the trusted proxy's X-Forwarded-For). */
function from(ip: string, url: string, token?: string, lang = 'en-US') {
  return gw.app.inject({
    method: 'GET',
    url: `/api/v1.0/${url}`,
    headers: { 'x-forwarded-for': ip, 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

function expectTooFrequent(res: Awaited<ReturnType<typeof from>>, msg = 'Access too frequent') {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ code: 42900, msg });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(120);
}

describe('admin/traffic', () => {
  it('answers only the platform administrator', async () => {
    const normal = await gw.registeredUser('plain@example.com');
    expect((await gw.call('GET', 'admin/traffic', { token: normal.token })).code).toBe(42000);
    expect((await addUser(gw, admin, { account: 'boss@example.com', role: 1 })).code).toBe(20000);
    const manager = await firstLogin(gw, 'boss@example.com');
    expect((await gw.call('GET', 'admin/traffic', { token: manager })).code).toBe(42000);
    const body = { scope: 'user', account: 'plain@example.com', max_requests: 1, window_minutes: 1 };
    expect((await gw.call('POST', 'admin/traffic/overrides', { token: manager, body })).code).toBe(42000);
    const read = await gw.call('GET', 'admin/traffic', { token: admin });
    expect(read.data).toEqual({
      default: { max_requests: 5, window_minutes: 1, from_env: true },
      login: { per_account: 20, per_ip: 200, window_minutes: 15, from_env: true },
    });
  });

  it('sets, lists and deletes overrides, each with a system-log line; unknown users and sites are named', async () => {
    await gw.registeredUser('listed@example.com');
    const set = (body: object) => gw.call<{ subject: string; label: string }>('POST', 'admin/traffic/overrides', { token: admin, body });
    const added = await set({ scope: 'user', account: 'Listed@example.com', max_requests: 40, window_minutes: 10 });
    expect(added.code, added.msg).toBe(20000);
    expect(added.data.label).toBe('listed@example.com');
    expect((await set({ scope: 'site', site_id: 1, max_requests: 500, window_minutes: 5 })).code).toBe(20000);
    const key = await gw.call<{ app_id: string }>('POST', 'app/keys', { token: admin, body: { name: 'limited' } });
    // Named in capitals, kept as the key's own (lower-case) id; an id no key has is refused.
    const keyed = await set({ scope: 'app', app_id: key.data.app_id.toUpperCase(), max_requests: 9000, window_minutes: 60 });
    expect(keyed.data.subject).toBe(key.data.app_id);
    expect(await set({ scope: 'app', app_id: 'key_123', max_requests: 1, window_minutes: 1 })).toMatchObject({ code: 44052 });
    expect(await set({ scope: 'user', account: 'nobody@example.com', max_requests: 1, window_minutes: 1 })).toMatchObject({ code: 40020 });
    expect(await set({ scope: 'site', site_id: 999, max_requests: 1, window_minutes: 1 })).toMatchObject({ code: 40027 });
    expect((await set({ scope: 'user', max_requests: 1, window_minutes: 1 })).code).toBe(40000);
    expect((await set({ scope: 'user', account: 'listed@example.com', max_requests: 0, window_minutes: 1 })).code).toBe(40000);
    expect((await set({ scope: 'user', account: 'listed@example.com', max_requests: 1, window_minutes: 1441 })).code).toBe(40000);

    const list = await gw.call<{ list: { scope: string; label: string; max_requests: number }[]; total: number }>(
      'GET',
      'admin/traffic/overrides',
      { token: admin, query: { page_size: '2' } },
    );
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((o) => o.scope)).toEqual(['app', 'site']);

    const removed = await gw.call('POST', 'admin/traffic/overrides/delete', {
      token: admin,
      body: { scope: 'app', subject: key.data.app_id },
    });
    expect(removed.code).toBe(20000);
    const again = await gw.call('POST', 'admin/traffic/overrides/delete', {
      token: admin,
      body: { scope: 'app', subject: key.data.app_id },
    });
    expect(again.code).toBe(44001);
    const { rows } = await gw.db.query<{ action: string; actor_account: string }>(
      `SELECT action, actor_account FROM system_log WHERE action LIKE 'traffic.%' ORDER BY log_id`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      'traffic.set_override',
      'traffic.set_override',
      'traffic.set_override',
      'traffic.delete_override',
    ]);
    expect(rows.every((r) => r.actor_account === ADMIN_ACCOUNT)).toBe(true);
    await gw.db.query(`DELETE FROM traffic_limits`);
  });
});

describe('enforcement', () => {
  it("holds a user to their override, answers in the caller's language, and leaves others and the admin alone", async () => {
    const user = await gw.registeredUser('limited@example.com');
    const other = await gw.registeredUser('free-to-go@example.com');
    const body = { scope: 'user', account: 'limited@example.com', max_requests: 3, window_minutes: 2 };
    expect((await gw.call('POST', 'admin/traffic/overrides', { token: admin, body })).code).toBe(20000);
    for (let i = 0; i < 3; i += 1) expect((await from('198.51.100.1', 'user/check_session', user.token)).statusCode).toBe(200);
    // From another address too: the user is counted, not the address.
    expectTooFrequent(await from('198.51.100.2', 'user/check_session', user.token));
    expectTooFrequent(await from('198.51.100.2', 'user/check_session', user.token, 'zh-CN'), '访问过于频繁');
    // Another user gets the default (5); the platform administrator is never counted.
    for (let i = 0; i < 5; i += 1) expect((await from('198.51.100.1', 'user/check_session', other.token)).statusCode).toBe(200);
    expectTooFrequent(await from('198.51.100.1', 'user/check_session', other.token));
    for (let i = 0; i < 8; i += 1) expect((await from('198.51.100.1', 'user/check_session', admin)).statusCode).toBe(200);
    // Deleting the override gives the user the default: a new rule, a new window.
    const { data } = await gw.call<{ list: { subject: string }[] }>('GET', 'admin/traffic/overrides', {
      token: admin,
      query: { scope: 'user' },
    });
    await gw.call('POST', 'admin/traffic/overrides/delete', { token: admin, body: { scope: 'user', subject: data.list[0]!.subject } });
    expect((await from('198.51.100.1', 'user/check_session', user.token)).statusCode).toBe(200);
  });

  it('counts free visitors per address under the default', async () => {
    for (let i = 0; i < 5; i += 1) expect((await from('203.0.113.7', 'user/get_public_key')).statusCode).toBe(200);
    expectTooFrequent(await from('203.0.113.7', 'user/get_public_key'));
    expect((await from('203.0.113.8', 'user/get_public_key')).statusCode).toBe(200);
    // A changed default applies at once (a new window: its length is part of the count's key).
    const res = await gw.call('POST', 'admin/traffic/default', { token: admin, body: { max_requests: 50, window_minutes: 2 } });
    expect(res.data).toMatchObject({ default: { max_requests: 50, window_minutes: 2, from_env: false } });
    expect((await from('203.0.113.7', 'user/get_public_key')).statusCode).toBe(200);
  });

  it('limits login attempts by the limits set on /traffic, per account and per address', async () => {
    const res = await gw.call('POST', 'admin/traffic/login', { token: admin, body: { per_account: 2, per_ip: 3, window_minutes: 30 } });
    expect(res.data).toMatchObject({ login: { per_account: 2, per_ip: 3, window_minutes: 30, from_env: false } });
    const login = (account: string, ip: string, password = 'Wrong1234') =>
      gw.app.inject({
        method: 'POST',
        url: '/api/v1.0/user/login',
        headers: { 'x-forwarded-for': ip },
        payload: { account, password: gw.encrypt(password), agree_terms: true },
      });
    for (let i = 0; i < 2; i += 1) expect((await login('limited@example.com', '192.0.2.1')).json().code).toBe(40021);
    // The account is cut off, from any address.
    const cut = await login('limited@example.com', '192.0.2.2');
    expect(cut.statusCode).toBe(429);
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(25 * 60);
    // 192.0.2.1 has one attempt left, whatever account it names; then it is cut off too.
    expect((await login('free-to-go@example.com', '192.0.2.1')).json().code).toBe(40021);
    expect((await login('free-to-go@example.com', '192.0.2.1', 'Passw0rd')).statusCode).toBe(429);
    // That account, from another address, still logs in.
    expect((await login('free-to-go@example.com', '192.0.2.9', 'Passw0rd')).json().code).toBe(20000);
    const { rows } = await gw.db.query(`SELECT 1 FROM system_log WHERE action = 'traffic.set_login'`);
    expect(rows).toHaveLength(1);
  });
});
