/**
 * Translation memories and termbases through the real gateway (`app.inject`): every call, the
 * section-5 rules with their messages, plan limits (42005) read from billing, tenant isolation
 * and read-only system banks.
 */
import { grantPlan } from '@mtp/billing';
import type { BankItem, BankList, EntryItem, EntryList, TermLanguageData } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

let users = 0;
async function userOf(): Promise<{ token: string; userId: number }> {
  users += 1;
  const account = `bank${users}@example.com`;
  return gw.registeredUser(account);
}

async function createBank(token: string, body: Record<string, unknown>): Promise<BankItem> {
  const res = await gw.call<BankItem>('POST', 'tm_term_library/create', { token, body: { src_lang: 'zh-cn', tgt_lang: 'en-us', ...body } });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

async function insert(token: string, body: Record<string, unknown>) {
  return gw.call<EntryItem>('POST', 'tm_term/es_insert', { token, body: { flag: 0, system_or_individual: 1, ...body } });
}

describe('authentication', () => {
  it('answers 401 to every call without a token', async () => {
    const calls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', 'tm_term_library/get_list/0'],
      ['POST', 'tm_term_library/create'],
      ['POST', 'tm_term_library/rename'],
      ['DELETE', 'tm_term_library/delete/0/1'],
      ['GET', 'tm_term/get_es_list/0/1'],
      ['POST', 'tm_term/es_insert'],
      ['POST', 'tm_term/es_update'],
      ['DELETE', 'tm_term/es_delete'],
      ['DELETE', 'tm_term/es_delete_data_by_choice'],
      ['DELETE', 'tm_term/es_delete_all'],
      ['GET', 'check/term_language?language_pair=zh-cn_en-us'],
    ];
    for (const [method, path] of calls) {
      const res = await gw.call(method, path, method === 'GET' ? {} : { body: {} });
      expect([res.status, res.code], path).toEqual([401, 40100]);
    }
  });
});

