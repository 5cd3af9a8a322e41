/**
 * Reading an import file: an .xlsx workbook (its first sheet) or a CSV (UTF-8, or GB18030 as
 * Chinese Excel saves it), told apart by content, never by name. Columns: account, username,
 * password, role (optional), site (optional, an id or a site code), found by a header row in
 * English or Chinese; without one, in that order. Each row keeps its number in the file, so the
 * report can point at it.
 *
 * A workbook is a zip: it is inflated once under a small budget (`GuardedZip`, as the language
 * service reads term workbooks) before exceljs, which inflates everything at once, sees it.
 */
import { GuardedZip, ZipRefusedError, type ZipLimits } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

export type FileRow = { row: number; account: string; username: string; password: string; role: string; site: string };

/** More rows than this is refused as a whole: an import is for a team, not a migration. */
export const IMPORT_MAX_ROWS = 2000;

const MiB = 1024 * 1024;
const USER_XLSX_LIMITS: ZipLimits = { maxEntries: 200, maxDeclaredBytes: 8 * MiB, maxEntryBytes: 8 * MiB, maxInflatedBytes: 8 * MiB };

const HEADERS: Record<keyof Omit<FileRow, 'row'>, string[]> = {
  account: ['account', 'account_number', '账号', '帐号'],
  username: ['username', 'name', '用户名', '姓名'],
  password: ['password', '密码'],
  role: ['role', '角色'],
  site: ['site', 'site_id', 'site_code', '站点'],
};
const POSITIONAL = { account: 0, username: 1, password: 2, role: 3, site: 4 };

type Columns = Record<keyof Omit<FileRow, 'row'>, number>;

function headerOf(cells: string[]): Columns | null {
  const names = cells.map((c) => c.trim().toLowerCase());
  const find = (aliases: string[]) => names.findIndex((n) => aliases.includes(n));
  const columns = Object.fromEntries(Object.entries(HEADERS).map(([k, aliases]) => [k, find(aliases)])) as Columns;
  return columns.account >= 0 && columns.password >= 0 ? columns : null;
}

const invalidFile = () => new AppError('IMPORT_FILE_INVALID');

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function csvRows(bytes: Buffer): Array<{ row: number; cells: string[] }> {
  try {
    const options = { relax_column_count: true, relax_quotes: true, info: true, skip_empty_lines: true };
    const records = parse(decodeText(bytes), options) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return records.map((r) => ({ row: r.info.lines, cells: r.record }));
  } catch (err) {
    throw new AppError('IMPORT_FILE_INVALID', undefined, { cause: err });
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
  return '';
}

async function xlsxRows(bytes: Buffer): Promise<Array<{ row: number; cells: string[] }>> {
  try {
    await (await GuardedZip.open(bytes, USER_XLSX_LIMITS)).inflateAll();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw invalidFile();
    const rows: Array<{ row: number; cells: string[] }> = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
      rows.push({ row: row.number, cells });
    });
    return rows;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ZipRefusedError && err.reason !== 'corrupt') throw new AppError('FILE_TOO_LARGE', undefined, { cause: err });
    throw new AppError('IMPORT_FILE_INVALID', undefined, { cause: err });
  }
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The file's data rows (blank rows dropped), or 40063 when it is neither a workbook nor a CSV of users. */
export async function readUserFile(bytes: Buffer): Promise<FileRow[]> {
  const rows = isZip(bytes) ? await xlsxRows(bytes) : csvRows(bytes);
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (nonEmpty.length === 0) throw invalidFile();
  const header = headerOf(nonEmpty[0]!.cells);
  const data = header ? nonEmpty.slice(1) : nonEmpty;
  if (data.length > IMPORT_MAX_ROWS) throw new AppError('IMPORT_FILE_INVALID', `max ${IMPORT_MAX_ROWS}`);
  const columns = header ?? POSITIONAL;
  const at = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  return data.map(({ row, cells }) => ({
    row,
    account: at(cells, columns.account),
    username: at(cells, columns.username),
    password: at(cells, columns.password),
    role: at(cells, columns.role),
    site: at(cells, columns.site),
  }));
}
