/**
 * Decides what an upload is from its extension AND its bytes, before any format opens it: an
 * extension the bytes contradict, or one we do not handle, is refused as 'unknown_format'; a
 * password-protected file as 'encrypted'; a zip bomb (from its declared sizes) as 'too_large'.
 * The checks read the whole file (the CFB directory and the PDF trailer are not at its head);
 * uploads are at most 200 MB.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DocumentError } from '../formats/types';
import { decodeText } from '../formats/text/text-encoding';
import { hasEncryptedPackage, isEncryptedDoc, isEncryptedPdf, isEncryptedPpt, isEncryptedXls, readCfb } from './encryption';
import { isOdfFormat, odfFormatOf, odfMediaType, type OdfFormat } from './odf-package';
import { checkZipSafety } from './zip-safety';

export type InspectedFormat = 'docx' | 'pptx' | 'xlsx' | 'doc' | 'ppt' | 'xls' | OdfFormat | 'pdf' | 'txt' | 'html' | 'srt' | 'xliff';
export type Inspection = {
  /** The format to open the file with (htm is html, xlf is xliff). */
  format: InspectedFormat;
  container: 'zip' | 'cfb' | 'pdf' | 'text';
};

const BY_EXTENSION: Record<string, InspectedFormat> = {
  docx: 'docx',
  pptx: 'pptx',
  xlsx: 'xlsx',
  doc: 'doc',
  ppt: 'ppt',
  xls: 'xls',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  pdf: 'pdf',
  txt: 'txt',
  html: 'html',
  htm: 'html',
  srt: 'srt',
  xliff: 'xliff',
  xlf: 'xliff',
};

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream each legacy binary format keeps its content in. */
const LEGACY_MAIN_STREAM: Record<string, string[]> = { doc: ['WordDocument'], xls: ['Workbook', 'Book'], ppt: ['PowerPoint Document'] };

const startsWith = (data: Buffer, magic: Buffer) => data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
const mismatch = (fileName: string, actual: string) =>
  new DocumentError('unknown_format', `${fileName}: the content is ${actual}, which its extension does not match`);

/**
 * The OOXML kind from the main part each format reads (the one without which its reader refuses
 * the file), known from the entry names alone: inspection inflates nothing.
 */
function ooxmlKind(entries: readonly { name: string }[]): 'docx' | 'pptx' | 'xlsx' | undefined {
  const names = new Set(entries.map((e) => e.name));
  if (names.has('word/document.xml')) return 'docx';
  if (names.has('ppt/presentation.xml')) return 'pptx';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  return undefined;
}

function inspectCfb(fileName: string, data: Buffer, format: InspectedFormat): Inspection {
  const cfb = readCfbOrCorrupt(fileName, data);
  if (hasEncryptedPackage(cfb)) throw new DocumentError('encrypted', `${fileName}: password-protected Office document`);
  const streams = LEGACY_MAIN_STREAM[format];
  if (!streams?.some((s) => cfb.FullPaths.some((p) => p.endsWith(`/${s}`)))) throw mismatch(fileName, 'a compound file of another kind');
  const encrypted = format === 'doc' ? isEncryptedDoc(cfb) : format === 'xls' ? isEncryptedXls(cfb) : isEncryptedPpt(cfb);
  if (encrypted) throw new DocumentError('encrypted', `${fileName}: password-protected ${format} file`);
  return { format, container: 'cfb' };
}

/** OOXML by its main part, OpenDocument by its `mimetype` entry; the zip bomb guard for both. */
function inspectZip(fileName: string, data: Buffer, format: InspectedFormat): Inspection {
  if (format !== 'docx' && format !== 'pptx' && format !== 'xlsx' && !isOdfFormat(format)) throw mismatch(fileName, 'a zip archive');
  const entries = checkZipSafety(data);
  const kind = odfFormatOf(data) ?? ooxmlKind(entries);
  if (kind === format) return { format, container: 'zip' };
  if (kind) throw mismatch(fileName, `a ${kind} document`);
  const mediaType = odfMediaType(data);
  if (mediaType) throw mismatch(fileName, `an OpenDocument file of another kind (${mediaType})`);
  const wanted = isOdfFormat(format) ? 'an OpenDocument mimetype entry' : 'an Office main part';
  throw mismatch(fileName, `a zip archive without ${wanted}`);
}

function inspectText(fileName: string, data: Buffer, format: InspectedFormat): Inspection {
  const head = data.subarray(0, 8192);
  const text = decodeText(head).text;
  // NUL bytes mean binary content (UTF-16 text has a BOM and is decoded above without them).
  if (text.includes('\0')) throw mismatch(fileName, 'binary data');
  if (format === 'xliff' && !/<(\w+:)?xliff[\s>]/.test(text)) throw mismatch(fileName, 'not XLIFF');
  if (format === 'srt' && !/\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(text)) throw mismatch(fileName, 'not SubRip subtitles');
  if (format === 'html' && !text.includes('<')) throw mismatch(fileName, 'not HTML');
  return { format, container: 'text' };
}

export function inspectDocument(fileName: string, data: Buffer): Inspection {
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const format = BY_EXTENSION[ext];
  if (!format) throw new DocumentError('unknown_format', `${fileName}: extension .${ext} is not a supported document type`);
  if (data.length === 0) throw new DocumentError('empty', `${fileName}: the file is empty`);

  if (startsWith(data, CFB_MAGIC)) {
    // An encrypted docx/xlsx/pptx is a CFB container, so its extension is the OOXML one.
    if (format === 'docx' || format === 'pptx' || format === 'xlsx') {
      const cfb = readCfbOrCorrupt(fileName, data);
      if (hasEncryptedPackage(cfb)) throw new DocumentError('encrypted', `${fileName}: password-protected Office document`);
      throw mismatch(fileName, 'a legacy Office (CFB) file');
    }
    if (format !== 'doc' && format !== 'xls' && format !== 'ppt') throw mismatch(fileName, 'a legacy Office (CFB) file');
    return inspectCfb(fileName, data, format);
  }
  if (startsWith(data, Buffer.from('PK\x03\x04', 'latin1'))) return inspectZip(fileName, data, format);
  if (data.subarray(0, 1024).includes('%PDF-')) {
    if (format !== 'pdf') throw mismatch(fileName, 'a PDF');
    if (isEncryptedPdf(data)) throw new DocumentError('encrypted', `${fileName}: password-protected PDF`);
    return { format, container: 'pdf' };
  }
  if (format === 'txt' || format === 'html' || format === 'srt' || format === 'xliff') return inspectText(fileName, data, format);
  throw mismatch(fileName, 'not a recognised document');
}

function readCfbOrCorrupt(fileName: string, data: Buffer) {
  try {
    return readCfb(data);
  } catch (e) {
    throw new DocumentError('corrupt', `${fileName}: unreadable compound file: ${(e as Error).message}`);
  }
}

/** Reads a stored upload and inspects it; `fileName` (the user's name for it) defaults to the path's. */
export async function inspectFile(path: string, fileName = basename(path)): Promise<Inspection> {
  return inspectDocument(fileName, await readFile(path));
}
