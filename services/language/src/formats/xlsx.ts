import ExcelJS from 'exceljs';
import { FormatError, type Entry } from './entry';
import { detectHeader } from './csv';

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
 * Reads the first worksheet of an .xlsx (the whole workbook is loaded: fine for termbases).
 * A first row naming source/target/note (or the two languages) is a header; otherwise columns
 * A, B, C are source, target, note. Rows with an empty source or target are skipped.
 */
export async function readXlsx(data: Uint8Array, options: ReadXlsxOptions = {}): Promise<Entry[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(data) as unknown as ArrayBuffer);
  } catch (err) {
    throw new FormatError({ format: 'xlsx', message: `not a readable .xlsx workbook (${(err as Error).message})` });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FormatError({ format: 'xlsx', message: 'the workbook has no worksheet' });
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

/** Writes entries to an .xlsx with a bold `source | target | note` header row. */
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
