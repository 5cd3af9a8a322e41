/**
 * Rate limits of login, check_account, image_code and the calls that send or check a code: per
 * account and per client address, counted in PostgreSQL so that every gateway replica on the
 * database shares them. Over a limit: HTTP 429, 42900 in the caller's language, Retry-After.
 */
import { buildApp, DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from '@mtp/gateway';
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type App = TestGateway['app'];
type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown };

const WINDOW = 600;
const SMALL: RateLimits = {
  login: { perAccount: 3, perIp: 5, windowSeconds: WINDOW },
  checkAccount: { perAccount: 2, perIp: 4, windowSeconds: WINDOW },
  imageCode: { perAccount: 0, perIp: 3, windowSeconds: WINDOW },
  codeSend: { perAccount: 2, perIp: 3, windowSeconds: WINDOW },
  codeCheck: { perAccount: 2, perIp: 4, windowSeconds: WINDOW },
};

let gw: TestGateway;
let replica: App;
beforeAll(async () => {
  gw = await buildTestGateway({ app: { rateLimits: SMALL, trustProxy: 1 } });
  // A second gateway replica on the same database, as in a cluster.
  replica = await buildApp({ db: gw.db, accounts: gw.accounts, text: gw.translation.text, rateLimits: SMALL, trustProxy: 1 });
});
afterAll(async () => {
  await replica?.close();
  await gw?.close();
});

type Call = { method: 'GET' | 'POST'; url: string; body?: object; query?: Record<string, string> };

function send(app: App, call: Call, client: string, lang = 'en-US') {
  // trustProxy 1: the one proxy in front says who the client is.
  return app.inject({
    method: call.method,
    url: `/api/v1.0/${call.url}`,
    query: call.query,
    payload: call.body,
    headers: { 'x-forwarded-for': client, 'accept-language': lang },
  });
}

function expectLimited(res: Answer, lang: 'en' | 'zh' = 'en', windowSeconds = WINDOW) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ code: 42900, msg: lang === 'en' ? 'Access too frequent' : '访问过于频繁', data: null });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const login = (account: string, password = 'Wrong1234'): Call => ({
  method: 'POST',
  url: 'user/login',
  body: { account, password: gw.encrypt(password), agree_terms: true },
});

