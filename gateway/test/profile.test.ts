import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw.close();
});

describe('codes', () => {
  it('needs the right image code, sends once a minute, and refuses a taken account', async () => {
    const wrong = await gw.call('POST', 'send_email_code', {
      body: { account: 'c1@example.com', purpose: 'register', captcha_id: (await gw.captcha()).captcha_id, captcha_code: 'zzzz' },
    });
    expect(wrong.code).toBe(40025);
    expect((await gw.sendCode('c1@example.com', 'register')).code).toBe(20000);
    expect((await gw.sendCode('c1@example.com', 'register')).code).toBe(40026);
    await gw.registerUser('c2@example.com');
    expect((await gw.sendCode('c2@example.com', 'register')).code).toBe(40023);
    expect((await gw.sendCode('unknown@example.com', 'reset')).code).toBe(40020);
  });

  it('a captcha answers once', async () => {
    const c = await gw.captcha();
    const body = { account: 'c3@example.com', purpose: 'register', ...c };
    expect((await gw.call('POST', 'send_email_code', { body })).code).toBe(20000);
    expect((await gw.call('POST', 'send_email_code', { body: { ...body, account: 'c4@example.com' } })).code).toBe(40025);
  });

  it('sends SMS codes through the logging development provider and registers a mobile account', async () => {
    await gw.registerUser('13800138000', 'Passw0rd', 'mobile');
    expect(gw.log.some((l) => l.startsWith('[dev-sms] to=13800138000'))).toBe(true);
    expect((await gw.login('13800138000', 'Passw0rd')).code).toBe(20000);
  });

  it('voids a code after five wrong tries', async () => {
    await gw.sendCode('tries@example.com', 'register');
    const code = gw.codeFromLog('tries@example.com');
    const body = (c: string) => ({ account: 'tries@example.com', username: 't', password: gw.encrypt('Passw0rd'), code: c });
    for (let i = 0; i < 5; i++)
      expect((await gw.call('POST', 'user/register', { body: body('999999' === code ? '888888' : '999999') })).code).toBe(40024);
    expect((await gw.call('POST', 'user/register', { body: body(code) })).code).toBe(40024);
  });

  it('refuses to register an account twice', async () => {
    await gw.registerUser('twice@example.com');
    await gw.db.query("DELETE FROM verification_codes WHERE account = 'twice@example.com'");
    const res = await gw.call('POST', 'user/register', {
      body: { account: 'twice@example.com', username: 'x', password: gw.encrypt('Passw0rd'), code: '123456' },
    });
    expect(res.code).toBe(40023);
  });
});

describe('user data and profile', () => {
  it('answers the registered user fields of spec section 3', async () => {
    const t = await gw.registerUser('Profile@Example.com', 'Passw0rd', 'Prof');
    const me = await gw.call<Record<string, unknown>>('GET', 'user/get_user_data', { token: t.access_token });
    expect(me.data).toMatchObject({
      username: 'Prof',
      account_number: 'profile@example.com',
      role: 2,
      rank: 'REGISTER',
      has_password: true,
      code: 'free',
    });
    for (const key of ['site_id', 'expiration_time', 'member_start_time', 'msg_count', 'company_orders'])
      expect(me.data).toHaveProperty(key);
  });

  it('changes the username within the rule', async () => {
    const t = await gw.registerUser('rename@example.com');
    expect((await gw.call('POST', 'user/update_username', { token: t.access_token, body: { username: 'x'.repeat(21) } })).code).toBe(40012);
    expect((await gw.call('POST', 'user/update_username', { token: t.access_token, body: { username: '新名字' } })).code).toBe(20000);
    const me = await gw.call<{ username: string }>('GET', 'user/get_user_data', { token: t.access_token });
    expect(me.data.username).toBe('新名字');
  });

  it('changes the account only after proving the current one and the new one', async () => {
    const t = await gw.registerUser('old@example.com', 'Passw0rd');
    const tryUpdate = async (code: string) =>
      gw.call('POST', 'user/update_account', { token: t.access_token, body: { account: 'new@example.com', code } });
    expect((await tryUpdate('123456')).code).toBe(40032);

    expect((await gw.sendCode('old@example.com', 'verify')).status).toBe(401);
    expect((await gw.sendCode('old@example.com', 'verify', t.access_token)).code).toBe(20000);
    expect((await gw.call('POST', 'user/verify_account', { token: t.access_token, body: { code: '000001' } })).code).toBe(40024);
    expect(
      (await gw.call('POST', 'user/verify_account', { token: t.access_token, body: { code: gw.codeFromLog('old@example.com') } })).code,
    ).toBe(20000);

    expect((await gw.sendCode('new@example.com', 'update', t.access_token)).code).toBe(20000);
    expect((await tryUpdate(gw.codeFromLog('new@example.com'))).code).toBe(20000);
    expect((await gw.login('new@example.com', 'Passw0rd')).code).toBe(20000);
    expect((await gw.login('old@example.com', 'Passw0rd')).code).toBe(40020);
  });

  it('resets a forgotten password with a code and logs out the old sessions', async () => {
    const t = await gw.registerUser('forgot@example.com', 'Passw0rd');
    await gw.sendCode('forgot@example.com', 'reset');
    const reset = (password: string, code: string) =>
      gw.call('POST', 'reset_password', { body: { account: 'forgot@example.com', password: gw.encrypt(password), code } });
    expect((await reset('short', gw.codeFromLog('forgot@example.com'))).code).toBe(40013);
    expect((await reset('NewPass99', gw.codeFromLog('forgot@example.com'))).code).toBe(20000);
    expect((await gw.login('forgot@example.com', 'Passw0rd')).code).toBe(40021);
    expect((await gw.login('forgot@example.com', 'NewPass99')).code).toBe(20000);
    expect((await gw.call('GET', 'user/get_user_data', { token: t.access_token })).status).toBe(401);
  });
});
