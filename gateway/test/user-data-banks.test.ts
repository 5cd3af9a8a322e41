/**
 * `/user-data`'s banks (issue 18 item 3) through the real gateway and PostgreSQL: a user's own
 * memories and termbases with their languages and entry counts, never someone else's or a
 * system bank, and a manager asking for another site's user gets the same 40020 as for none.
 */
import type { AdminUserData, BankItem } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';
import { managerOf } from './user-admin-support';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
  admin = await gw.adminToken();
});
afterAll(async () => {
  await gw.close();
});

const userData = (token: string, userId: number) =>
  gw.call<AdminUserData>('GET', 'admin/user_data', { token, query: { user_id: String(userId) } });

async function createBank(token: string, flag: number, name: string, system = false) {
  const res = await gw.call<BankItem>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: system ? 0 : 1 },
  });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

describe('admin/user_data banks', () => {
  it('lists the user’s own memories and termbases, with languages, entries and creation time', async () => {
    const user = await gw.registeredUser('banker@example.com');
    const other = await gw.registeredUser('other@example.com');
    const memory = await createBank(user.token, 0, 'Banker legal');
    const termbase = await createBank(user.token, 1, 'Banker terms');
    const entry = await gw.call('POST', 'tm_term/es_insert', {
      token: user.token,
      body: { flag: 0, system_or_individual: 1, bank_id: memory.bank_id, source: 'contract', translated: '合同' },
    });
    expect(entry.code).toBe(20000);
    await createBank(other.token, 0, 'Not theirs');
    await createBank(admin, 0, 'System memory', true);

    const res = await userData(admin, user.userId);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.banks.map((b) => [b.bank_id, b.flag, b.name, b.src_lang, b.tgt_lang, b.entry_count])).toEqual([
      [memory.bank_id, 0, 'Banker legal', 'en-us', 'zh-cn', 1],
      [termbase.bank_id, 1, 'Banker terms', 'en-us', 'zh-cn', 0],
    ]);
    expect(Date.parse(res.data.banks[0]!.created_at)).not.toBeNaN();

    const empty = await userData(admin, other.userId);
    expect(empty.data.banks.map((b) => b.name)).toEqual(['Not theirs']);
  });

  it('is scoped like the rest of user_data: a manager of another site gets 40020 and no banks', async () => {
    const user = await gw.registeredUser('scoped@example.com');
    await createBank(user.token, 0, 'Scoped legal');
    const m = await managerOf(gw, admin, 'elsewhere');
    const foreign = await userData(m.token, user.userId);
    const absent = await userData(m.token, 999_999);
    expect([foreign.code, foreign.msg, foreign.data]).toEqual([absent.code, absent.msg, absent.data]);
    expect(foreign.code).toBe(40020);
  });
});
