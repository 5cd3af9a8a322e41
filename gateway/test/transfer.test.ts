/**
 * Import and export through the real gateway (`app.inject`) with hand-built multipart bodies:
 * TMX round trip with the download's headers, the spec's "Please upload a file.", one file only,
 * a text file named .xls refused, all-or-nothing imports, plan limits and other users' banks.
 */
import { grantPlan } from '@mtp/billing';
import { convertWithLibreOffice } from '@mtp/platform';
import type { BankItem } from '@mtp/proto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

const FIXTURES = join(import.meta.dirname, '../../services/language/test/fixtures');

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

let users = 0;
async function userOf(): Promise<{ token: string; userId: number }> {
  users += 1;
  const account = `transfer${users}@example.com`;
  return gw.registeredUser(account);
}

async function createBank(token: string, body: Record<string, unknown>): Promise<BankItem> {
  const res = await gw.call<BankItem>('POST', 'tm_term_library/create', { token, body: { src_lang: 'zh-cn', tgt_lang: 'en-us', ...body } });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

type FilePart = { field: string; filename: string; bytes: Buffer | string };

function multipart(fields: Record<string, string | number>, files: FilePart[]) {
  const boundary = '----mtptransfer';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

async function upload(
  path: 'tm/es_save_file' | 'term/upload_term_file',
  token: string,
  fields: Record<string, string | number>,
  files: FilePart[],
) {
  const body = multipart(fields, files);
  const res = await gw.app.inject({
    method: 'POST',
    url: `/api/v1.0/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return res.json() as { code: number; msg: string; data: { imported: number } | null };
}

async function entriesOf(bankId: number) {
  const { rows } = await gw.db.query<{ source: string; translated: string; note: string }>(
    'SELECT source, translated, note FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
    [bankId],
  );
  return rows;
}

describe('memories', () => {
  it('imports a TMX, downloads it as TMX and imports the download into a second bank', async () => {
    const { token, userId } = await userOf();
    await grantPlan(gw.db, { userId, sku: 'standard-m' });
    const first = await createBank(token, { flag: 0, name: '玄奘 TM' });
    const fields = { system_or_individual: 1, bank_id: first.bank_id, src_lang: 'zh-cn', tgt_lang: 'en-us', tow_way: 0, domain: 'general' };
    // standard allows 50 entries per bank; XuanZang.tmx has more.
    const tooMany = await upload('tm/es_save_file', token, fields, [
      { field: 'tm_file', filename: 'XuanZang.tmx', bytes: readFileSync(join(FIXTURES, 'XuanZang.tmx')) },
    ]);
    expect(tooMany.code).toBe(42005);
    expect(await entriesOf(first.bank_id)).toEqual([]);

    const units = Array.from(
      { length: 12 },
      (_, i) =>
        `<tu><note>n${i}</note><tuv xml:lang="zh-CN"><seg>句子${i}</seg></tuv><tuv xml:lang="en-US"><seg>Sentence ${i}</seg></tuv></tu>`,
    );
    const tmx = `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="zh-CN"/><body>\n${units.join('\n')}\n</body></tmx>\n`;
    const res = await upload('tm/es_save_file', token, fields, [{ field: 'tm_file', filename: 'memory.tmx', bytes: tmx }]);
    expect(res).toMatchObject({ code: 20000, data: { imported: 12 } });
    const imported = await entriesOf(first.bank_id);
    expect(imported[3]).toEqual({ source: '句子3', translated: 'Sentence 3', note: 'n3' });

    const download = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/tm_term/es_export_all/1/0?bank_id=${first.bank_id}&format=tmx`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/x-tmx\+xml/);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="__ TM.tmx"; filename*=UTF-8''%E7%8E%84%E5%A5%98%20TM.tmx`);

    const second = await createBank(token, { flag: 0, name: 'Copy' });
    const again = await upload('tm/es_save_file', token, { ...fields, bank_id: second.bank_id }, [
      { field: 'tm_file', filename: 'copy.TMX', bytes: download.rawPayload },
    ]);
    expect(again).toMatchObject({ code: 20000, data: { imported: 12 } });
    expect(await entriesOf(second.bank_id)).toEqual(imported);
    const banks = await gw.call<{ bank_list: BankItem[] }>('GET', 'tm_term_library/get_list/0', { token });
    expect(banks.data.bank_list.map((b) => b.entry_count)).toEqual([12, 12]);

    const { rows } = await gw.db.query<{ entry_id: string }>(
      'SELECT entry_id FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id LIMIT 2',
      [second.bank_id],
    );
    const choice = await gw.app.inject({
      method: 'POST',
      url: '/api/v1.0/tm_term/es_export_choice',
      headers: { authorization: `Bearer ${token}` },
      payload: { flag: 0, system_or_individual: 1, bank_id: second.bank_id, choices: rows.map((r) => Number(r.entry_id)), format: 'csv' },
    });
    expect(choice.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(choice.headers['content-disposition']).toBe(`attachment; filename="Copy.csv"; filename*=UTF-8''Copy.csv`);
    expect(choice.body).toBe('\ufeffsource,target,note\r\n句子0,Sentence 0,n0\r\n句子1,Sentence 1,n1\r\n');
  });

  it('imports nothing from a CSV with a bad row or a corrupt TMX, and says where', async () => {
    const { token } = await userOf();
    const bank = await createBank(token, { flag: 0, name: 'Bad' });
    const fields = { system_or_individual: 1, bank_id: bank.bank_id };
    const csv = await upload('tm/es_save_file', token, fields, [{ field: 'tm_file', filename: 'bad.csv', bytes: '一,One\n二,\n' }]);
    expect(csv).toMatchObject({
      code: 40019,
      msg: 'Invalid content. Please re-enter. (entry 2 "二": Translation and source text cannot be empty)',
    });
    const tmx = await upload('tm/es_save_file', token, fields, [
      {
        field: 'tm_file',
        filename: 'bad.tmx',
        bytes:
          '<tmx><body>\n<tu><tuv xml:lang="zh-cn"><seg>一</seg></tuv><tuv xml:lang="en"><seg>One</seg></tuv></tu>\n<tu><tuv xml:lang="zh-cn"><seg>二</seg></tuv></tu>\n</body></tmx>',
      },
    ]);
    expect(tmx.code).toBe(1202);
    expect(tmx.msg).toMatch(/^File parsing failed \(.* at line 3; /);
    expect(await entriesOf(bank.bank_id)).toEqual([]);
  });
});

describe('termbases', () => {
  it('imports an XLSX glossary, downloads it as XLSX and imports the same entries', async () => {
    const { token } = await userOf();
    const admin = await gw.adminToken();
    const first = await createBank(admin, { flag: 1, name: 'Glossary', src_lang: 'en-us', tgt_lang: 'ja', system_or_individual: 0 });
    const fields = { system_or_individual: 0, bank_id: first.bank_id, src_lang: 'en-us', tgt_lang: 'ja' };
    const xlsx = readFileSync(join(FIXTURES, 'Example_Excel_Glossary.xlsx'));
    // A system bank is read-only to users.
    expect((await upload('term/upload_term_file', token, fields, [{ field: 'term_file', filename: 'g.xlsx', bytes: xlsx }])).code).toBe(
      42000,
    );
    const res = await upload('term/upload_term_file', admin, fields, [{ field: 'term_file', filename: 'g.xlsx', bytes: xlsx }]);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data!.imported).toBeGreaterThan(100);
    const download = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/tm_term/es_export_all/0/1?bank_id=${first.bank_id}&format=xlsx`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const second = await createBank(admin, { flag: 1, name: 'Copy', src_lang: 'en-us', tgt_lang: 'ja', system_or_individual: 0 });
    const again = await upload('term/upload_term_file', admin, { ...fields, bank_id: second.bank_id }, [
      { field: 'term_file', filename: 'copy.xlsx', bytes: download.rawPayload },
    ]);
    expect(again).toMatchObject({ code: 20000, data: { imported: res.data!.imported } });
    expect(await entriesOf(second.bank_id)).toEqual(await entriesOf(first.bank_id));
  });

  it('imports an .xls glossary, exports .xls and imports the download to the same entries', async () => {
    const admin = await gw.adminToken();
    const xlsx = readFileSync(join(FIXTURES, 'Example_Excel_Glossary.xlsx'));
    const xls = await convertWithLibreOffice(xlsx, 'xlsx', 'xls');
    const bankOf = async (name: string) =>
      (await createBank(admin, { flag: 1, name, src_lang: 'en-us', tgt_lang: 'ja', system_or_individual: 0 })).bank_id;
    const [fromXlsx, fromXls, fromExport] = [await bankOf('X1'), await bankOf('X2'), await bankOf('X3')];
    const fields = (bank_id: number) => ({ system_or_individual: 0, bank_id, src_lang: 'en-us', tgt_lang: 'ja' });
    const direct = await upload('term/upload_term_file', admin, fields(fromXlsx), [
      { field: 'term_file', filename: 'g.xlsx', bytes: xlsx },
    ]);
    const res = await upload('term/upload_term_file', admin, fields(fromXls), [{ field: 'term_file', filename: 'G.XLS', bytes: xls }]);
    expect(res, res.msg).toMatchObject({ code: 20000, data: { imported: direct.data!.imported } });
    expect(await entriesOf(fromXls)).toEqual(await entriesOf(fromXlsx));

    const download = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/tm_term/es_export_all/0/1?bank_id=${fromXls}&format=xls`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(download.headers['content-disposition']).toMatch(/filename="X2\.xls"/);
    expect(download.rawPayload.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const again = await upload('term/upload_term_file', admin, fields(fromExport), [
      { field: 'term_file', filename: 'X2.xls', bytes: download.rawPayload },
    ]);
    expect(again).toMatchObject({ code: 20000, data: { imported: direct.data!.imported } });
    expect(await entriesOf(fromExport)).toEqual(await entriesOf(fromXlsx));
    // Four LibreOffice runs (convert, read, write, read): a minute on a busy two-core machine.
  }, 150_000);

  it("lets no administrator import into a user's bank", async () => {
    const owner = await userOf();
    const bank = await createBank(owner.token, { flag: 1, name: 'Mine' });
    const file = { field: 'term_file', filename: 't.txt', bytes: 'cat\t猫\n' };
    const res = await upload('term/upload_term_file', await gw.adminToken(), { system_or_individual: 1, bank_id: bank.bank_id }, [file]);
    expect(res.code).toBe(40400);
    expect(await entriesOf(bank.bank_id)).toEqual([]);
  });

  it('keeps to the free plan: a 6-entry CSV into a termbase answers 42005 and imports nothing', async () => {
    const { token } = await userOf();
    const bank = await createBank(token, { flag: 1, name: 'Free' });
    const res = await upload('term/upload_term_file', token, { system_or_individual: 1, bank_id: bank.bank_id }, [
      { field: 'term_file', filename: 'terms.csv', bytes: 'source,target\n甲,a\n乙,b\n丙,c\n丁,d\n戊,e\n己,f\n' },
    ]);
    expect(res.code).toBe(42005);
    expect(await entriesOf(bank.bank_id)).toEqual([]);
  });

  it("answers 404 for another user's bank, the spec message without a file, and refuses a second file and a non-workbook .xls", async () => {
    const owner = await userOf();
    const other = await userOf();
    const bank = await createBank(owner.token, { flag: 1, name: 'Mine' });
    const fields = { system_or_individual: 1, bank_id: bank.bank_id };
    const file = { field: 'term_file', filename: 't.txt', bytes: 'cat\t猫\n' };
    expect((await upload('term/upload_term_file', other.token, fields, [file])).code).toBe(40400);
    const exported = await gw.call('GET', `tm_term/es_export_all/1/1?bank_id=${bank.bank_id}`, { token: other.token });
    expect([exported.status, exported.code]).toEqual([404, 40400]);

    expect(await upload('term/upload_term_file', owner.token, fields, [])).toEqual({
      code: 1208,
      msg: 'Please upload a file.',
      data: null,
    });
    const two = await upload('term/upload_term_file', owner.token, fields, [file, { ...file, filename: 'u.txt' }]);
    expect(two).toMatchObject({ code: 1208, msg: 'Please upload a file. (Only one file can be uploaded for imports)' });
    const xls = await upload('term/upload_term_file', owner.token, fields, [{ field: 'term_file', filename: 'old.xls', bytes: 'x' }]);
    expect(xls.code).toBe(1202);
    expect(xls.msg).toBe('File parsing failed (this is not a readable Excel workbook)');
    expect(await entriesOf(bank.bank_id)).toEqual([]);

    const res = await upload('term/upload_term_file', owner.token, fields, [file]);
    expect(res).toMatchObject({ code: 20000, data: { imported: 1 } });
    const txt = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/tm_term/es_export_all/1/1?bank_id=${bank.bank_id}&format=txt`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect([txt.headers['content-type'], txt.body]).toEqual(['text/plain; charset=utf-8', 'cat\t猫\n']);
  });
});
