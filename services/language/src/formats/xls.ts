/**
 * Excel 97-2003 (.xls) termbases, through LibreOffice: an .xls is converted to .xlsx and read by
 * the XLSX reader; an export is written as .xlsx and converted to .xls. Only real .xls workbooks
 * (OLE2 compound files) are handed to LibreOffice: it would happily open a text file renamed to
 * .xls as a one-column sheet, and every refusal here saves a ~3 s soffice start.
 */
import { convertWithLibreOffice, OfficeConversionError } from '@mtp/platform';
import { FormatError } from './entry';

/** The signature of an OLE2 compound file, the container of every BIFF8 workbook. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function isOle2(data: Uint8Array): boolean {
  return data.length >= OLE2_MAGIC.length && Buffer.from(data.subarray(0, OLE2_MAGIC.length)).equals(OLE2_MAGIC);
}

/**
 * The .xlsx of an .xls workbook; a file that is not one, or that LibreOffice cannot convert, is a
 * FormatError. LibreOffice runs without network (its own namespace): a binary .xls cannot be
 * stripped of its links beforehand. Where no namespace can be made the `OfficeConversionError`
 * ('sandbox') goes through: not the file's fault.
 */
export async function xlsToXlsx(data: Uint8Array): Promise<Buffer> {
  if (!isOle2(data)) throw new FormatError({ format: 'xls', message: 'not an Excel 97-2003 (.xls) workbook', reason: 'not-workbook' });
  try {
    return await convertWithLibreOffice(Buffer.from(data), 'xls', 'xlsx');
  } catch (err) {
    if (err instanceof OfficeConversionError && err.reason === 'sandbox') throw err;
    throw new FormatError({
      format: 'xls',
      message: `the .xls workbook could not be converted (${(err as Error).message})`,
      reason: 'not-workbook',
    });
  }
}

/** The .xls of an .xlsx workbook (errors are LibreOffice's own: the server's fault, not the file's). */
export function xlsxToXls(data: Buffer): Promise<Buffer> {
  return convertWithLibreOffice(data, 'xlsx', 'xls');
}
