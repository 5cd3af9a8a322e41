/**
 * Exports a bank (or chosen entries of it) as a file, streamed: entries are read 1,000 at a
 * time by entry id and fed to the format's streaming writer (XLSX is built in memory by exceljs,
 * XLS is that XLSX converted by LibreOffice).
 */
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { Readable } from 'node:stream';
import { loadBank } from '../banks/banks';
import type { Actor, Flag } from '../banks/types';
import { writeCsv } from '../formats/csv';
import type { Entry } from '../formats/entry';
import { writeTbx } from '../formats/tbx-writer';
import { writeTmx } from '../formats/tmx-writer';
import { writeTxt } from '../formats/txt';
import { xlsxToXls } from '../formats/xls';
import { writeXlsx } from '../formats/xlsx';

export type ExportFormat = 'csv' | 'tmx' | 'txt' | 'xlsx' | 'xls' | 'tbx';

/** The formats each kind of bank exports (flag 0 memories, 1 termbases). */
export const EXPORT_FORMATS: Record<Flag, readonly ExportFormat[]> = {
  0: ['csv', 'tmx'],
  1: ['csv', 'txt', 'xlsx', 'xls', 'tbx'],
};

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  tmx: 'application/x-tmx+xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  tbx: 'application/x-tbx+xml; charset=utf-8',
};

export const EXPORT_PAGE = 1000;

export type ExportInput = {
  flag: Flag;
  systemOrIndividual: number;
  bankId: number;
  /** Only these entries of the bank (others' ids are ignored); all when left out. */
  entryIds?: readonly number[] | undefined;
  /** `xls` (the spec's term export) is written as XLSX, then converted by LibreOffice. */
  format: string;
};

export type ExportFile = { filename: string; contentType: string; stream: Readable };

type Row = {
  entry_id: string;
  source: string;
  translated: string;
  note: string;
  extra: Record<string, unknown>;
  src_lang: string;
  tgt_lang: string;
};

/** The bank's entries in id order, one page of `EXPORT_PAGE` at a time. */
async function* bankEntries(db: Db, bankId: number, entryIds: readonly number[] | undefined): AsyncGenerator<Entry> {
  let after = '0';
  for (;;) {
    const params: unknown[] = [bankId, after, EXPORT_PAGE];
    let where = 'bank_id = $1 AND entry_id > $2';
    if (entryIds) {
      params.push(entryIds);
      where += ' AND entry_id = ANY($4::bigint[])';
    }
    const { rows } = await db.query<Row>(
      `SELECT entry_id, source, translated, note, extra, src_lang, tgt_lang FROM tm_entries WHERE ${where} ORDER BY entry_id LIMIT $3`,
      params,
    );
    for (const r of rows) {
      const entry: Entry = { source: r.source, target: r.translated, src_lang: r.src_lang, tgt_lang: r.tgt_lang };
      if (r.note) entry.note = r.note;
      const attributes = Object.fromEntries(
        Object.entries(r.extra ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      if (Object.keys(attributes).length > 0) entry.attributes = attributes;
      yield entry;
    }
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.entry_id;
  }
}

/** A file name without path separators or control characters. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim() || 'export';
}

/** A LibreOffice failure is the server's, not the bank's: FILE_CONVERT_FAILED, its reason in the log. */
async function toXls(xlsx: Buffer): Promise<Buffer> {
  try {
    return await xlsxToXls(xlsx);
  } catch (err) {
    throw new AppError('FILE_CONVERT_FAILED', undefined, { cause: err });
  }
}

/** `GET tm_term/es_export_all/...`, `POST tm_term/es_export_choice`. */
export async function exportEntries(db: Db, actor: Actor, input: ExportInput): Promise<ExportFile> {
  const format = input.format as ExportFormat;
  if (!EXPORT_FORMATS[input.flag].includes(format)) {
    throw new AppError(
      'INVALID_PARAMS',
      `format: ${input.flag === 0 ? 'translation memories' : 'termbases'} export ${EXPORT_FORMATS[input.flag].join(', ')}`,
    );
  }
  const bank = await loadBank(db, actor, { bankId: input.bankId, flag: input.flag, systemOrIndividual: input.systemOrIndividual }, 'read');
  const entries = bankEntries(db, bank.bank_id, input.entryIds);
  const pair = { srcLang: bank.src_lang, tgtLang: bank.tgt_lang };
  let stream: Readable;
  switch (format) {
    case 'csv':
      stream = writeCsv(entries);
      break;
    case 'txt':
      stream = writeTxt(entries);
      break;
    case 'tmx':
      stream = writeTmx(entries, pair);
      break;
    case 'tbx':
      stream = writeTbx(entries, pair);
      break;
    case 'xlsx':
      stream = Readable.from([await writeXlsx(entries)]);
      break;
    case 'xls':
      stream = Readable.from([await toXls(await writeXlsx(entries))]);
      break;
  }
  return { filename: `${safeName(bank.name)}.${format}`, contentType: CONTENT_TYPES[format], stream };
}
