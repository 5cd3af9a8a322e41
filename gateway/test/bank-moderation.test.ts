/**
 * Staff moderation of users' banks through the real gateway: `get_all_list` (administrators
 * every individual bank, managers their own site's, normal users 42000), reading, exporting and
 * deleting someone else's entries and banks, and what stays refused: writing into another user's
 * bank, and any access for a normal user or a manager of another site (404, tenant isolation).
 */
import type { AllBankList, BankItem, EntryItem, EntryList } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
let owner: { token: string; userId: number };
let stranger: { token: string; userId: number };
let manager: { token: string; userId: number };
let otherManager: { token: string; userId: number };
let bank: BankItem;
let entries: EntryItem[];

async function staff(account: string, role: number, siteId?: number) {
  const user = await gw.registeredUser(account);
  await gw.db.query('UPDATE users SET role = $2, site_id = coalesce($3, site_id) WHERE user_id = $1', [user.userId, role, siteId ?? null]);
  return user;
}

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
  owner = await gw.registeredUser('owner@example.com');
  await gw.db.query("UPDATE users SET username = 'Olga' WHERE user_id = $1", [owner.userId]);
  stranger = await gw.registeredUser('stranger@example.com');
  manager = await staff('manager@example.com', 1);
  const { rows } = await gw.db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}') RETURNING site_id`,
  );
  otherManager = await staff('acme-manager@example.com', 1, rows[0]!.site_id);

  bank = (
    await gw.call<BankItem>('POST', 'tm_term_library/create', {
      token: owner.token,
      body: { flag: 0, name: 'Olga legal', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    })
  ).data;
  entries = [];
  for (const [source, translated] of [
    ['contract', '合同'],
    ['party', '当事人'],
    ['clause', '条款'],
  ]) {
    const res = await gw.call<EntryItem>('POST', 'tm_term/es_insert', {
      token: owner.token,
      body: { flag: 0, system_or_individual: 1, bank_id: bank.bank_id, source, translated },
    });
    entries.push(res.data);
  }
});
afterAll(async () => {
  await gw?.close();
});

const allList = (token: string, query: Record<string, string> = {}) =>
  gw.call<AllBankList>('GET', 'tm_term_library/get_all_list/0', { token, query });
const readEntries = (token: string) =>
  gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token, query: { bank_id: String(bank.bank_id) } });
const ref = () => ({ flag: 0, system_or_individual: 1, bank_id: bank.bank_id });

describe('get_all_list', () => {
  it('lists individual banks with their owner for an administrator, with search and paging', async () => {
    const res = await allList(admin);
    expect(res.code).toBe(20000);
    expect(res.data).toMatchObject({ total: 1, pages: 1, page: 1 });
    expect(res.data.list[0]).toMatchObject({
      bank_id: bank.bank_id,
      account: 'owner@example.com',
      username: 'Olga',
      user_id: owner.userId,
      entry_count: 3,
      system_or_individual: 1,
    });
    expect((await allList(admin, { keyword: 'OLGA' })).data.total).toBe(1);
    expect((await allList(admin, { keyword: 'owner@' })).data.total).toBe(1);
    expect((await allList(admin, { keyword: 'nobody' })).data.total).toBe(0);
    expect((await gw.call<AllBankList>('GET', 'tm_term_library/get_all_list/1', { token: admin })).data.total).toBe(0);
  });

  it('limits managers to their own site and refuses normal users (42000)', async () => {
    expect((await allList(manager.token)).data.list.map((b) => b.bank_id)).toEqual([bank.bank_id]);
    expect((await allList(otherManager.token)).data).toMatchObject({ list: [], total: 0 });
    const normal = await allList(stranger.token);
    expect([normal.code, normal.data]).toEqual([42000, null]);
  });
});

describe('reading and exporting others banks', () => {
  it('lets staff of the site read and export the entries', async () => {
    for (const token of [admin, manager.token]) {
      const res = await readEntries(token);
      expect(res.code, res.msg).toBe(20000);
      expect(res.data.list.map((e) => e.source)).toEqual(['clause', 'party', 'contract']);
    }
    const file = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/tm_term/es_export_all/1/0?bank_id=${bank.bank_id}&format=csv`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('contract,合同');
    // Without bank_id a staff member still sees only their own entries.
    expect((await gw.call<EntryList>('GET', 'tm_term/get_es_list/0/1', { token: admin })).data.total).toBe(0);
  });

  it('answers 404 to a normal user and to a manager of another site', async () => {
    for (const token of [stranger.token, otherManager.token]) {
      expect((await readEntries(token)).status).toBe(404);
      const file = await gw.call('GET', `tm_term/es_export_all/1/0?bank_id=${bank.bank_id}`, { token });
      expect(file.code).toBe(40400);
      expect((await gw.call('DELETE', 'tm_term/es_delete_all', { token, body: ref() })).code).toBe(40400);
      expect((await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token })).code).toBe(40400);
    }
    expect((await readEntries(owner.token)).data.total).toBe(3);
  });
});

describe('moderation', () => {
  it('refuses inserting, editing and renaming in someone else bank', async () => {
    const insert = await gw.call('POST', 'tm_term/es_insert', { token: admin, body: { ...ref(), source: 'x', translated: '某' } });
    expect(insert.code).toBe(40400);
    const update = await gw.call('POST', 'tm_term/es_update', {
      token: manager.token,
      body: { ...ref(), entry_id: entries[0]!.entry_id, source: 'contract', translated: '改' },
    });
    expect(update.code).toBe(40400);
    const rename = await gw.call('POST', 'tm_term_library/rename', {
      token: admin,
      body: { flag: 0, bank_id: bank.bank_id, name: 'Mine' },
    });
    expect(rename.code).toBe(40400);
    expect((await readEntries(owner.token)).data.list.map((e) => e.translated)).toEqual(['条款', '当事人', '合同']);
  });

  it('deletes chosen entries, then the whole bank', async () => {
    const chosen = await gw.call('DELETE', 'tm_term/es_delete_data_by_choice', {
      token: manager.token,
      body: { ...ref(), choices: [entries[1]!.entry_id] },
    });
    expect(chosen).toMatchObject({ code: 20000, data: { deleted: 1 } });
    const one = await gw.call('DELETE', 'tm_term/es_delete', { token: admin, body: { ...ref(), entry_id: entries[0]!.entry_id } });
    expect(one).toMatchObject({ code: 20000, data: { deleted: 1 } });
    const left = await readEntries(owner.token);
    expect(left.data.list.map((e) => e.source)).toEqual(['clause']);
    expect((await allList(admin)).data.list[0]!.entry_count).toBe(1);

    expect((await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token: admin })).code).toBe(20000);
    expect((await readEntries(owner.token)).status).toBe(404);
    expect((await allList(admin)).data.total).toBe(0);
  });
});
