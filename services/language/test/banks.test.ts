/**
 * Banks and entries on a real PostgreSQL: a fresh database with the accounts, billing and language tables, users made directly, and a
 * plan per user that tests set (the gateway reads billing's plan instead).
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations, grantPlan, remaining } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { AppError, detailIn, type PlanCode } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createBank,
  deleteAllEntries,
  deleteBank,
  deleteEntriesByChoice,
  deleteEntry,
  insertEntry,
  languageMigrations,
  listBanks,
  listEntries,
  renameBank,
  updateEntry,
  type Actor,
  type BanksDeps,
} from '../src/index';

async function createBanksFixture() {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
  const db: Db = tdb.db;
  const sites = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true), ('other', 'Other', '{}', false)
     RETURNING site_id`,
  );
  const mainSite = sites.rows[0]!.site_id;
  const otherSite = sites.rows[1]!.site_id;
  const plans = new Map<number, PlanCode>();
  const deps: BanksDeps = { db, planOf: async (userId) => plans.get(userId) ?? 'free' };
  let next = 0;

  async function createUser(opts: { role?: number; siteId?: number; plan?: PlanCode } = {}): Promise<Actor> {
    next += 1;
    const siteId = opts.siteId ?? mainSite;
    const role = opts.role ?? 2;
    const { rows } = await db.query<{ user_id: number }>(
      `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
      [`lang${next}@example.com`, siteId, role],
    );
    const userId = rows[0]!.user_id;
    if (opts.plan) plans.set(userId, opts.plan);
    return { userId, role, siteId };
  }

  return { db, deps, plans, mainSite, otherSite, createUser, close: () => tdb.drop() };
}

/** The code an operation fails with (and its detail), or 'no error'. */
async function failure(p: Promise<unknown>): Promise<{ code: number; detail?: string | undefined } | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, detail: detailIn(err.detail, 'en_US') };
    throw err;
  }
}

async function codeOf(p: Promise<unknown>): Promise<number | 'no error'> {
  const f = await failure(p);
  return f === 'no error' ? f : f.code;
}

let fx: Awaited<ReturnType<typeof createBanksFixture>>;
beforeAll(async () => {
  fx = await createBanksFixture();
});
afterAll(async () => {
  await fx?.close();
});

const memory = (name = 'Memory', extra: Partial<Parameters<typeof createBank>[2]> = {}) => ({
  flag: 0,
  name,
  src_lang: 'zh-cn' as const,
  tgt_lang: 'en-us' as const,
  ...extra,
});
const termbase = (name = 'Terms', extra: Partial<Parameters<typeof createBank>[2]> = {}) => ({ ...memory(name, extra), flag: 1 });
const entry = (bankId: number, source: string, translated: string, extra: Record<string, unknown> = {}) => ({
  flag: 0,
  system_or_individual: 1,
  bank_id: bankId,
  source,
  translated,
  ...extra,
});

async function bankCount(bankId: number): Promise<number> {
  const { rows } = await fx.db.query<{ entry_count: number; real: number }>(
    'SELECT entry_count, (SELECT count(*)::int FROM tm_entries WHERE bank_id = $1) AS real FROM tm_banks WHERE bank_id = $1',
    [bankId],
  );
  expect(rows[0]!.entry_count).toBe(rows[0]!.real);
  return rows[0]!.real;
}

