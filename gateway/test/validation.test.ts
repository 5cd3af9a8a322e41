/** Every rule of spec section 5 that this calls take, with a bad and a good value. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw.close();
});

async function tryRegister(account: string, username: string, password: string) {
  return gw.call('POST', 'user/register', { body: { account, username, password: gw.encrypt(password), code: '000000' } });
}

describe('account: e-mail or 11-digit mobile', () => {
  const bad = [
    '',
    'plainaddress',
    'a@b',
    `${'x'.repeat(51)}@example.com`,
    `a@${'d'.repeat(51)}.com`,
    'a@example.info',
    '12345678901',
    '1234567890',
    '139123456789',
    'a@example.1234',
  ];
  const good = ['user@example.com', `${'x'.repeat(50)}@example.cn`, 'name@host.org', 'x@10.0.0.12', '13912345678', '19912345678'];

  it.each(bad)('refuses %j with 40010', async (account) => {
    const res = await gw.call('GET', 'check_account', { query: { account } });
    expect(res.code).toBe(40010);
  });

  it.each(good)('accepts %j', async (account) => {
    const res = await gw.call<{ exists: boolean }>('GET', 'check_account', { query: { account } });
    expect(res.code).toBe(20000);
    expect(res.data.exists).toBe(false);
  });

  it('sends e-mail codes only to e-mail accounts and SMS codes only to mobiles', async () => {
    const sms = await gw.call('POST', 'send_sms_code', {
      body: { account: 'user@example.com', purpose: 'register', ...(await gw.captcha()) },
    });
    const mail = await gw.call('POST', 'send_email_code', {
      body: { account: '13912345678', purpose: 'register', ...(await gw.captcha()) },
    });
    expect([sms.code, mail.code]).toEqual([40010, 40010]);
  });
});

describe('username: required, at most 20 characters', () => {
  it('refuses an empty username', async () => {
    expect((await tryRegister('u1@example.com', '   ', 'Passw0rd')).code).toBe(40011);
  });
  it('refuses 21 characters, counting Chinese characters as one each', async () => {
    expect((await tryRegister('u1@example.com', 'a'.repeat(21), 'Passw0rd')).code).toBe(40012);
    expect((await tryRegister('u1@example.com', '译'.repeat(21), 'Passw0rd')).code).toBe(40012);
  });
  it('accepts 20 characters (the code check comes next)', async () => {
    expect((await tryRegister('u1@example.com', '译'.repeat(20), 'Passw0rd')).code).toBe(40024);
  });
});

describe('password: 6-16 characters with letters and digits', () => {
  it.each(['abc12', 'abcdefgh', '12345678', 'abcdefgh123456789', 'pass word1'])('refuses %j with 40013', async (password) => {
    expect((await tryRegister('u2@example.com', 'tester', password)).code).toBe(40013);
  });
  it.each(['abc123', 'Passw0rd!', 'a1b2c3d4e5f6g7h8'])('accepts %j', async (password) => {
    expect((await tryRegister('u2@example.com', 'tester', password)).code).toBe(40024);
  });
});

describe('schema validation', () => {
  it('answers 40000 naming the field when a required field is missing', async () => {
    const res = await gw.call('POST', 'user/login', { body: { account: 'a@example.com' } });
    expect(res.code).toBe(40000);
    expect(res.msg).toMatch(/password/);
  });
});
