/**
 * The system-log lines of staff changes to banks (issue 18 item 4) through the real gateway and
 * PostgreSQL: an administrator or manager deleting another user's bank or entries, or changing a
 * system bank, leaves one line with the before (and after) in the same transaction; a refused
 * change and an owner's change to their own bank leave none; a line that cannot be written takes
 * the change down with it.
 */
import type { BankItem, EntryItem, SystemLogItem } from '@mtp/proto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let admin: string;
let adminId: number;
let owner: { token: string; userId: number };
let owners = 0;
let stranger: { token: string; userId: number };
let manager: { token: string; userId: number };
let otherManager: { token: string; userId: number };

async function staff(account: string, role: number, siteId?: number) {
  const user = await gw.registeredUser(account);
  await gw.db.query('UPDATE users SET role = $2, site_id = coalesce($3, site_id) WHERE user_id = $1', [user.userId, role, siteId ?? null]);
  return user;
}

beforeAll(async () => {
  gw = await buildTestGateway();
  admin = await gw.adminToken();
  adminId = (await gw.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE role = 0 ORDER BY user_id LIMIT 1')).rows[0]!.user_id;
  stranger = await gw.registeredUser('stranger@example.com');
  manager = await staff('manager@example.com', 1);
  const { rows } = await gw.db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}') RETURNING site_id`,
  );
  otherManager = await staff('acme-manager@example.com', 1, rows[0]!.site_id);
});
afterAll(async () => {
  await gw?.close();
});
// A free plan holds one memory: every test's bank has a new owner.
beforeEach(async () => {
  owner = await gw.registeredUser(`owner${++owners}@example.com`);
});

/** A bank of `token`'s user with the given entries. */
async function bankWith(token: string, name: string, texts: [string, string][], system = false) {
  const created = await gw.call<BankItem>('POST', 'tm_term_library/create', {
    token,
    body: { flag: 0, name, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: system ? 0 : 1 },
  });
  expect(created.code, created.msg).toBe(20000);
  const entries: EntryItem[] = [];
  for (const [source, translated] of texts) {
    const res = await gw.call<EntryItem>('POST', 'tm_term/es_insert', {
      token,
      body: { flag: 0, system_or_individual: system ? 0 : 1, bank_id: created.data.bank_id, source, translated },
    });
    expect(res.code, res.msg).toBe(20000);
    entries.push(res.data);
  }
  return { bank: created.data, entries, ref: { flag: 0, system_or_individual: system ? 0 : 1, bank_id: created.data.bank_id } };
}

/** The bank and entry lines about one bank, oldest first. */
const linesOf = async (bankId: number) =>
  (
    await gw.db.query<SystemLogItem>(
      `SELECT * FROM system_log WHERE target_type IN ('bank', 'entry')
         AND ((target_type = 'bank' AND target_id = $1) OR (before->>'bank_id')::int = $2 OR (after->>'bank_id')::int = $2)
       ORDER BY log_id`,
      [String(bankId), bankId],
    )
  ).rows;

const bankLines = async () =>
  (await gw.db.query('SELECT count(*)::int AS n FROM system_log WHERE target_type IN ($1, $2)', ['bank', 'entry'])).rows[0].n;