describe('the migration', () => {
  it('indexes the prefix keys and the match tokens (concordance, 008) of sources and two-way translations, not trigrams', async () => {
    const { rows } = await fx.db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'tm_entries' AND indexdef LIKE '%USING gin%' ORDER BY indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'tm_entries_match_keys',
      'tm_entries_match_tokens',
      'tm_entries_reverse_keys',
      'tm_entries_reverse_tokens',
    ]);
    expect(rows.map((r) => r.indexdef).join('\n')).not.toContain('trgm');
  });

  it('keeps the match tokens in the "C" collation, so their indexes compare bytes, not the locale (009)', async () => {
    const { rows } = await fx.db.query<{ column_name: string; collation_name: string | null }>(
      `SELECT column_name, collation_name FROM information_schema.columns
       WHERE table_name = 'tm_entries' AND column_name IN ('match_tokens', 'reverse_tokens') ORDER BY column_name`,
    );
    expect(rows).toEqual([
      { column_name: 'match_tokens', collation_name: 'C' },
      { column_name: 'reverse_tokens', collation_name: 'C' },
    ]);
  });

  it('stores the pairs of an entry’s first tokens in the global order (newest token ids first) as its keys', async () => {
    const user = await fx.createUser({ plan: 'standard' });
    const bank = await createBank(fx.deps, user, memory('Prefix order', { tow_way: 1 }));
    const first = await insertEntry(fx.deps, user, entry(bank.bank_id, '这是新的', 'alpha beta gamma delta'));
    const second = await insertEntry(fx.deps, user, entry(bank.bank_id, '新的记忆库', 'beta epsilon, 42'));
    const { rows } = await fx.db.query<{ match_keys: string[]; reverse_keys: string[]; match_len: number }>(
      'SELECT match_keys, reverse_keys, match_len FROM tm_entries WHERE entry_id = ANY($1) ORDER BY entry_id',
      [[first.entry_id, second.entry_id]],
    );
    const ids = new Map(
      (await fx.db.query<{ token: string; token_id: number }>('SELECT token, token_id FROM tm_tokens')).rows.map((r) => [
        r.token,
        r.token_id,
      ]),
    );
    /** Pair keys of the first `k` tokens, highest id first. */
    const pairs = (tokens: string[], k: number) => {
      const head = tokens
        .map((t) => ids.get(t)!)
        .sort((a, b) => b - a)
        .slice(0, k);
      return head.flatMap((a, i) => head.slice(i + 1).map((b) => String(a * 2 ** 31 + b))).sort();
    };
    // 4 units: at most floor(4 * 30 / 70) = 1 edit, so the pairs of the first 3 tokens.
    expect([...rows[0]!.match_keys].sort()).toEqual(pairs(['这', '是', '新', '的'], 3));
    // 5 units (2 edits): pairs of the first 4; the translation (numbers are one token '#',
    // punctuation is no unit: 3 units, 1 edit): pairs of its first 3.
    expect(rows[1]!.match_len).toBe(5);
    expect([...rows[1]!.match_keys].sort()).toEqual(pairs(['新', '的', '记', '忆', '库'], 4));
    expect([...rows[1]!.reverse_keys].sort()).toEqual(pairs(['beta', 'epsilon', '#'], 3));
    // Tokens already known keep their ids: '新' and '的' came with the first entry.
    expect(Math.max(ids.get('新')!, ids.get('的')!)).toBeLessThan(ids.get('记')!);
  });

  it('splits match tokens into lower-cased words and single Han/kana characters', async () => {
    const { rows } = await fx.db.query<{ tokens: string[] }>(`SELECT tm_match_tokens($1) AS tokens`, [
      '使用 Docker 部署, docker! Привет мир、カナ',
    ]);
    expect([...rows[0]!.tokens].sort()).toEqual(['docker', 'мир', 'привет', 'カ', 'ナ', '使', '用', '部', '署'].sort());
  });
});

