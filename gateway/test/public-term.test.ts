/**
 * Public termbases through the real gateway: only staff make them, only system termbases may be
 * public (the service and the database's CHECK), visitors without a token read their banks and
 * entries (search, paging, bank filter) and nothing else, and get_list separates them from the
 * other system termbases.
 */
import type { BankItem, BankList, EntryItem, EntryList } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
let publicBank: BankItem;
let privateBank: BankItem;

async function createBank(token: string, body: Record<string, unknown>) {
  return gw.call<BankItem>('POST', 'tm_term_library/create', { token, body: { src_lang: 'en-us', tgt_lang: 'zh-cn', flag: 1, ...body } });
}

async function insertTerm(bankId: number, source: string, translated: string) {
  const res = await gw.call<EntryItem>('POST', 'tm_term/es_insert', {
    token: admin,
    body: { flag: 1, system_or_individual: 0, bank_id: bankId, source, translated },
  });
  expect(res.code, res.msg).toBe(20000);
}

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
  publicBank = (await createBank(admin, { name: 'Public IT', system_or_individual: 0, is_public: 1 })).data;
  privateBank = (await createBank(admin, { name: 'Internal', system_or_individual: 0 })).data;
  await insertTerm(publicBank.bank_id, 'cloud', '云');
  await insertTerm(publicBank.bank_id, 'server', '服务器');
  await insertTerm(privateBank.bank_id, 'secret', '机密');
});
afterAll(async () => {
  await gw?.close();
});

describe('creating public termbases', () => {
  it('marks the bank public and refuses public memories, individual banks and normal users', async () => {
    expect(publicBank).toMatchObject({ is_public: 1, system_or_individual: 0, flag: 1 });
    expect(privateBank.is_public).toBe(0);
    expect((await createBank(admin, { name: 'TM', flag: 0, system_or_individual: 0, is_public: 1 })).code).toBe(40000);
    expect((await createBank(admin, { name: 'Mine', system_or_individual: 1, is_public: 1 })).code).toBe(40000);
    const { token } = await gw.registeredUser('public1@example.com');
    expect((await createBank(token, { name: 'Pub', system_or_individual: 0, is_public: 1 })).code).toBe(42000);
    // The database holds the rule too, whatever the code path.
    const own = await createBank(token, { name: 'Own', system_or_individual: 1 });
    await expect(gw.db.query('UPDATE tm_banks SET is_public = true WHERE bank_id = $1', [own.data.bank_id])).rejects.toThrow(
      /tm_banks_public_is_system_termbase/,
    );
  });

  it('filters get_list by is_public for the admin screens', async () => {
    const list = async (is_public: string) =>
      (
        await gw.call<BankList>('GET', 'tm_term_library/get_list/1', { token: admin, query: { system_or_individual: '0', is_public } })
      ).data.bank_list.map((b) => b.bank_id);
    expect(await list('1')).toEqual([publicBank.bank_id]);
    expect(await list('0')).toEqual([privateBank.bank_id]);
  });
});

describe('visitors', () => {
  it('read the public termbases without a token', async () => {
    const banks = await gw.call<BankList>('GET', 'public_term/get_public_term_list/banks');
    expect([banks.status, banks.code]).toEqual([200, 20000]);
    expect(banks.data.bank_list.map((b) => [b.bank_id, b.name, b.entry_count])).toEqual([[publicBank.bank_id, 'Public IT', 2]]);
  });

  it('read public entries only, with search, paging and the bank filter', async () => {
    const all = await gw.call<EntryList>('GET', 'public_term/get_public_term_list');
    expect(all.code).toBe(20000);
    expect(all.data.list.map((e) => e.source)).toEqual(['server', 'cloud']);
    expect(all.data.list[0]).toMatchObject({ bank_name: 'Public IT', translated: '服务器', src_lang: 'en-us', tgt_lang: 'zh-cn' });

    const found = await gw.call<EntryList>('GET', 'public_term/get_public_term_list', { query: { keyword: '云' } });
    expect(found.data.list.map((e) => e.source)).toEqual(['cloud']);
    const paged = await gw.call<EntryList>('GET', 'public_term/get_public_term_list', { query: { page: '2', page_size: '1' } });
    expect(paged.data).toMatchObject({ total: 2, pages: 2, page: 2, page_size: 1 });
    expect(paged.data.list.map((e) => e.source)).toEqual(['cloud']);
    const reversed = await gw.call<EntryList>('GET', 'public_term/get_public_term_list', { query: { src_lang: 'zh-cn' } });
    expect(reversed.data.total).toBe(0);

    const privateOne = await gw.call<EntryList>('GET', 'public_term/get_public_term_list', {
      query: { bank_id: String(privateBank.bank_id) },
    });
    expect(privateOne.data).toMatchObject({ list: [], total: 0 });
    const secret = await gw.call<EntryList>('GET', 'public_term/get_public_term_list', { query: { keyword: 'secret' } });
    expect(secret.data.total).toBe(0);
  });

  it('still need a token for every other bank call, and a bad token is still refused', async () => {
    expect((await gw.call('GET', 'tm_term/get_es_list/1/0')).status).toBe(401);
    expect((await gw.call('GET', 'tm_term_library/get_all_list/1')).status).toBe(401);
    expect((await gw.call('GET', 'public_term/get_public_term_list', { token: 'not-a-token' })).status).toBe(401);
  });

  it('stop seeing a termbase once it is deleted', async () => {
    const gone = (await createBank(admin, { name: 'Gone', system_or_individual: 0, is_public: 1 })).data;
    expect((await gw.call('DELETE', `tm_term_library/delete/1/${gone.bank_id}`, { token: admin })).code).toBe(20000);
    const banks = await gw.call<BankList>('GET', 'public_term/get_public_term_list/banks');
    expect(banks.data.bank_list.map((b) => b.bank_id)).toEqual([publicBank.bank_id]);
  });
});
