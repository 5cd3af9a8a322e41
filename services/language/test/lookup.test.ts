/**
 * TM and termbase lookup on a real PostgreSQL (pg_trgm candidates, exact re-scoring): users,
 * banks and entries are made through the banks module.
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import type { LanguageCode } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBank, deleteEntry, insertEntry, languageMigrations, updateEntry, type Actor, type BanksDeps } from '../src/index';
import { createTmPort, findTerms, findTmMatches } from '../src/lookup/index';

let db: Db;
let deps: BanksDeps;
let drop: () => Promise<void>;
let mainSite: number;
let otherSite: number;
let next = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
  db = tdb.db;
  drop = () => tdb.drop();
  deps = { db, planOf: async () => 'enterprise' };
  const sites = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true), ('other', 'Other', '{}', false)
     RETURNING site_id`,
  );
  mainSite = sites.rows[0]!.site_id;
  otherSite = sites.rows[1]!.site_id;
});
afterAll(async () => {
  await drop?.();
});

async function createUser(role = 2, siteId = mainSite): Promise<Actor> {
  next += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
    [`lookup${next}@example.com`, siteId, role],
  );
  return { userId: rows[0]!.user_id, role, siteId };
}

type Pair = { src: LanguageCode; tgt: LanguageCode; twoWay?: boolean; system?: boolean };
type Entry = { source: string; translated: string; prev_source?: string; src_lang?: LanguageCode; tgt_lang?: LanguageCode };

async function bankWith(actor: Actor, flag: 0 | 1, pair: Pair, entries: Entry[]) {
  const bank = await createBank(deps, actor, {
    flag,
    name: `b${++next}`,
    src_lang: pair.src,
    tgt_lang: pair.tgt,
    tow_way: pair.twoWay ? 1 : 0,
    system_or_individual: pair.system ? 0 : 1,
  });
  const ids: number[] = [];
  for (const e of entries) {
    const item = await insertEntry(deps, actor, { flag, system_or_individual: pair.system ? 0 : 1, bank_id: bank.bank_id, ...e });
    ids.push(item.entry_id);
  }
  return { bankId: bank.bank_id, ids };
}

const en_zh = { src: 'en-us', tgt: 'zh-cn' } as const;

describe('fuzzy TM lookup', () => {
  it('scores Latin and CJK candidates exactly, honours the threshold, and keeps the top 5', async () => {
    const user = await createUser();
    await bankWith(user, 0, en_zh, [
      { source: 'The cat sat on the mat', translated: '猫坐在垫子上' },
      { source: 'Completely unrelated words here', translated: '无关' },
    ]);
    await bankWith(user, 0, { src: 'zh-cn', tgt: 'en-us' }, [{ source: '翻译记忆很有用', translated: 'Translation memory is useful' }]);

    const latin = await findTmMatches(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'The cat sat on a mat' });
    expect(latin.map((m) => [m.score, m.target])).toEqual([[83, '猫坐在垫子上']]);
    const cjk = await findTmMatches(db, { userId: user.userId, srcLang: 'zh-cn', tgtLang: 'en-us', segment: '翻译记忆库很有用' });
    expect(cjk.map((m) => [m.score, m.target, m.reversed])).toEqual([[87, 'Translation memory is useful', false]]);
    const exact = await findTmMatches(db, { userId: user.userId, srcLang: 'zh-cn', tgtLang: 'en-us', segment: '翻译记忆很有用' });
    expect(exact[0]!.score).toBe(100);

    expect(
      await findTmMatches(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'The cat sat on a mat', threshold: 90 }),
    ).toEqual([]);
    // Below the indexed threshold the banks are scanned: a 50 match is still found.
    const loose = await findTmMatches(db, {
      userId: user.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      segment: 'The dog sat on a rug',
      threshold: 50,
    });
    expect(loose.map((m) => [m.score, m.target])).toEqual([[50, '猫坐在垫子上']]);
    expect(
      await findTmMatches(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'The dog sat on a rug', threshold: 70 }),
    ).toEqual([]);

    const many = await createUser();
    const sources = [
      'Save the file before closing',
      'Save the file before exit',
      'Save the files before closing',
      'Save this file before closing',
      'save the file before closing',
      'Save the file after closing',
      'Save the file before closing it now',
    ];
    await bankWith(
      many,
      0,
      en_zh,
      sources.map((s, i) => ({ source: s, translated: `t${i}` })),
    );
    const top = await findTmMatches(db, {
      userId: many.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      segment: 'Save the file before closing',
    });
    expect(top).toHaveLength(5);
    expect(top[0]).toMatchObject({ score: 100, target: 't0' });
    expect(top[1]).toMatchObject({ score: 99, target: 't4' });
    const scores = top.map((m) => m.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(
      await findTmMatches(db, {
        userId: many.userId,
        srcLang: 'en-us',
        tgtLang: 'zh-cn',
        segment: 'Save the file before closing',
        limit: 2,
      }),
    ).toHaveLength(2);
  });

  it('gives 101 when the previous segment matches too', async () => {
    const user = await createUser();
    await bankWith(user, 0, en_zh, [{ source: 'Press OK.', translated: '按确定。', prev_source: 'Open the dialog.' }]);
    const query = { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'Press OK.' };
    expect((await findTmMatches(db, { ...query, prevSource: 'Open the dialog.' }))[0]!.score).toBe(101);
    expect((await findTmMatches(db, { ...query, prevSource: 'Something else.' }))[0]!.score).toBe(100);
    expect((await findTmMatches(db, query))[0]!.score).toBe(100);
    const port = createTmPort(db);
    expect(await port.exactMatch(user.userId, 'en-us', 'zh-cn', 'Press OK.', 'Open the dialog.')).toEqual({
      translated: '按确定。',
      score: 101,
    });
    expect(await port.exactMatch(user.userId, 'en-us', 'zh-cn', 'Press OK!')).toBeNull();
  });

  it('finds exact and context matches for a whole document in one query', async () => {
    const user = await createUser();
    await bankWith(user, 0, en_zh, [
      { source: 'Press OK.', translated: '按确定。', prev_source: 'Open the dialog.' },
      { source: 'Close it.', translated: '关闭它。' },
    ]);
    await bankWith(user, 0, { ...en_zh, twoWay: true }, [{ source: 'Open the file', translated: '打开文件' }]);
    const port = createTmPort(db);
    expect(await port.exactMatches(user.userId, 'en-us', 'zh-cn', ['Open the dialog.', 'Press OK.', 'Press OK!', ' Close it. '])).toEqual([
      null,
      { translated: '按确定。', score: 101 },
      null,
      { translated: '关闭它。', score: 100 },
    ]);
    // A repeated segment is scored at each place by its own previous segment.
    expect(await port.exactMatches(user.userId, 'en-us', 'zh-cn', ['Open the dialog.', 'Press OK.', 'Close it.', 'Press OK.'])).toEqual([
      null,
      { translated: '按确定。', score: 101 },
      { translated: '关闭它。', score: 100 },
      { translated: '按确定。', score: 100 },
    ]);
    expect(await port.exactMatches(user.userId, 'zh-cn', 'en-us', ['打开文件', '关闭它。'])).toEqual([
      { translated: 'Open the file', score: 100 },
      null,
    ]);
    // Another user's memories are not theirs.
    const other = await createUser();
    expect(await port.exactMatches(other.userId, 'en-us', 'zh-cn', ['Close it.'])).toEqual([null]);
  });

  it('answers concurrent callers in shared queries, each in its own context, with its own memories and banks', async () => {
    const [ann, ben] = [await createUser(), await createUser()];
    const annBank = await bankWith(ann, 0, en_zh, [
      { source: 'Save the draft.', translated: '保存草稿。', prev_source: 'Edit the text.' },
      { source: 'Print it.', translated: '打印。' },
    ]);
    const annOther = await bankWith(ann, 0, en_zh, [{ source: 'Print it.', translated: '打印出来。' }]);
    await bankWith(ben, 0, en_zh, [{ source: 'Save the draft.', translated: '本的草稿。' }]);
    await bankWith(ben, 0, { src: 'en-us', tgt: 'ja' }, [{ source: 'Save the draft.', translated: '下書きを保存。' }]);
    const port = createTmPort(db);
    const asked = [
      () => port.exactMatches(ann.userId, 'en-us', 'zh-cn', ['Edit the text.', 'Save the draft.']),
      () => port.exactMatches(ann.userId, 'en-us', 'zh-cn', ['Save the draft.', 'Print it.'], [annBank.bankId]),
      () => port.exactMatches(ann.userId, 'en-us', 'zh-cn', ['Print it.'], [annOther.bankId]),
      () => port.exactMatches(ben.userId, 'en-us', 'zh-cn', ['Edit the text.', 'Save the draft.']),
      () => port.exactMatches(ben.userId, 'en-us', 'ja', ['Save the draft.', 'Print it.']),
      () => port.exactMatches(ben.userId, 'en-us', 'zh-cn', []),
    ];
    // All at once (one batch), then one by one: the same answers.
    const together = await Promise.all(asked.map((ask) => ask()));
    const alone = [];
    for (const ask of asked) alone.push(await ask());
    expect(together).toEqual(alone);
    expect(together).toEqual([
      [null, { translated: '保存草稿。', score: 101 }],
      [
        { translated: '保存草稿。', score: 100 },
        { translated: '打印。', score: 100 },
      ],
      [{ translated: '打印出来。', score: 100 }],
      [null, { translated: '本的草稿。', score: 100 }],
      [{ translated: '下書きを保存。', score: 100 }, null],
      [],
    ]);
  });

  it('searches two-way memories in reverse, one-way ones never', async () => {
    const user = await createUser();
    await bankWith(user, 0, { ...en_zh, twoWay: true }, [{ source: 'Open the file', translated: '打开文件' }]);
    await bankWith(user, 0, en_zh, [{ source: 'Close the file', translated: '关闭文件' }]);
    const back = await findTmMatches(db, { userId: user.userId, srcLang: 'zh-cn', tgtLang: 'en-us', segment: '打开文件' });
    expect(back).toEqual([expect.objectContaining({ score: 100, source: '打开文件', target: 'Open the file', reversed: true })]);
    expect(await findTmMatches(db, { userId: user.userId, srcLang: 'zh-cn', tgtLang: 'en-us', segment: '关闭文件' })).toEqual([]);
  });

  it("never matches another user's memory; system memories match for everyone, own ones first on equal score", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const admin = await createUser(0);
    await bankWith(bob, 0, en_zh, [{ source: 'Bob keeps this sentence private', translated: '鲍勃的' }]);
    expect(
      await findTmMatches(db, { userId: alice.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'Bob keeps this sentence private' }),
    ).toEqual([]);

    await bankWith(admin, 0, { ...en_zh, system: true }, [{ source: 'Shared system sentence for all', translated: '系统' }]);
    await bankWith(alice, 0, en_zh, [{ source: 'Shared system sentence for all', translated: '爱丽丝' }]);
    const forAlice = await findTmMatches(db, {
      userId: alice.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      segment: 'Shared system sentence for all',
    });
    expect(forAlice.map((m) => [m.target, m.system])).toEqual([
      ['爱丽丝', false],
      ['系统', true],
    ]);
    const forBob = await findTmMatches(db, {
      userId: bob.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      segment: 'Shared system sentence for all',
    });
    expect(forBob.map((m) => m.target)).toEqual(['系统']);

    // With a site, system memories of other sites are left out.
    const otherAdmin = await createUser(0, otherSite);
    await bankWith(otherAdmin, 0, { ...en_zh, system: true }, [{ source: 'Only on the other site', translated: '其他' }]);
    const q = { userId: bob.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: 'Only on the other site' };
    expect(await findTmMatches(db, q)).toHaveLength(1);
    expect(await findTmMatches(db, { ...q, siteId: mainSite })).toEqual([]);
  });
});

describe('term lookup', () => {
  it('finds every term of a segment, longest first, and sees entry changes', async () => {
    const user = await createUser();
    const { bankId, ids } = await bankWith(user, 1, en_zh, [
      { source: 'translation memory', translated: '翻译记忆库' },
      { source: 'memory', translated: '记忆' },
      { source: 'termbase', translated: '术语库' },
      { source: 'log', translated: '日志' },
    ]);
    const query = {
      userId: user.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      text: 'A Translation Memory, a termbase and memory; no blog.',
    };
    const terms = await findTerms(db, query);
    expect(terms.map((t) => [t.source, t.target, t.occurrences])).toEqual([
      ['translation memory', '翻译记忆库', 1],
      ['termbase', '术语库', 1],
      ['memory', '记忆', 1],
    ]);

    await insertEntry(deps, user, { flag: 1, system_or_individual: 1, bank_id: bankId, source: 'blog', translated: '博客' });
    expect((await findTerms(db, query)).map((t) => t.target)).toContain('博客');
    await updateEntry(db, user, {
      flag: 1,
      system_or_individual: 1,
      bank_id: bankId,
      entry_id: ids[2]!,
      source: 'termbase',
      translated: '术语表',
    });
    expect((await findTerms(db, query)).map((t) => t.target)).toContain('术语表');
    await deleteEntry(db, user, { flag: 1, system_or_individual: 1, bank_id: bankId, entry_id: ids[1]! });
    expect((await findTerms(db, query)).map((t) => t.source)).not.toContain('memory');
    // Several texts (a document's chunks) at once: each gets its own terms.
    const each = await createTmPort(db).termsOfEach(user.userId, 'en-us', 'zh-cn', ['the termbase', '', 'a log and a blog', 'nothing']);
    expect(each.map((terms) => terms.map((t) => t.target))).toEqual([['术语表'], [], ['日志', '博客'], []]);
  });

  it('uses two-way termbases in reverse and system termbases, never another user’s', async () => {
    const user = await createUser();
    const other = await createUser();
    const admin = await createUser(0);
    await bankWith(user, 1, { ...en_zh, twoWay: true }, [{ source: 'server', translated: '服务器' }]);
    await bankWith(other, 1, { src: 'zh-cn', tgt: 'en-us' }, [{ source: '部署', translated: 'deploy' }]);
    await bankWith(admin, 1, { src: 'zh-cn', tgt: 'en-us', system: true }, [{ source: '数据库', translated: 'database' }]);
    const found = await findTerms(db, {
      userId: user.userId,
      srcLang: 'zh-cn',
      tgtLang: 'en-us',
      text: '在服务器上部署数据库，服务器要重启',
    });
    expect(found.map((t) => [t.source, t.target, t.occurrences, t.system])).toEqual([
      ['服务器', 'server', 2, false],
      ['数据库', 'database', 1, true],
    ]);
    const port = createTmPort(db);
    expect(await port.terms(user.userId, 'zh-cn', 'en-us', '数据库')).toEqual([{ source: '数据库', target: 'database', occurrences: 1 }]);
  });
});
