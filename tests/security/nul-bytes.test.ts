/**
 * A NUL character (U+0000) in a search keyword, an entry's text or a username is refused with
 * 40000 before any handler runs; PostgreSQL cannot store NUL in text, so these used to end as
 * a 500 from deep inside a query.
 */
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let gw: TestGateway;
let token: string;
let bankId: number;
beforeAll(async () => {
  gw = await buildTestGateway();
  token = (await gw.registeredUser('nul@example.com')).token;
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag: 0, name: 'memory', src_lang: 'en-us', tgt_lang: 'zh-cn' },
  });
  expect(bank.code, bank.msg).toBe(20000);
  bankId = bank.data.bank_id;
});
afterAll(async () => {
  await gw?.close();
});

const NUL = 'a\u0000b';

function expectRefused(res: { status: number; code: number; msg: string }, field: string) {
  expect([res.status, res.code], res.msg).toEqual([200, 40000]);
  expect(res.msg).toContain(field);
  // The message names the field, never a database error.
  expect(res.msg).not.toMatch(/0x00|invalid byte sequence|postgres/i);
}

describe('NUL characters', () => {
  it('refuses a search keyword with NUL', async () => {
    expectRefused(await gw.call('GET', 'tm_term/get_es_list/0/1', { token, query: { keyword: NUL } }), 'query.keyword');
    expectRefused(await gw.call('GET', 'tm_term_library/get_list/0', { token, query: { keyword: NUL } }), 'query.keyword');
    expectRefused(await gw.call('GET', 'public_term/get_public_term_list', { query: { keyword: NUL } }), 'query.keyword');
  });

  it('refuses entry text with NUL, in the source, the translation or a key', async () => {
    const entry = { flag: 0, system_or_individual: 1, bank_id: bankId, source: 'hello', translated: '你好' };
    expectRefused(await gw.call('POST', 'tm_term/es_insert', { token, body: { ...entry, source: NUL } }), 'body.source');
    expectRefused(await gw.call('POST', 'tm_term/es_insert', { token, body: { ...entry, translated: NUL } }), 'body.translated');
    expectRefused(await gw.call('POST', 'tm_term/es_insert', { token, body: { ...entry, ['no\u0000te']: 'x' } }), 'body');
    // The same entry without NUL is stored: only the NUL was wrong.
    expect((await gw.call('POST', 'tm_term/es_insert', { token, body: entry })).code).toBe(20000);
  });

  it('refuses a username with NUL, at registration and when changed', async () => {
    expectRefused(await gw.call('POST', 'user/update_username', { token, body: { username: NUL } }), 'body.username');
    expect((await gw.sendCode('nul2@example.com', 'register')).code).toBe(20000);
    const code = gw.codeFromLog('nul2@example.com');
    const register = (username: string) =>
      gw.call('POST', 'user/register', {
        body: { account: 'nul2@example.com', username, password: gw.encrypt('Passw0rd'), code },
      });
    expectRefused(await register(NUL), 'body.username');
    // The code was not used up by the refused call.
    expect((await register('nul two')).code).toBe(20000);
  });

  it('answers in the caller language', async () => {
    const res = await gw.call('GET', 'tm_term/get_es_list/0/1', { token, query: { keyword: NUL }, lang: 'zh-CN' });
    expect(res.code).toBe(40000);
    expect(res.msg).toContain('参数错误');
  });
});