describe('banks', () => {
  it('creates, lists with a keyword, renames and deletes an individual bank', async () => {
    const user = await fx.createUser({ plan: 'standard' });
    const tm = await createBank(fx.deps, user, memory('  法律 Legal  ', { tow_way: 1, domain: 'legal' }));
    expect(tm).toMatchObject({
      name: '法律 Legal',
      bank_name: '法律 Legal',
      flag: 0,
      system_or_individual: 1,
      src_lang: 'zh-cn',
      tgt_lang: 'en-us',
      tow_way: 1,
      domain: 'legal',
      entry_count: 0,
    });
    const other = await createBank(fx.deps, user, memory('Medical'));
    expect(other).toMatchObject({ tow_way: 0, domain: 'general' });
    const tb = await createBank(fx.deps, user, termbase('Legal terms'));

    expect((await listBanks(fx.db, user, 0)).map((b) => b.bank_id)).toEqual([tm.bank_id, other.bank_id]);
    expect((await listBanks(fx.db, user, 1)).map((b) => b.bank_id)).toEqual([tb.bank_id]);
    expect((await listBanks(fx.db, user, 0, { keyword: 'legal' })).map((b) => b.bank_id)).toEqual([tm.bank_id]);
    expect((await listBanks(fx.db, user, 0, { keyword: '法律' })).map((b) => b.bank_id)).toEqual([tm.bank_id]);
    expect(await listBanks(fx.db, user, 0, { keyword: '%' })).toEqual([]);

    expect(await renameBank(fx.db, user, { flag: 0, bank_id: other.bank_id, name: '医学' })).toMatchObject({ name: '医学' });
    // The flag must be the bank's: a memory is not found among termbases.
    expect(await codeOf(renameBank(fx.db, user, { flag: 1, bank_id: other.bank_id, name: 'x' }))).toBe(40400);
    await insertEntry(fx.deps, user, entry(other.bank_id, '心脏', 'heart'));
    expect(await deleteBank(fx.db, user, 0, other.bank_id)).toEqual({ bank_id: other.bank_id });
    expect((await listBanks(fx.db, user, 0)).map((b) => b.bank_id)).toEqual([tm.bank_id]);
    const { rows } = await fx.db.query('SELECT 1 FROM tm_entries WHERE bank_id = $1', [other.bank_id]);
    expect(rows).toEqual([]);
    expect(await codeOf(deleteBank(fx.db, user, 0, other.bank_id))).toBe(40400);
  });

  it('refuses a missing or too long name and the same language on both sides', async () => {
    const user = await fx.createUser({ plan: 'standard' });
    expect(await failure(createBank(fx.deps, user, memory('  ')))).toEqual({ code: 40018, detail: undefined });
    expect(await failure(createBank(fx.deps, user, memory('n'.repeat(21))))).toEqual({
      code: 40019,
      detail: 'Enter a name of no more than 20 characters for the termbase',
    });
    expect(await codeOf(createBank(fx.deps, user, memory('Same', { tgt_lang: 'zh-cn' })))).toBe(40016);
    const bank = await createBank(fx.deps, user, memory('n'.repeat(20)));
    expect(await codeOf(renameBank(fx.db, user, { flag: 0, bank_id: bank.bank_id, name: '' }))).toBe(40018);
    expect(await codeOf(renameBank(fx.db, user, { flag: 0, bank_id: bank.bank_id, name: '名'.repeat(21) }))).toBe(40019);
    expect(await listBanks(fx.db, user, 0)).toHaveLength(1);
  });
});