describe('banks', () => {
  it('creates, lists, renames and deletes memories and termbases', async () => {
    const { token } = await userOf();
    const tm = await createBank(token, { flag: 0, name: '法律 Legal', tow_way: 1 });
    expect(tm).toMatchObject({ flag: 0, system_or_individual: 1, name: '法律 Legal', bank_name: '法律 Legal', tow_way: 1, entry_count: 0 });
    const tb = await createBank(token, { flag: 1, name: 'Terms', domain: 'it' });

    const list = await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token });
    expect(list.code).toBe(20000);
    expect(list.data.bank_list.map((b) => b.bank_id)).toEqual([tm.bank_id]);
    const terms = await gw.call<BankList>('GET', 'tm_term_library/get_list/1', { token, query: { keyword: 'term' } });
    expect(terms.data.bank_list.map((b) => [b.bank_id, b.domain])).toEqual([[tb.bank_id, 'it']]);
    const none = await gw.call<BankList>('GET', 'tm_term_library/get_list/1', { token, query: { keyword: '法律' } });
    expect(none.data.bank_list).toEqual([]);

    const renamed = await gw.call<BankItem>('POST', 'tm_term_library/rename', {
      token,
      body: { flag: 1, bank_id: tb.bank_id, name: '术语' },
    });
    expect(renamed).toMatchObject({ code: 20000, data: { bank_id: tb.bank_id, name: '术语' } });
    const deleted = await gw.call('DELETE', `tm_term_library/delete/1/${tb.bank_id}`, { token });
    expect(deleted).toMatchObject({ code: 20000, data: { bank_id: tb.bank_id } });
    expect((await gw.call<BankList>('GET', 'tm_term_library/get_list/1', { token })).data.bank_list).toEqual([]);
    const again = await gw.call('DELETE', `tm_term_library/delete/1/${tb.bank_id}`, { token });
    expect([again.status, again.code]).toEqual([404, 40400]);
  });

  it('answers the spec messages for a bad name, and 40000 for a bad flag or language', async () => {
    const { token } = await userOf();
    const empty = await gw.call('POST', 'tm_term_library/create', {
      token,
      body: { flag: 0, name: ' ', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(empty).toEqual({ status: 200, code: 40018, msg: 'Please enter a name.', data: null });
    const long = await gw.call('POST', 'tm_term_library/create', {
      token,
      body: { flag: 0, name: 'n'.repeat(21), src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(long).toMatchObject({
      code: 40019,
      msg: 'Invalid content. Please re-enter. (Enter a name of no more than 20 characters for the termbase)',
    });
    const zh = await gw.call('POST', 'tm_term_library/create', {
      token,
      lang: 'zh-CN',
      body: { flag: 0, name: '', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(zh).toMatchObject({ code: 40018, msg: '请输入名称' });
    const same = await gw.call('POST', 'tm_term_library/create', { token, body: { flag: 0, name: 'x', src_lang: 'ja', tgt_lang: 'ja' } });
    expect(same.code).toBe(40016);
    for (const body of [
      { flag: 2, name: 'x', src_lang: 'zh-cn', tgt_lang: 'en-us' },
      { flag: 0, name: 'x', src_lang: 'xx', tgt_lang: 'en-us' },
      { flag: 0, name: 'x', src_lang: 'zh-cn', tgt_lang: 'en-us', tow_way: 3 },
      { flag: 0, src_lang: 'zh-cn', tgt_lang: 'en-us' },
    ]) {
      expect((await gw.call('POST', 'tm_term_library/create', { token, body })).code, JSON.stringify(body)).toBe(40000);
    }
    expect((await gw.call('GET', 'tm_term_library/get_list/2', { token })).code).toBe(40000);
    expect((await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token })).data.bank_list).toEqual([]);
  });
});

describe('entries', () => {
  it('inserts, pages, searches, updates and deletes entries', async () => {
    const { token, userId } = await userOf();
    await grantPlan(gw.db, { userId, sku: 'standard-m' });
    const bank = await createBank(token, { flag: 0, name: 'Pages' });
    const ref = { flag: 0, system_or_individual: 1, bank_id: bank.bank_id };
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await insert(token, { ...ref, source: `第${i}句话`, translated: `Sentence ${i}`, note: i === 1 ? '备注' : undefined });
      expect(res.code, res.msg).toBe(20000);
      ids.push(res.data.entry_id);
    }
    const first = await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', {
      token,
      query: { page: '1', bank_id: String(bank.bank_id) },
    });
    expect(first.data).toMatchObject({ total: 12, pages: 2, page: 1, page_size: 10 });
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]).toMatchObject({ source: '第12句话', translated: 'Sentence 12', bank_name: 'Pages', src_lang: 'zh-cn' });
    const second = await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token, query: { page: '2' } });
    expect(second.data.list.map((e) => e.source)).toEqual(['第2句话', '第1句话']);
    expect(second.data.list[1]!.note).toBe('备注');
    const zhKeyword = await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token, query: { keyword: '第1' } });
    expect(zhKeyword.data.list.map((e) => e.source)).toEqual(['第12句话', '第11句话', '第10句话', '第1句话']);
    const enKeyword = await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', {
      token,
      query: { keyword: 'sentence 1', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(enKeyword.data.total).toBe(4);
    expect((await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token, query: { src_lang: 'ja' } })).data.total).toBe(0);
    expect((await gw.call('GET', 'tm_term/get_es_list/0/1', { token, query: { page: '0' } })).code).toBe(40000);
    expect((await gw.call('GET', 'tm_term/get_es_list/0/2', { token })).code).toBe(40000);

    const updated = await gw.call<EntryItem>('POST', 'tm_term/es_update', {
      token,
      body: { ...ref, tow_way: 0, entry_id: ids[0], source: '第一句话', translated: 'The first sentence', extra: { reviewed: true } },
    });
    expect(updated).toMatchObject({ code: 20000, data: { entry_id: ids[0], source: '第一句话', extra: { reviewed: true } } });

    expect(await gw.call('DELETE', 'tm_term/es_delete', { token, body: { ...ref, entry_id: ids[0] } })).toMatchObject({
      code: 20000,
      data: { deleted: 1 },
    });
    const byChoice = await gw.call('DELETE', 'tm_term/es_delete_data_by_choice', { token, body: { ...ref, choices: ids.slice(1, 4) } });
    expect(byChoice).toMatchObject({ code: 20000, data: { deleted: 3 } });
    expect((await gw.call('DELETE', 'tm_term/es_delete_data_by_choice', { token, body: { ...ref, choices: [] } })).code).toBe(40000);
    const all = await gw.call('DELETE', 'tm_term/es_delete_all', { token, body: ref });
    expect(all).toMatchObject({ code: 20000, data: { deleted: 8 } });
    const left = await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token });
    expect(left.data.bank_list[0]!.entry_count).toBe(0);
  });

  it('answers each entry rule with its message', async () => {
    const { token } = await userOf();
    const bank = await createBank(token, { flag: 1, name: 'Rules' });
    const ref = { flag: 1, system_or_individual: 1, bank_id: bank.bank_id };
    const cases: [Record<string, unknown>, string][] = [
      [{ source: '', translated: 'x' }, 'Translation and source text cannot be empty'],
      [{ source: '术语', translated: '  ' }, 'Translation and source text cannot be empty'],
      [{ source: '中'.repeat(501), translated: 'x' }, 'source: No more than 500 characters are allowed. Please re-enter.'],
      [{ source: '术语', translated: 'x', note: 'n'.repeat(201) }, 'note: No more than 200 characters are allowed. Please re-enter.'],
    ];
    for (const [fields, detail] of cases) {
      const res = await insert(token, { ...ref, ...fields });
      expect(res).toEqual({ status: 200, code: 40019, msg: `Invalid content. Please re-enter. (${detail})`, data: null });
    }
    const en = await createBank(token, { flag: 0, name: 'English', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    const enRef = { flag: 0, system_or_individual: 1, bank_id: en.bank_id };
    expect((await insert(token, { ...enRef, source: 'a'.repeat(1001), translated: 'x' })).code).toBe(40019);
    expect((await insert(token, { ...enRef, source: 'a'.repeat(1000), translated: 'x' })).code).toBe(20000);
    expect((await insert(token, { ...ref, source: '中'.repeat(500), translated: 'x', note: 'n'.repeat(200) })).code).toBe(20000);
    expect((await insert(token, { ...ref, translated: 'x' })).code).toBe(40000);
  });
});