describe('login', () => {
  it('refuses the call after the per-account limit, counted across two replicas, with Retry-After', async () => {
    const account = 'victim@example.com';
    // Three attempts from three addresses, alternating replicas: the account's count is shared.
    for (const [i, app] of [gw.app, replica, gw.app].entries()) {
      expect((await send(app, login(account), `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    expectLimited(await send(replica, login(account), '198.51.100.9'));
    expectLimited(await send(gw.app, login(account), '198.51.100.10', 'zh-CN'), 'zh');
    // Another account, and the same addresses, are not affected.
    expect((await send(gw.app, login(ADMIN_ACCOUNT, ADMIN_PASSWORD), '198.51.100.1')).json().code).toBe(20000);
  });

  it('refuses one address after the per-address limit, whatever accounts it names', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await send(i % 2 ? replica : gw.app, login(`spray${i}@example.com`), '203.0.113.5')).statusCode).toBe(200);
    }
    expectLimited(await send(gw.app, login('spray9@example.com'), '203.0.113.5'));
    expect((await send(gw.app, login('spray9@example.com'), '203.0.113.6')).statusCode).toBe(200);
  });
});

describe('account and code calls', () => {
  it('limits check_account per account and per address', async () => {
    const check = (account: string): Call => ({ method: 'GET', url: 'check_account', query: { account } });
    for (let i = 0; i < 2; i += 1) expect((await send(gw.app, check('who@example.com'), `192.0.2.${i}`)).statusCode).toBe(200);
    expectLimited(await send(replica, check('who@example.com'), '192.0.2.9'));
    for (let i = 0; i < 4; i += 1) expect((await send(gw.app, check(`enum${i}@example.com`), '192.0.2.100')).statusCode).toBe(200);
    expectLimited(await send(gw.app, check('enum9@example.com'), '192.0.2.100'));
  });

  it('limits image_code per address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await send(replica, { method: 'GET', url: 'image_code' }, '192.0.2.200')).statusCode).toBe(200);
    expectLimited(await send(gw.app, { method: 'GET', url: 'image_code' }, '192.0.2.200'));
    expect((await send(gw.app, { method: 'GET', url: 'image_code' }, '192.0.2.201')).statusCode).toBe(200);
  });

  it('limits sending codes per account across e-mail and SMS calls', async () => {
    const sendCode = (url: string, account: string): Call => ({
      method: 'POST',
      url,
      body: { account, purpose: 'register', captcha_id: 'none', captcha_code: 'none' },
    });
    expect((await send(gw.app, sendCode('send_email_code', 'mailbomb@example.com'), '192.0.2.30')).statusCode).toBe(200);
    expect((await send(replica, sendCode('send_email_code', 'mailbomb@example.com'), '192.0.2.31')).statusCode).toBe(200);
    expectLimited(await send(gw.app, sendCode('send_email_code', 'MailBomb@example.com'), '192.0.2.32'));
    // Three sends from one address (to other accounts, by SMS too) reach its limit.
    for (const account of ['a@example.com', '13800000001', 'b@example.com']) {
      const url = account.includes('@') ? 'send_email_code' : 'send_sms_code';
      expect((await send(gw.app, sendCode(url, account), '192.0.2.40')).statusCode).toBe(200);
    }
    expectLimited(await send(gw.app, sendCode('send_sms_code', '13800000002'), '192.0.2.40'));
  });

  it('limits checking codes per account: a 6-digit code cannot be guessed', async () => {
    const reset = (code: string): Call => ({
      method: 'POST',
      url: 'reset_password',
      body: { account: ADMIN_ACCOUNT, password: gw.encrypt('Guess1234'), code },
    });
    expect((await send(gw.app, reset('000000'), '192.0.2.50')).json().code).not.toBe(42900);
    expect((await send(replica, reset('000001'), '192.0.2.51')).json().code).not.toBe(42900);
    expectLimited(await send(gw.app, reset('000002'), '192.0.2.52'));
    // Registration checks a code too, under the same per-account count of its own account.
    const register = { account: 'new@example.com', username: 'n', password: gw.encrypt('Passw0rd'), code: '123456' };
    for (const ip of ['192.0.2.60', '192.0.2.61']) {
      expect((await send(gw.app, { method: 'POST', url: 'user/register', body: register }, ip)).json().code).not.toBe(42900);
    }
    expectLimited(await send(gw.app, { method: 'POST', url: 'user/register', body: register }, '192.0.2.62'));
  });
});

describe('defaults and settings', () => {
  it('limits with the production defaults when nothing is set: the 21st login of one account in 15 minutes', async () => {
    const plain = await buildTestGateway();
    try {
      expect(DEFAULT_RATE_LIMITS.login).toEqual({ perAccount: 20, perIp: 200, windowSeconds: 900 });
      for (let i = 0; i < 20; i += 1) expect((await plain.login(ADMIN_ACCOUNT, 'Wrong1234')).code).not.toBe(42900);
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1.0/user/login',
        payload: { account: ADMIN_ACCOUNT, password: plain.encrypt(ADMIN_PASSWORD), agree_terms: true },
      });
      expectLimited(res, 'en', 900);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    } finally {
      await plain.close();
    }
  });

  it('reads RATE_LIMIT_* as <per account>/<per IP>/<window seconds> and refuses a bad value naming it', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN: '5/50/60', RATE_LIMIT_CODE_SEND: '0/30/3600' });
    expect(config.rateLimits.login).toEqual({ perAccount: 5, perIp: 50, windowSeconds: 60 });
    expect(config.rateLimits.codeSend).toEqual({ perAccount: 0, perIp: 30, windowSeconds: 3600 });
    expect(config.rateLimits.codeCheck).toEqual(DEFAULT_RATE_LIMITS.codeCheck);
    expect(() => loadConfig({ RATE_LIMIT_CODE_CHECK: '20 per hour' })).toThrow(/RATE_LIMIT_CODE_CHECK/);
  });
});