describe('plan limits', () => {
  it('gives a free user 1 memory and 1 termbase of 5 entries each', async () => {
    const user = await fx.createUser();
    const tm = await createBank(fx.deps, user, memory());
    expect(await failure(createBank(fx.deps, user, memory('Second')))).toEqual({
      code: 42005,
      detail: 'the free plan allows 1 translation memory',
    });
    const tb = await createBank(fx.deps, user, termbase());
    expect(await failure(createBank(fx.deps, user, termbase('Second')))).toEqual({
      code: 42005,
      detail: 'the free plan allows 1 termbase',
    });

    for (let i = 1; i <= 5; i++) await insertEntry(fx.deps, user, entry(tm.bank_id, `句子${i}`, `sentence ${i}`));
    expect(await failure(insertEntry(fx.deps, user, entry(tm.bank_id, '句子6', 'sentence 6')))).toEqual({
      code: 42005,
      detail: 'the free plan allows 5 entries per translation memory',
    });
    expect(await bankCount(tm.bank_id)).toBe(5);
    // Deleting an entry frees its place; the termbase counts apart.
    const first = (await listEntries(fx.db, user, 0, 1, { keyword: '句子1' })).list[0]!;
    await deleteEntry(fx.db, user, { flag: 0, system_or_individual: 1, bank_id: tm.bank_id, entry_id: first.entry_id });
    await insertEntry(fx.deps, user, entry(tm.bank_id, '句子7', 'sentence 7'));
    await insertEntry(fx.deps, user, { ...entry(tb.bank_id, '心脏', 'heart'), flag: 1 });
    // Deleting the bank frees the bank slot.
    await deleteBank(fx.db, user, 0, tm.bank_id);
    await createBank(fx.deps, user, memory('Again'));
  });

  it('lets concurrent inserts at the limit take exactly the free places', async () => {
    const user = await fx.createUser();
    const tm = await createBank(fx.deps, user, memory());
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => codeOf(insertEntry(fx.deps, user, entry(tm.bank_id, `s${i}`, `t${i}`)))),
    );
    expect(results.filter((r) => r === 'no error')).toHaveLength(5);
    expect(results.filter((r) => r === 42005)).toHaveLength(3);
    expect(await bankCount(tm.bank_id)).toBe(5);
    const banks = await Promise.all([1, 2, 3].map(() => codeOf(createBank(fx.deps, user, termbase()))));
    expect(banks.sort()).toEqual([42005, 42005, 'no error']);
  });

  it('gives a standard user (plan read from billing) 10 memories and 10 termbases of 50 entries', async () => {
    const user = await fx.createUser();
    await grantPlan(fx.db, { userId: user.userId, sku: 'standard-m' });
    const deps: BanksDeps = { db: fx.db, planOf: async (id) => (await remaining(fx.db, id)).plan_code };
    const banks = [];
    for (let i = 0; i < 10; i++) banks.push(await createBank(deps, user, memory(`TM ${i}`)));
    expect(await failure(createBank(deps, user, memory('TM 10')))).toEqual({
      code: 42005,
      detail: 'the standard plan allows 10 translation memories',
    });
    for (let i = 0; i < 10; i++) await createBank(deps, user, termbase(`TB ${i}`));
    expect(await codeOf(createBank(deps, user, termbase('TB 10')))).toBe(42005);

    const bankId = banks[0]!.bank_id;
    for (let i = 0; i < 50; i++) await insertEntry(deps, user, entry(bankId, `源${i}`, `target ${i}`));
    expect(await failure(insertEntry(deps, user, entry(bankId, '源50', 'target 50')))).toEqual({
      code: 42005,
      detail: 'the standard plan allows 50 entries per translation memory',
    });
    expect(await bankCount(bankId)).toBe(50);
  });

  it('lets an enterprise user go past the standard limits', async () => {
    const user = await fx.createUser({ plan: 'enterprise' });
    for (let i = 0; i < 11; i++) await createBank(fx.deps, user, memory(`TM ${i}`));
    expect(await listBanks(fx.db, user, 0)).toHaveLength(11);
  });
});

describe('tenant isolation', () => {
  it('never shows or changes another user’s banks or entries', async () => {
    const alice = await fx.createUser({ plan: 'standard' });
    const bob = await fx.createUser({ plan: 'standard' });
    const aliceBank = await createBank(fx.deps, alice, memory('Alice'));
    const bobBank = await createBank(fx.deps, bob, memory('Bob'));
    const aliceEntry = await insertEntry(fx.deps, alice, entry(aliceBank.bank_id, '秘密', 'secret'));
    await insertEntry(fx.deps, bob, entry(bobBank.bank_id, '公开', 'public'));

    expect((await listBanks(fx.db, bob, 0)).map((b) => b.bank_id)).toEqual([bobBank.bank_id]);
    const bobs = await listEntries(fx.db, bob, 0, 1);
    expect(bobs.list.map((e) => e.source)).toEqual(['公开']);
    expect((await listEntries(fx.db, bob, 0, 1, { keyword: '秘密' })).total).toBe(0);

    const ref = { flag: 0, system_or_individual: 1, bank_id: aliceBank.bank_id };
    expect(await codeOf(listEntries(fx.db, bob, 0, 1, { bank_id: aliceBank.bank_id }))).toBe(40400);
    expect(await codeOf(renameBank(fx.db, bob, { flag: 0, bank_id: aliceBank.bank_id, name: 'mine' }))).toBe(40400);
    expect(await codeOf(deleteBank(fx.db, bob, 0, aliceBank.bank_id))).toBe(40400);
    expect(await codeOf(insertEntry(fx.deps, bob, entry(aliceBank.bank_id, 'a', 'b')))).toBe(40400);
    expect(await codeOf(updateEntry(fx.db, bob, { ...entry(aliceBank.bank_id, 'a', 'b'), entry_id: aliceEntry.entry_id }))).toBe(40400);
    expect(await codeOf(deleteEntry(fx.db, bob, { ...ref, entry_id: aliceEntry.entry_id }))).toBe(40400);
    expect(await codeOf(deleteEntriesByChoice(fx.db, bob, { ...ref, choices: [aliceEntry.entry_id] }))).toBe(40400);
    expect(await codeOf(deleteAllEntries(fx.db, bob, ref))).toBe(40400);
    // Alice's entry id used against Bob's own bank touches nothing.
    const bobRef = { flag: 0, system_or_individual: 1, bank_id: bobBank.bank_id };
    expect(await deleteEntriesByChoice(fx.db, bob, { ...bobRef, choices: [aliceEntry.entry_id] })).toEqual({ deleted: 0 });
    expect(await codeOf(deleteEntry(fx.db, bob, { ...bobRef, entry_id: aliceEntry.entry_id }))).toBe(40400);
    expect(await codeOf(updateEntry(fx.db, bob, { ...entry(bobBank.bank_id, 'a', 'b'), entry_id: aliceEntry.entry_id }))).toBe(40400);
    // Asking for an individual bank as a system one is not found either.
    expect(await codeOf(insertEntry(fx.deps, alice, { ...entry(aliceBank.bank_id, 'a', 'b'), system_or_individual: 0 }))).toBe(40400);

    expect((await listEntries(fx.db, alice, 0, 1)).list).toEqual([aliceEntry]);
    expect(await bankCount(aliceBank.bank_id)).toBe(1);
  });
});