describe('plan limits', () => {
  it('stops a free user at 1 memory, 1 termbase and 5 entries with 42005', async () => {
    const { token } = await userOf();
    const tm = await createBank(token, { flag: 0, name: 'Free TM' });
    await createBank(token, { flag: 1, name: 'Free TB' });
    for (const flag of [0, 1]) {
      const res = await gw.call('POST', 'tm_term_library/create', {
        token,
        body: { flag, name: 'More', src_lang: 'zh-cn', tgt_lang: 'en-us' },
      });
      expect(res.code).toBe(42005);
    }
    const limited = await gw.call('POST', 'tm_term_library/create', {
      token,
      body: { flag: 0, name: 'More', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(limited.msg).toBe('The limit of your current plan has been reached (the free plan allows 1 translation memory)');
    for (let i = 0; i < 5; i++)
      expect((await insert(token, { bank_id: tm.bank_id, source: `s${i}`, translated: `t${i}` })).code).toBe(20000);
    const sixth = await insert(token, { bank_id: tm.bank_id, source: 's5', translated: 't5' });
    expect(sixth).toMatchObject({
      code: 42005,
      msg: 'The limit of your current plan has been reached (the free plan allows 5 entries per translation memory)',
    });
  });

  it('stops a standard user at 10 memories and 50 entries', async () => {
    const { token, userId } = await userOf();
    await grantPlan(gw.db, { userId, sku: 'standard-m' });
    const banks: BankItem[] = [];
    for (let i = 0; i < 10; i++) banks.push(await createBank(token, { flag: 0, name: `TM ${i}` }));
    const eleventh = await gw.call('POST', 'tm_term_library/create', {
      token,
      body: { flag: 0, name: 'TM 10', src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(eleventh).toMatchObject({
      code: 42005,
      msg: 'The limit of your current plan has been reached (the standard plan allows 10 translation memories)',
    });
    await createBank(token, { flag: 1, name: 'A termbase' });
    const bankId = banks[0]!.bank_id;
    for (let i = 0; i < 50; i++) expect((await insert(token, { bank_id: bankId, source: `s${i}`, translated: `t${i}` })).code).toBe(20000);
    expect((await insert(token, { bank_id: bankId, source: 's50', translated: 't50' })).code).toBe(42005);
  });
});

describe('isolation and system banks', () => {
  it('answers 404 for another user’s bank and entries', async () => {
    const alice = await userOf();
    const bob = await userOf();
    const bank = await createBank(alice.token, { flag: 0, name: 'Private' });
    const secret = await insert(alice.token, { bank_id: bank.bank_id, source: '机密', translated: 'classified' });
    const ref = { flag: 0, system_or_individual: 1, bank_id: bank.bank_id };
    const token = bob.token;
    const attempts = [
      gw.call('POST', 'tm_term_library/rename', { token, body: { flag: 0, bank_id: bank.bank_id, name: 'Mine' } }),
      gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token }),
      gw.call('GET', 'tm_term/get_es_list/0/1', { token, query: { bank_id: String(bank.bank_id) } }),
      insert(token, { bank_id: bank.bank_id, source: 'a', translated: 'b' }),
      gw.call('POST', 'tm_term/es_update', { token, body: { ...ref, entry_id: secret.data.entry_id, source: 'a', translated: 'b' } }),
      gw.call('DELETE', 'tm_term/es_delete', { token, body: { ...ref, entry_id: secret.data.entry_id } }),
      gw.call('DELETE', 'tm_term/es_delete_data_by_choice', { token, body: { ...ref, choices: [secret.data.entry_id] } }),
      gw.call('DELETE', 'tm_term/es_delete_all', { token, body: ref }),
    ];
    for (const res of await Promise.all(attempts)) expect([res.status, res.code]).toEqual([404, 40400]);
    expect((await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token })).data.bank_list).toEqual([]);
    expect((await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token, query: { keyword: '机密' } })).data.total).toBe(0);
    const still = await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token: alice.token });
    expect(still.data.list.map((e) => e.source)).toEqual(['机密']);
  });

  it('lets everyone read system banks and only administrators change them', async () => {
    const admin = await gw.adminToken();
    const normal = await userOf();
    const denied = await gw.call('POST', 'tm_term_library/create', {
      token: normal.token,
      body: { flag: 1, name: 'Sys', system_or_individual: 0, src_lang: 'zh-cn', tgt_lang: 'en-us' },
    });
    expect(denied.code).toBe(42000);
    const sys = await createBank(admin, { flag: 1, name: 'System terms', system_or_individual: 0 });
    const ref = { flag: 1, system_or_individual: 0, bank_id: sys.bank_id };
    const term = await gw.call<EntryItem>('POST', 'tm_term/es_insert', {
      token: admin,
      body: { ...ref, source: '神经网络', translated: 'neural network' },
    });
    expect(term.code).toBe(20000);

    const listed = await gw.call<BankList>('GET', 'tm_term_library/get_list/1', { token: normal.token });
    expect(listed.data.bank_list.map((b) => [b.bank_id, b.system_or_individual])).toEqual([[sys.bank_id, 0]]);
    const read = await gw.call<EntryList>('GET', 'tm_term/get_es_list/1/0', { token: normal.token, query: { keyword: '神经' } });
    expect(read.data.list.map((e) => e.translated)).toEqual(['neural network']);

    const token = normal.token;
    const changes = [
      gw.call('POST', 'tm_term_library/rename', { token, body: { flag: 1, bank_id: sys.bank_id, name: 'x' } }),
      gw.call('DELETE', `tm_term_library/delete/1/${sys.bank_id}`, { token }),
      gw.call('POST', 'tm_term/es_insert', { token, body: { ...ref, source: 'a', translated: 'b' } }),
      gw.call('POST', 'tm_term/es_update', { token, body: { ...ref, entry_id: term.data.entry_id, source: 'a', translated: 'b' } }),
      gw.call('DELETE', 'tm_term/es_delete', { token, body: { ...ref, entry_id: term.data.entry_id } }),
      gw.call('DELETE', 'tm_term/es_delete_data_by_choice', { token, body: { ...ref, choices: [term.data.entry_id] } }),
      gw.call('DELETE', 'tm_term/es_delete_all', { token, body: ref }),
    ];
    for (const res of await Promise.all(changes))
      expect([res.status, res.code, res.msg]).toEqual([200, 42000, 'No permission (system banks are managed by administrators)']);
    expect((await gw.call('DELETE', `tm_term_library/delete/1/${sys.bank_id}`, { token: admin })).code).toBe(20000);
  });
});

describe('check/term_language', () => {
  it('says whether a pair names two known, different languages', async () => {
    const { token } = await userOf();
    const ok = await gw.call<TermLanguageData>('GET', 'check/term_language', { token, query: { language_pair: 'zh-cn_en-us' } });
    expect(ok).toMatchObject({ code: 20000, data: { valid: true, src_lang: 'zh-cn', tgt_lang: 'en-us' } });
    for (const pair of ['en-us_en-us', 'zh-cn_xx', 'zh-cn']) {
      const res = await gw.call<TermLanguageData>('GET', 'check/term_language', { token, query: { language_pair: pair } });
      expect(res.data, pair).toEqual({ valid: false, src_lang: null, tgt_lang: null });
    }
    expect((await gw.call('GET', 'check/term_language', { token })).code).toBe(40000);
  });
});
