/**
 * Import and export of whole files on a real PostgreSQL: round trips (TMX, XLSX), all-or-nothing
 * imports (a bad CSV row, a corrupt TMX, the plan's entries per bank), other users' banks and
 * .xls files that are not workbooks or that LibreOffice cannot convert (FILE_PARSE_FAILED).
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { AppError, detailIn, type PlanCode } from '@mtp/proto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBank, exportEntries, importEntries, languageMigrations, type Actor, type BanksDeps, type ImportInput } from '../src/index';

const FIXTURES = join(import.meta.dirname, 'fixtures');

let db: Db;
let drop: () => Promise<void>;
let deps: BanksDeps;
let siteId: number;
const plans = new Map<number, PlanCode>();
let users = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
  db = tdb.db;
  drop = () => tdb.drop();
  deps = { db, planOf: async (userId) => plans.get(userId) ?? 'free' };
  const { rows } = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  siteId = rows[0]!.site_id;
});
afterAll(async () => {
  await drop?.();
});

async function user(plan: PlanCode = 'enterprise'): Promise<Actor> {
  users += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, 2) RETURNING user_id`,
    [`transfer${users}@example.com`, siteId],
  );
  plans.set(rows[0]!.user_id, plan);
  return { userId: rows[0]!.user_id, role: 2, siteId };
}

async function bank(actor: Actor, flag: 0 | 1, src_lang: 'zh-cn' | 'en-us' | 'ja', tgt_lang: 'zh-cn' | 'en-us' | 'ja'): Promise<number> {
  return (await createBank(deps, actor, { flag, name: `b${flag}${src_lang}`, src_lang, tgt_lang })).bank_id;
}

const importInto = (actor: Actor, flag: 0 | 1, bankId: number, format: ImportInput['format'], bytes: Buffer | string) =>
  importEntries(db, actor, deps.planOf, { flag, systemOrIndividual: 1, bankId, format, stream: [Buffer.from(bytes)] });

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

async function entriesOf(bankId: number) {
  const { rows } = await db.query<{ source: string; translated: string; note: string }>(
    'SELECT source, translated, note FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
    [bankId],
  );
  return rows;
}

async function countOf(bankId: number): Promise<number> {
  const { rows } = await db.query<{ entry_count: number }>('SELECT entry_count FROM tm_banks WHERE bank_id = $1', [bankId]);
  return rows[0]!.entry_count;
}

async function failure(p: Promise<unknown>): Promise<{ code: number; detail: string | undefined }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, detail: detailIn(err.detail, 'en_US') };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('round trips', () => {
  it('imports a TMX, exports it as TMX and re-imports the same entries', async () => {
    const actor = await user();
    const first = await bank(actor, 0, 'zh-cn', 'en-us');
    const result = await importInto(actor, 0, first, 'tmx', readFileSync(join(FIXTURES, 'XuanZang.tmx')));
    expect(result.imported).toBeGreaterThan(40);
    expect(await countOf(first)).toBe(result.imported);
    const imported = await entriesOf(first);
    expect(imported).toHaveLength(result.imported);

    const file = await exportEntries(db, actor, { flag: 0, systemOrIndividual: 1, bankId: first, format: 'tmx' });
    expect(file.filename).toBe('b0zh-cn.tmx');
    expect(file.contentType).toMatch(/tmx/);
    const tmx = await bytesOf(file.stream);

    const second = await bank(actor, 0, 'zh-cn', 'en-us');
    expect(await importInto(actor, 0, second, 'tmx', tmx)).toEqual({ imported: result.imported });
    expect(await entriesOf(second)).toEqual(imported);
    const { rows } = await db.query<{ prev_source: string | null }>(
      'SELECT prev_source FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id LIMIT 2',
      [second],
    );
    expect(rows.map((r) => r.prev_source)).toEqual([null, imported[0]!.source]);
  });

  it('exports chosen entries only, and CSV', async () => {
    const actor = await user();
    const id = await bank(actor, 0, 'zh-cn', 'en-us');
    await importInto(actor, 0, id, 'csv', 'source,target,note\n你好,Hello,greeting\n再见,Goodbye,\n谢谢,Thanks,\n');
    const { rows } = await db.query<{ entry_id: string }>('SELECT entry_id FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id', [id]);
    const file = await exportEntries(db, actor, {
      flag: 0,
      systemOrIndividual: 1,
      bankId: id,
      entryIds: [Number(rows[0]!.entry_id), Number(rows[2]!.entry_id)],
      format: 'csv',
    });
    expect((await bytesOf(file.stream)).toString('utf8')).toBe('\ufeffsource,target,note\r\n你好,Hello,greeting\r\n谢谢,Thanks,\r\n');
  });

  it('imports an XLSX glossary, exports it as XLSX and re-imports the same entries', async () => {
    const actor = await user();
    const first = await bank(actor, 1, 'en-us', 'ja');
    const result = await importInto(actor, 1, first, 'xlsx', readFileSync(join(FIXTURES, 'Example_Excel_Glossary.xlsx')));
    expect(result.imported).toBeGreaterThan(100);
    const imported = await entriesOf(first);
    const file = await exportEntries(db, actor, { flag: 1, systemOrIndividual: 1, bankId: first, format: 'xlsx' });
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const second = await bank(actor, 1, 'en-us', 'ja');
    expect(await importInto(actor, 1, second, 'xlsx', await bytesOf(file.stream))).toEqual(result);
    expect(await entriesOf(second)).toEqual(imported);
  });

  it('round-trips terms through TBX and TXT', async () => {
    const actor = await user();
    const first = await bank(actor, 1, 'en-us', 'zh-cn');
    await importInto(actor, 1, first, 'txt', 'cat\t猫\tanimal\ndog = 狗\n');
    const imported = await entriesOf(first);
    expect(imported).toEqual([
      { source: 'cat', translated: '猫', note: 'animal' },
      { source: 'dog', translated: '狗', note: '' },
    ]);
    for (const format of ['tbx', 'txt', 'csv'] as const) {
      const file = await exportEntries(db, actor, { flag: 1, systemOrIndividual: 1, bankId: first, format });
      const next = await bank(actor, 1, 'en-us', 'zh-cn');
      await importInto(actor, 1, next, format, await bytesOf(file.stream));
      expect(await entriesOf(next), format).toEqual(imported);
    }
  });
});

describe('all or nothing', () => {
  it('imports nothing from a CSV with an empty target and names the entry', async () => {
    const actor = await user();
    const id = await bank(actor, 0, 'zh-cn', 'en-us');
    const csv = 'source,target\n一,One\n二,Two\n三,\n四,Four\n';
    const f = await failure(importInto(actor, 0, id, 'csv', csv));
    expect(f.code).toBe(40019);
    expect(f.detail).toBe('entry 3 "三": Translation and source text cannot be empty');
    expect(await entriesOf(id)).toEqual([]);
    expect(await countOf(id)).toBe(0);
  });

  it('imports nothing from a corrupt TMX and names the unit and line', async () => {
    const actor = await user();
    const id = await bank(actor, 0, 'zh-cn', 'en-us');
    const units = Array.from(
      { length: 1500 },
      (_, i) => `<tu><tuv xml:lang="zh-cn"><seg>句${i}</seg></tuv><tuv xml:lang="en"><seg>S${i}</seg></tuv></tu>`,
    );
    const tmx = `<?xml version="1.0"?>\n<tmx version="1.4"><header srclang="zh-cn"/><body>\n${units.join('\n')}\n<tu><tuv xml:lang="zh-cn"><seg>坏</seg></tuv></tu>\n</body></tmx>`;
    const f = await failure(importInto(actor, 0, id, 'tmx', tmx));
    expect(f.code).toBe(1202);
    expect(f.detail).toMatch(/at line 1503; check that its languages match the bank$/);
    expect(await entriesOf(id)).toEqual([]);
    const broken = await failure(importInto(actor, 0, id, 'tmx', `<tmx><body>\n<tu><tuv xml:lang="zh-cn"><seg>x</seg></tuv>\n</body>`));
    expect(broken.code).toBe(1202);
    expect(broken.detail).toMatch(/line \d+/);
    expect(await countOf(id)).toBe(0);
  });

  it('checks the plan limit against the final count (free: 5 entries per bank)', async () => {
    const actor = await user('free');
    const id = await bank(actor, 1, 'en-us', 'zh-cn');
    const rows = ['a,甲', 'b,乙', 'c,丙', 'd,丁', 'e,戊', 'f,己'];
    expect((await failure(importInto(actor, 1, id, 'csv', rows.join('\n')))).code).toBe(42005);
    expect(await entriesOf(id)).toEqual([]);
    expect(await importInto(actor, 1, id, 'csv', rows.slice(0, 3).join('\n'))).toEqual({ imported: 3 });
    expect((await failure(importInto(actor, 1, id, 'csv', rows.slice(3).join('\n')))).code).toBe(42005);
    expect(await importInto(actor, 1, id, 'csv', rows.slice(3, 5).join('\n'))).toEqual({ imported: 2 });
    expect(await countOf(id)).toBe(5);
  });
});

describe('access and formats', () => {
  it("answers NOT_FOUND for another user's bank, both ways", async () => {
    const owner = await user();
    const other = await user();
    const id = await bank(owner, 0, 'zh-cn', 'en-us');
    expect((await failure(importInto(other, 0, id, 'csv', 'a,b'))).code).toBe(40400);
    expect((await failure(exportEntries(db, other, { flag: 0, systemOrIndividual: 1, bankId: id, format: 'csv' }))).code).toBe(40400);
  });

  it('refuses bad .xls files clearly, and formats the bank kind does not take', async () => {
    const actor = await user();
    const terms = await bank(actor, 1, 'en-us', 'zh-cn');
    const text = await failure(importInto(actor, 1, terms, 'xls', 'cat\t猫\n'));
    expect([text.code, text.detail]).toEqual([1202, 'this is not a readable Excel workbook']);
    // A real, password-protected .xls reaches LibreOffice, which cannot open it.
    const encrypted = readFileSync(join(FIXTURES, 'encrypted_password.xls'));
    const broken = await failure(importInto(actor, 1, terms, 'xls', encrypted));
    expect(broken.code).toBe(1202);
    // LibreOffice's own words stay in the log.
    expect(broken.detail).toBe('this is not a readable Excel workbook');
    expect(await countOf(terms)).toBe(0);
    expect((await failure(importInto(actor, 1, terms, 'tmx', 'x'))).code).toBe(1205);
    const memoryXls = await failure(importInto(actor, 0, await bank(actor, 0, 'en-us', 'ja'), 'xls', encrypted));
    expect(memoryXls.code).toBe(1205);
    const memory = await bank(actor, 0, 'zh-cn', 'en-us');
    expect((await failure(exportEntries(db, actor, { flag: 0, systemOrIndividual: 1, bankId: memory, format: 'xlsx' }))).code).toBe(40000);
  });
});