describe('system banks', () => {
  it('are read by everyone and changed only by administrators and managers of their site', async () => {
    const admin = await fx.createUser({ role: 0 });
    const manager = await fx.createUser({ role: 1 });
    const otherManager = await fx.createUser({ role: 1, siteId: fx.otherSite });
    const normal = await fx.createUser();

    expect(await codeOf(createBank(fx.deps, normal, termbase('Sys', { system_or_individual: 0 })))).toBe(42000);
    const sys = await createBank(fx.deps, admin, termbase('System terms', { system_or_individual: 0 }));
    expect(sys.system_or_individual).toBe(0);
    const sysRef = { flag: 1, system_or_individual: 0, bank_id: sys.bank_id };
    // No plan limit on system banks: the administrator is on the free plan.
    for (let i = 0; i < 6; i++) await insertEntry(fx.deps, admin, { ...sysRef, source: `术语${i}`, translated: `term ${i}` });

    const own = await createBank(fx.deps, normal, termbase('Mine'));
    const listed = await listBanks(fx.db, normal, 1);
    expect(listed.map((b) => [b.bank_id, b.system_or_individual])).toEqual([
      [own.bank_id, 1],
      [sys.bank_id, 0],
    ]);
    expect((await listBanks(fx.db, normal, 1, { system_or_individual: 0 })).map((b) => b.bank_id)).toEqual([sys.bank_id]);
    const read = await listEntries(fx.db, normal, 1, 0, { bank_id: sys.bank_id });
    expect(read.total).toBe(6);
    const someId = read.list[0]!.entry_id;

    const change = [
      () => renameBank(fx.db, normal, { flag: 1, bank_id: sys.bank_id, name: 'x' }),
      () => deleteBank(fx.db, normal, 1, sys.bank_id),
      () => insertEntry(fx.deps, normal, { ...sysRef, source: 'a', translated: 'b' }),
      () => updateEntry(fx.db, normal, { ...sysRef, source: 'a', translated: 'b', entry_id: someId }),
      () => deleteEntry(fx.db, normal, { ...sysRef, entry_id: someId }),
      () => deleteEntriesByChoice(fx.db, normal, { ...sysRef, choices: [someId] }),
      () => deleteAllEntries(fx.db, normal, sysRef),
    ];
    for (const op of change) expect(await codeOf(op())).toBe(42000);
    expect(await codeOf(renameBank(fx.db, otherManager, { flag: 1, bank_id: sys.bank_id, name: 'x' }))).toBe(42000);
    expect(await renameBank(fx.db, manager, { flag: 1, bank_id: sys.bank_id, name: '系统术语' })).toMatchObject({ name: '系统术语' });
    expect(await deleteEntriesByChoice(fx.db, manager, { ...sysRef, choices: [someId] })).toEqual({ deleted: 1 });
    expect(await bankCount(sys.bank_id)).toBe(5);
    expect(await deleteAllEntries(fx.db, admin, sysRef)).toEqual({ deleted: 5 });
    expect(await deleteBank(fx.db, admin, 1, sys.bank_id)).toEqual({ bank_id: sys.bank_id });
  });
});

