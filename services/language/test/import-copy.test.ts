/**
 * Imports write through one COPY (src/transfer/entry-copy.ts). A file refused after tens of
 * thousands of rows already went to the server must still leave nothing: no entry, no count, and
 * a connection the next import can use. Texts with the COPY format's own characters (tab,
 * newline, backslash, quotes and braces in tokens) arrive as they were written.
 */
import { accountsMigrations } from '@mtp/accounts';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBank, findTmMatches, importEntries, languageMigrations, type Actor } from '../src/index';

let db: Db;
let drop: () => Promise<void>;
let actor: Actor;
const planOf = async () => 'enterprise' as const;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await languageMigrations())]);
  db = tdb.db;
  drop = () => tdb.drop();
  const site = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  const siteId = site.rows[0]!.site_id;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ('copy@example.com', 'copy', $1, 2) RETURNING user_id`,
    [siteId],
  );
  actor = { userId: rows[0]!.user_id, role: 2, siteId };
});
afterAll(async () => {
  await drop?.();
});

const unit = (source: string, target: string) =>
  `<tu><tuv xml:lang="en-us"><seg>${source}</seg></tuv><tuv xml:lang="zh-cn"><seg>${target}</seg></tuv></tu>`;
const tmx = (units: string[], tail = '</body></tmx>') =>
  `<?xml version="1.0"?>\n<tmx version="1.4"><header srclang="en-us"/><body>\n${units.join('\n')}\n${tail}`;
const manyUnits = (n: number) => Array.from({ length: n }, (_, i) => unit(`Sentence number ${i} of the long file`, `长文件的第${i}句`));

const newBank = async (name: string) =>
  (await createBank({ db, planOf }, actor, { flag: 0, name, src_lang: 'en-us', tgt_lang: 'zh-cn' })).bank_id;
const importTmx = (bankId: number, text: string) =>
  importEntries(db, actor, planOf, { flag: 0, systemOrIndividual: 1, bankId, format: 'tmx', stream: [Buffer.from(text)] });

async function stateOf(bankId: number) {
  const entries = await db.query<{ n: string }>('SELECT count(*) AS n FROM tm_entries WHERE bank_id = $1', [bankId]);
  const bank = await db.query<{ entry_count: number }>('SELECT entry_count FROM tm_banks WHERE bank_id = $1', [bankId]);
  return { rows: Number(entries.rows[0]!.n), entry_count: bank.rows[0]!.entry_count };
}

describe('an import refused half-way through its COPY', () => {
  it('leaves nothing after 30,000 units were already sent, and the next import of the fixed file succeeds', async () => {
    const id = await newBank('half-way');
    const good = manyUnits(30_000);
    // A unit with one language only, after the first 20,000-row batch and nine more went out.
    const broken = tmx([...good, '<tu><tuv xml:lang="en-us"><seg>lonely</seg></tuv></tu>', unit('after', '之后')]);
    const refusal = await importTmx(id, broken).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(1202);
    expect(await stateOf(id)).toEqual({ rows: 0, entry_count: 0 });

    // Every pooled connection is still usable: several imports at once, then one lookup.
    const [a, b] = await Promise.all([importTmx(id, tmx(good)), importTmx(await newBank('beside'), tmx(good.slice(0, 100)))]);
    expect([a.imported, b.imported]).toEqual([30_000, 100]);
    expect(await stateOf(id)).toEqual({ rows: 30_000, entry_count: 30_000 });
  }, 120_000);

  it('leaves nothing when the file ends in the middle, after rows were sent', async () => {
    const id = await newBank('truncated');
    const refusal = await importTmx(id, tmx(manyUnits(25_000), '<tu><tuv xml:lang="en-us"><seg>cut')).catch((err: unknown) => err);
    expect((refusal as AppError).code).toBe(1202);
    expect(await stateOf(id)).toEqual({ rows: 0, entry_count: 0 });
  }, 120_000);
});

describe('texts with the COPY format’s own characters', () => {
  it('stores tabs, line breaks, backslashes and quoted tokens as written, and finds them', async () => {
    const id = await newBank('escapes');
    const texts = [
      ['a\ttab and a \\N that is text', '制表符\t与反斜杠\\N'],
      ['two\nlines \\ back\\slash', '两\r\n行'],
      ['"quoted" {braces}, commas and \\"escapes\\"', '引号"与{括号}'],
    ] as const;
    const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\r/g, '&#13;');
    const result = await importTmx(id, tmx(texts.map(([s, t]) => unit(escapeXml(s), escapeXml(t)))));
    expect(result.imported).toBe(3);
    const { rows } = await db.query<{ source: string; translated: string; prev_source: string | null }>(
      'SELECT source, translated, prev_source FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
      [id],
    );
    expect(rows).toEqual([
      { source: texts[0][0], translated: texts[0][1], prev_source: null },
      { source: texts[1][0], translated: texts[1][1], prev_source: texts[0][0] },
      { source: texts[2][0], translated: texts[2][1], prev_source: texts[1][0] },
    ]);
    const [match] = await findTmMatches(db, { userId: actor.userId, srcLang: 'en-us', tgtLang: 'zh-cn', segment: texts[2][0] });
    expect(match).toMatchObject({ score: 100, target: texts[2][1] });
  });

  it('drops NUL characters, which PostgreSQL text cannot hold, instead of failing the file', async () => {
    const id = await newBank('nul');
    const csv = 'source,target\nnul\u0000 inside,里\u0000面\nplain,平\n';
    const result = await importEntries(db, actor, planOf, {
      flag: 0,
      systemOrIndividual: 1,
      bankId: id,
      format: 'csv',
      stream: [Buffer.from(csv)],
    });
    expect(result.imported).toBe(2);
    const { rows } = await db.query<{ source: string; translated: string }>(
      'SELECT source, translated FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
      [id],
    );
    expect(rows).toEqual([
      { source: 'nul inside', translated: '里面' },
      { source: 'plain', translated: '平' },
    ]);
  });
});
