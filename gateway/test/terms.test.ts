/**
 * User terms are agreed once per version (services/accounts/src/terms.ts), against the real
 * PostgreSQL: registration records the current version, a login asks (40014) only while the
 * user's agreed version is older than the current one, and publishing a new version asks again.
 */
import { publishTermsVersion } from '@mtp/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw.close();
});

const loginWithout = (account: string, password: string) =>
  gw.call('POST', 'user/login', { body: { account, password: gw.encrypt(password) } });

const agreedVersion = async (account: string) =>
  (await gw.db.query<{ terms_version: number }>('SELECT terms_version FROM users WHERE account = $1', [account])).rows[0]!.terms_version;

describe('terms version', () => {
  it('asks nothing at the login after registration, and asks again once new terms are published', async () => {
    await gw.registerUser('terms1@example.com', 'Passw0rd');
    expect(await agreedVersion('terms1@example.com')).toBe(1);
    expect((await loginWithout('terms1@example.com', 'Passw0rd')).code).toBe(20000);

    expect(await publishTermsVersion(gw.db)).toBe(2);
    const asked = await loginWithout('terms1@example.com', 'Passw0rd');
    expect(asked.code).toBe(40014);
    expect(asked.msg).toBe('Please read and agree to the user terms first');

    // Agreeing is recorded: the next login asks nothing.
    expect((await gw.login('terms1@example.com', 'Passw0rd')).code).toBe(20000);
    expect(await agreedVersion('terms1@example.com')).toBe(2);
    expect((await loginWithout('terms1@example.com', 'Passw0rd')).code).toBe(20000);
  });

  it('tells about the terms only to whoever knows the password', async () => {
    await gw.registerUser('terms2@example.com', 'Passw0rd');
    await publishTermsVersion(gw.db);
    expect((await loginWithout('terms2@example.com', 'Wrong1234')).code).toBe(40021);
    expect((await loginWithout('terms2@example.com', 'Passw0rd')).code).toBe(40014);
  });

  it('refuses a registration that says it does not agree', async () => {
    await gw.sendCode('terms3@example.com', 'register');
    const res = await gw.call('POST', 'user/register', {
      body: {
        account: 'terms3@example.com',
        username: 'tester',
        password: gw.encrypt('Passw0rd'),
        code: gw.codeFromLog('terms3@example.com'),
        agree_terms: false,
      },
    });
    expect(res.code).toBe(40014);
  });

  it('answers the session check while the session lives and 403 once it is replaced', async () => {
    const first = (await gw.registerUser('terms4@example.com', 'Passw0rd')).access_token;
    expect((await gw.call('GET', 'user/check_session', { token: first })).code).toBe(20000);
    await gw.login('terms4@example.com', 'Passw0rd');
    expect((await gw.call('GET', 'user/check_session', { token: first })).status).toBe(403);
  });
});