describe('entries', () => {
  it('inserts, updates and deletes entries, keeping the bank count', async () => {
    const user = await fx.createUser({ plan: 'professional' });
    const bank = await createBank(fx.deps, user, memory('Two-way', { tow_way: 1 }));
    const ref = { flag: 0, system_or_individual: 1, bank_id: bank.bank_id };
    const a = await insertEntry(fx.deps, user, {
      ...ref,
      source: ' 你好 ',
      translated: 'Hello',
      note: '问候',
      extra: { pos: 'n' },
      prev_source: '上一句',
    });
    expect(a).toMatchObject({
      bank_id: bank.bank_id,
      bank_name: 'Two-way',
      source: '你好',
      translated: 'Hello',
      note: '问候',
      extra: { pos: 'n' },
      prev_source: '上一句',
      src_lang: 'zh-cn',
      tgt_lang: 'en-us',
      tow_way: 1,
    });
    // A two-way bank also takes the reverse direction; a one-way or other pair is refused.
    const b = await insertEntry(fx.deps, user, { ...ref, source: 'Goodbye', translated: '再见', src_lang: 'en-us', tgt_lang: 'zh-cn' });
    expect([b.src_lang, b.tgt_lang]).toEqual(['en-us', 'zh-cn']);
    expect(await codeOf(insertEntry(fx.deps, user, { ...ref, source: 'a', translated: 'b', src_lang: 'ja' }))).toBe(40000);

    const updated = await updateEntry(fx.db, user, { ...ref, entry_id: a.entry_id, source: '你好！', translated: 'Hello!' });
    expect(updated).toMatchObject({ source: '你好！', translated: 'Hello!', note: '', extra: { pos: 'n' }, prev_source: '上一句' });
    expect(updated.updated_at >= a.updated_at).toBe(true);
    expect(await failure(updateEntry(fx.db, user, { ...ref, entry_id: a.entry_id, source: '', translated: 'x' }))).toEqual({
      code: 40019,
      detail: 'Translation and source text cannot be empty',
    });
    expect(await codeOf(updateEntry(fx.db, user, { ...ref, entry_id: 999_999_999, source: 'a', translated: 'b' }))).toBe(40400);

    const c = await insertEntry(fx.deps, user, { ...ref, source: '谢谢', translated: 'Thanks' });
    const d = await insertEntry(fx.deps, user, { ...ref, source: '对不起', translated: 'Sorry' });
    expect(await bankCount(bank.bank_id)).toBe(4);
    expect(await deleteEntry(fx.db, user, { ...ref, entry_id: b.entry_id })).toEqual({ deleted: 1 });
    expect(await deleteEntriesByChoice(fx.db, user, { ...ref, choices: [c.entry_id, d.entry_id] })).toEqual({ deleted: 2 });
    expect(await bankCount(bank.bank_id)).toBe(1);
    expect(await deleteAllEntries(fx.db, user, ref)).toEqual({ deleted: 1 });
    expect(await bankCount(bank.bank_id)).toBe(0);
    expect(await deleteAllEntries(fx.db, user, ref)).toEqual({ deleted: 0 });
  });

  it('applies each entry rule on insert', async () => {
    const user = await fx.createUser({ plan: 'standard' });
    const zh = await createBank(fx.deps, user, memory('zh'));
    const en = await createBank(fx.deps, user, memory('en', { src_lang: 'en-us', tgt_lang: 'zh-cn' }));
    const bad = (bankId: number, source: string, translated: string, note?: string) =>
      failure(insertEntry(fx.deps, user, { ...entry(bankId, source, translated), note }));
    expect(await bad(zh.bank_id, '', 'x')).toEqual({ code: 40019, detail: 'Translation and source text cannot be empty' });
    expect(await bad(zh.bank_id, '中', '')).toEqual({ code: 40019, detail: 'Translation and source text cannot be empty' });
    expect(await bad(zh.bank_id, '中'.repeat(501), 'x')).toEqual({
      code: 40019,
      detail: 'source: No more than 500 characters are allowed. Please re-enter.',
    });
    expect(await bad(en.bank_id, 'a'.repeat(1001), 'x')).toEqual({
      code: 40019,
      detail: 'source: No more than 1000 characters are allowed. Please re-enter.',
    });
    expect(await bad(zh.bank_id, '中', 'x', 'n'.repeat(201))).toEqual({
      code: 40019,
      detail: 'note: No more than 200 characters are allowed. Please re-enter.',
    });
    await insertEntry(fx.deps, user, { ...entry(zh.bank_id, '中'.repeat(500), 'x'), note: 'n'.repeat(200) });
    await insertEntry(fx.deps, user, entry(en.bank_id, 'a'.repeat(1000), 'x'));
    expect(await bankCount(zh.bank_id)).toBe(1);
    expect(await bankCount(en.bank_id)).toBe(1);
  });

  it('pages newest first, ten a page by default, and searches source and translation', async () => {
    const user = await fx.createUser({ plan: 'standard' });
    const bank = await createBank(fx.deps, user, memory('Pages', { tow_way: 1 }));
    const other = await createBank(fx.deps, user, memory('Other'));
    for (let i = 1; i <= 23; i++)
      await insertEntry(fx.deps, user, entry(bank.bank_id, `第${i}句 机器翻译`, `Sentence ${i} machine translation`));
    await insertEntry(fx.deps, user, entry(other.bank_id, '人工智能', 'Artificial intelligence 100%'));
    await insertEntry(fx.deps, user, { ...entry(bank.bank_id, 'Neural network', '神经网络'), src_lang: 'en-us', tgt_lang: 'zh-cn' });

    const first = await listEntries(fx.db, user, 0, 1, { bank_id: bank.bank_id });
    expect(first).toMatchObject({ total: 24, pages: 3, page: 1, page_size: 10 });
    expect(first.list).toHaveLength(10);
    expect(first.list[0]!.source).toBe('Neural network');
    expect(first.list[1]!.source).toBe('第23句 机器翻译');
    const last = await listEntries(fx.db, user, 0, 1, { bank_id: bank.bank_id, page: 3 });
    expect(last.list.map((e) => e.source)).toEqual(['第4句 机器翻译', '第3句 机器翻译', '第2句 机器翻译', '第1句 机器翻译']);
    expect((await listEntries(fx.db, user, 0, 1, { bank_id: bank.bank_id, page: 4 })).list).toEqual([]);
    expect(await listEntries(fx.db, user, 0, 1, { page_size: 5 })).toMatchObject({ total: 25, pages: 5 });

    // Keywords: Chinese in the source, English in the translation (any case), Chinese in the translation.
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '第1' })).total).toBe(11);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '第1', page_size: 20 })).list.map((e) => e.source).sort()).toEqual(
      ['第1句 机器翻译', ...Array.from({ length: 10 }, (_, i) => `第1${i}句 机器翻译`)].sort(),
    );
    expect((await listEntries(fx.db, user, 0, 1, { keyword: 'SENTENCE 2' })).total).toBe(5);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '神经' })).list.map((e) => e.source)).toEqual(['Neural network']);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '智能' })).list.map((e) => e.bank_name)).toEqual(['Other']);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '100%' })).total).toBe(1);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '%' })).total).toBe(1);
    expect((await listEntries(fx.db, user, 0, 1, { keyword: '机器', page_size: 20, page: 2 })).list).toHaveLength(3);
    // Language filters.
    expect((await listEntries(fx.db, user, 0, 1, { src_lang: 'en-us' })).total).toBe(1);
    expect((await listEntries(fx.db, user, 0, 1, { src_lang: 'zh-cn', tgt_lang: 'en-us' })).total).toBe(24);
    expect((await listEntries(fx.db, user, 0, 1, { tgt_lang: 'ja' })).total).toBe(0);
    // Termbase entries and system entries are other lists.
    expect((await listEntries(fx.db, user, 1, 1)).total).toBe(0);
    expect((await listEntries(fx.db, user, 0, 0, { keyword: '第1句' })).total).toBe(0);
  });
});