describe('moderating another user bank', () => {
  it('logs an administrator deleting it, once, with what it was', async () => {
    const { bank } = await bankWith(owner.token, 'Olga legal', [['contract', '合同']]);
    const res = await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token: admin });
    expect(res.code).toBe(20000);
    const lines = await linesOf(bank.bank_id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'bank.delete',
      actor_id: adminId,
      target_type: 'bank',
      target_id: String(bank.bank_id),
      before: { name: 'Olga legal', owner_id: owner.userId, entry_count: 1, flag: 0 },
    });
  });

  it('logs a manager deleting entries with their texts, and a whole bank’s entries by count', async () => {
    const { bank, entries, ref } = await bankWith(owner.token, 'Olga terms', [
      ['contract', '合同'],
      ['party', '当事人'],
      ['clause', '条款'],
    ]);
    const one = await gw.call('DELETE', 'tm_term/es_delete', { token: manager.token, body: { ...ref, entry_id: entries[0]!.entry_id } });
    expect(one.code).toBe(20000);
    const chosen = await gw.call('DELETE', 'tm_term/es_delete_data_by_choice', {
      token: manager.token,
      body: { ...ref, choices: [entries[1]!.entry_id] },
    });
    expect(chosen.code).toBe(20000);
    expect((await gw.call('DELETE', 'tm_term/es_delete_all', { token: manager.token, body: ref })).code).toBe(20000);
    // Deleting nothing (the bank is empty now) changes nothing and logs nothing.
    expect((await gw.call('DELETE', 'tm_term/es_delete_all', { token: manager.token, body: ref })).code).toBe(20000);

    const lines = await linesOf(bank.bank_id);
    expect(lines.map((l) => [l.action, l.actor_id, l.target_type])).toEqual([
      ['entry.delete', manager.userId, 'entry'],
      ['entry.delete_choice', manager.userId, 'bank'],
      ['entry.delete_all', manager.userId, 'bank'],
    ]);
    expect(lines[0]).toMatchObject({
      target_id: String(entries[0]!.entry_id),
      before: {
        bank_name: 'Olga terms',
        deleted: 1,
        entries: [{ entry_id: entries[0]!.entry_id, source: 'contract', translated: '合同' }],
      },
    });
    expect(lines[1]!.before).toMatchObject({ deleted: 1, entries: [{ source: 'party', translated: '当事人' }] });
    expect(lines[2]!.before).toEqual({ bank_id: bank.bank_id, bank_name: 'Olga terms', deleted: 1 });
  });

  it('leaves no line for a refused change: a manager of another site, a normal user', async () => {
    const { bank, entries, ref } = await bankWith(owner.token, 'Olga private', [['secret', '秘密']]);
    const before = await bankLines();
    for (const token of [otherManager.token, stranger.token]) {
      expect((await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token })).code).toBe(40400);
      expect((await gw.call('DELETE', 'tm_term/es_delete', { token, body: { ...ref, entry_id: entries[0]!.entry_id } })).code).toBe(40400);
    }
    // Staff may not write into another user's bank: refused, and not logged either.
    const update = await gw.call('POST', 'tm_term/es_update', {
      token: admin,
      body: { ...ref, entry_id: entries[0]!.entry_id, source: 'secret', translated: '改' },
    });
    expect(update.code).toBe(40400);
    expect(await bankLines()).toBe(before);
  });

  it('leaves no line for an owner’s changes to their own bank', async () => {
    const before = await bankLines();
    const { bank, entries, ref } = await bankWith(owner.token, 'Olga own', [
      ['a', '甲'],
      ['b', '乙'],
    ]);
    await gw.call('POST', 'tm_term_library/rename', { token: owner.token, body: { flag: 0, bank_id: bank.bank_id, name: 'Olga mine' } });
    await gw.call('POST', 'tm_term/es_update', {
      token: owner.token,
      body: { ...ref, entry_id: entries[0]!.entry_id, source: 'a', translated: '丙' },
    });
    await gw.call('DELETE', 'tm_term/es_delete', { token: owner.token, body: { ...ref, entry_id: entries[1]!.entry_id } });
    expect((await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token: owner.token })).code).toBe(20000);
    expect(await bankLines()).toBe(before);
  });

  it('rolls the deletion back when its line cannot be written (one transaction)', async () => {
    const { bank } = await bankWith(owner.token, 'Olga kept', [['keep', '保留']]);
    const before = await bankLines();
    await gw.db.query("ALTER TABLE system_log ADD CONSTRAINT refuse_bank_delete CHECK (action <> 'bank.delete') NOT VALID");
    try {
      const res = await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token: admin });
      expect(res.code).not.toBe(20000);
    } finally {
      await gw.db.query('ALTER TABLE system_log DROP CONSTRAINT refuse_bank_delete');
    }
    const kept = await gw.db.query('SELECT entry_count FROM tm_banks WHERE bank_id = $1', [bank.bank_id]);
    expect(kept.rows).toEqual([{ entry_count: 1 }]);
    expect(await bankLines()).toBe(before);
  });
});

describe('changing a system bank', () => {
  it('logs an administrator’s creation, rename, entry edit and deletion with before and after', async () => {
    const { bank, entries, ref } = await bankWith(admin, 'Shared legal', [['court', '法院']], true);
    const rename = await gw.call('POST', 'tm_term_library/rename', {
      token: admin,
      body: { flag: 0, bank_id: bank.bank_id, name: 'Shared law' },
    });
    expect(rename.code).toBe(20000);
    const update = await gw.call('POST', 'tm_term/es_update', {
      token: admin,
      body: { ...ref, entry_id: entries[0]!.entry_id, source: 'court', translated: '法庭' },
    });
    expect(update.code).toBe(20000);
    expect((await gw.call('DELETE', `tm_term_library/delete/0/${bank.bank_id}`, { token: admin })).code).toBe(20000);

    const lines = await linesOf(bank.bank_id);
    expect(lines.map((l) => l.action)).toEqual(['bank.create', 'entry.create', 'bank.rename', 'entry.update', 'bank.delete']);
    expect(lines.every((l) => l.actor_id === adminId)).toBe(true);
    expect(lines[2]).toMatchObject({ before: { name: 'Shared legal' }, after: { name: 'Shared law' } });
    expect(lines[3]).toMatchObject({
      target_id: String(entries[0]!.entry_id),
      before: { source: 'court', translated: '法院' },
      after: { source: 'court', translated: '法庭' },
    });
    expect(lines[4]!.before).toMatchObject({ name: 'Shared law', system_or_individual: 0, owner_id: null, entry_count: 1 });
  });
});
