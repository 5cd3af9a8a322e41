import { GuardedZip, ZipRefusedError, type ZipLimits } from '@mtp/platform';
import ExcelJS from 'exceljs';
import { FormatError, type Entry } from './entry';
import { detectHeader } from './csv';

const MiB = 1024 * 1024;

/**
 * What a termbase workbook may inflate to. exceljs (through JSZip) inflates every entry at once
 * on the event loop and holds the workbook, so the budget is tight: a term is ~150 bytes of sheet
 * and shared-string XML, so 32 MiB is about 200,000 terms.
 */
export const TERM_XLSX_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxDeclaredBytes: 32 * MiB,
  maxEntryBytes: 32 * MiB,
  maxInflatedBytes: 32 * MiB,
};

/**
 * Inflates every entry once under the budget, off the event loop, keeping none: exceljs then
 * only meets a zip whose every entry was proven to inflate to its declared size and checksum.
 * Over the budget: `ZipRefusedError('too_large')`; not a zip: `FormatError`.
 */
async function checkWorkbookZip(data: Buffer): Promise<void> {
  try {
    const zip = await GuardedZip.open(data, TERM_XLSX_LIMITS);
    await zip.inflateAll();
  } catch (err) {
    if (err instanceof ZipRefusedError && err.reason === 'corrupt')
      throw new FormatError({ format: 'xlsx', message: `not a readable .xlsx workbook (${err.message})`, reason: 'not-workbook' });
    throw err;
  }
}

export type ReadXlsxOptions = { srcLang?: string; tgtLang?: string };

/** Plain text of a cell value: rich text runs, hyperlinks, formula results, numbers and dates. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
  if ('error' in value) return '';
  return String(value);
}

/**
 * Reads the first worksheet of an .xlsx (the whole workbook is loaded, once its zip passed
 * `TERM_XLSX_LIMITS`).
 * A first row naming source/target/note (or the two languages) is a header; otherwise columns
 * A, B, C are source, target, note. Rows with an empty source or target are skipped.
 */
export async function readXlsx(data: Uint8Array, options: ReadXlsxOptions = {}): Promise<Entry[]> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkWorkbookZip(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new FormatError({ format: 'xlsx', message: `not a readable .xlsx workbook (${(err as Error).message})`, reason: 'not-workbook' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FormatError({ format: 'xlsx', message: 'the workbook has no worksheet', reason: 'no-sheet' });
  const entries: Entry[] = [];
  let columns: { source: number; target: number; note: number } | undefined;
  let first = true;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    if (first) {
      first = false;
      columns = detectHeader(cells, options.srcLang, options.tgtLang);
      if (columns) return;
    }
    const cols = columns ?? { source: 0, target: 1, note: 2 };
    const source = cells[cols.source]?.trim() ?? '';
    const target = cells[cols.target]?.trim() ?? '';
    if (!source || !target) return;
    const entry: Entry = { source, target };
    const note = cols.note >= 0 ? cells[cols.note]?.trim() : undefined;
    if (note) entry.note = note;
    entries.push(entry);
  });
  return entries;
}

/**
 * Writes entries to an .xlsx with a bold `source | target | note` header row. Every cell is a
 * plain string (exceljs writes shared strings, `t="s"`), never a formula, so `=HYPERLINK(...)`
 * written by a user stays text in any spreadsheet and needs no leading quote (formula-cells.ts).
 */
export async function writeXlsx(entries: AsyncIterable<Entry> | Iterable<Entry>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Terms');
  sheet.columns = [
    { header: 'source', key: 'source', width: 40 },
    { header: 'target', key: 'target', width: 40 },
    { header: 'note', key: 'note', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  for await (const e of entries) sheet.addRow({ source: e.source, target: e.target, note: e.note ?? '' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
