import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw.close();
});

describe('login', () => {
  it('answers an access and a refresh token for the right password', async () => {
    const res = await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD);
    expect(res.code).toBe(20000);
    expect(res.data.access_token).toMatch(/^ey/);
    expect(res.data.refresh_token).toMatch(/^ey/);
    expect(res.data.access_token).not.toBe(res.data.refresh_token);
  });

  it('gives a wrong password and an unknown account their own codes', async () => {
    const wrong = await gw.login(ADMIN_ACCOUNT, 'Wrong1234');
    const unknown = await gw.login('nobody@example.com', ADMIN_PASSWORD);
    expect([wrong.code, unknown.code]).toEqual([40021, 40020]);
    expect(unknown.msg).toBe('Account does not exist');
  });

  it('refuses a password that was not encrypted with the public key', async () => {
    const res = await gw.call('POST', 'user/login', { body: { account: ADMIN_ACCOUNT, password: ADMIN_PASSWORD, agree_terms: true } });
    expect(res.code).toBe(40015);
  });

  it('answers messages in the caller language', async () => {
    const res = await gw.call('POST', 'user/login', {
      lang: 'zh-CN,zh;q=0.9',
      body: { account: 'nobody@example.com', password: gw.encrypt('x1234567'), agree_terms: true },
    });
    expect(res.msg).toBe('账号不存在');
  });

  it('serves the RSA public key without a token', async () => {
    const res = await gw.call<{ public_key: string }>('GET', 'user/get_public_key');
    expect(res.data.public_key).toContain('BEGIN PUBLIC KEY');
  });
});

describe('tokens', () => {
  it('lets the access token through, refreshes it with the refresh token, and logs out', async () => {
    const { data: tokens } = await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD);
    const me = await gw.call<{ user_id: number; rank: string }>('GET', 'user/get_user_data', { token: tokens.access_token });
    expect(me.data.rank).toBe('REGISTER');
    expect(me.data.user_id).toBeGreaterThan(0);

    const refreshed = await gw.call<{ access_token: string }>('GET', 'user/refresh_token', { token: tokens.refresh_token });
    expect(refreshed.code).toBe(20000);
    const again = await gw.call('GET', 'permission/get_user_site_permission', { token: refreshed.data.access_token });
    expect(again.code).toBe(20000);

    const out = await gw.call('POST', 'user/logout', { token: refreshed.data.access_token });
    expect(out.code).toBe(20000);
    const after = await gw.call('GET', 'permission/get_user_site_permission', { token: tokens.access_token });
    expect(after.status).toBe(401);
    const refreshAfter = await gw.call('GET', 'user/refresh_token', { token: tokens.refresh_token });
    expect(refreshAfter.status).toBe(401);
  });

  it('does not accept an access token as a refresh token or the other way round', async () => {
    const { data: tokens } = await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD);
    expect((await gw.call('GET', 'user/refresh_token', { token: tokens.access_token })).status).toBe(401);
    expect((await gw.call('GET', 'permission/get_user_site_permission', { token: tokens.refresh_token })).status).toBe(401);
    expect((await gw.call('GET', 'permission/get_user_site_permission', { token: 'not-a-token' })).status).toBe(401);
  });

  it('answers 403 to the older tokens after a new login of the same account', async () => {
    const first = (await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD)).data;
    const second = (await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD)).data;
    const old = await gw.call('GET', 'permission/get_user_site_permission', { token: first.access_token });
    expect(old.status).toBe(403);
    expect(old.msg).toBe('Your account has been logged in elsewhere');
    expect((await gw.call('GET', 'user/refresh_token', { token: first.refresh_token })).status).toBe(403);
    expect((await gw.call('GET', 'permission/get_user_site_permission', { token: second.access_token })).status).toBe(200);
  });

  it('answers 401 once the access token has expired', async () => {
    // Expiry is in whole seconds (a 1 s token issued at x.9 lives 0.1 s): 3 s lives 2 to 3 s.
    const short = await buildTestGateway({ accessTtlSeconds: 3 });
    try {
      const { data } = await short.login(ADMIN_ACCOUNT, ADMIN_PASSWORD);
      expect((await short.call('GET', 'permission/get_user_site_permission', { token: data.access_token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const expired = await short.call('GET', 'permission/get_user_site_permission', { token: data.access_token });
      expect(expired.status).toBe(401);
      expect(expired.code).toBe(40100);
      // The refresh token still works and its new access token is accepted.
      const fresh = await short.call<{ access_token: string }>('GET', 'user/refresh_token', { token: data.refresh_token });
      expect((await short.call('GET', 'permission/get_user_site_permission', { token: fresh.data.access_token })).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});
