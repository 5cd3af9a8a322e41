/**
 * Staff and the plan limits through the API (issue 17): an administrator on no paid plan creates
 * individual memories past the free plan's one, and `get_list` answers no `limits` for them (the
 * web app then shows and blocks nothing), while a normal user's list still carries the plan's.
 */
import type { BankList } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
});
afterAll(async () => {
  await gw.close();
});

const create = (token: string, name: string) =>
  gw.call('POST', 'tm_term_library/create', {
    token,
    body: { flag: 0, name, src_lang: 'zh-cn', tgt_lang: 'en-us', system_or_individual: 1 },
  });

describe('plan limits and staff', () => {
  it('holds the administrator to none, and a normal user to the free plan', async () => {
    const admin = await gw.adminToken();
    for (const name of ['Admin 1', 'Admin 2', 'Admin 3']) expect((await create(admin, name)).code).toBe(20000);
    const adminList = await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token: admin, query: { system_or_individual: '1' } });
    expect(adminList.data.bank_list).toHaveLength(3);
    expect(adminList.data).not.toHaveProperty('limits');

    const { token } = await gw.registeredUser('plain@example.com');
    expect((await create(token, 'Mine')).code).toBe(20000);
    expect((await create(token, 'Second')).code).toBe(42005);
    expect((await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token })).data.limits).toEqual({
      entries_per_bank: 5,
      banks: 1,
    });
  });
});
