/**
 * Cheap "is this file password-protected?" checks, run before any format opens a file, so an
 * encrypted upload is refused with the right reason instead of failing later as 'corrupt'.
 * Each check reads the one flag the file format defines for it (MS-DOC, MS-XLS, MS-PPT,
 * MS-OFFCRYPTO, PDF 32000 section 7.5).
 */
import CFB from 'cfb';

type Container = ReturnType<typeof CFB.read>;

const stream = (cfb: Container, name: string): Buffer | undefined => {
  const entry = CFB.find(cfb, name);
  return entry?.content ? Buffer.from(entry.content) : undefined;
};

/** OOXML (docx/xlsx/pptx) saved with a password is a CFB holding an `EncryptedPackage` stream. */
export const hasEncryptedPackage = (cfb: Container) => CFB.find(cfb, 'EncryptedPackage') !== null;

/** Word 97-2003: FIB flags word at offset 0x0A, bit 0x0100 is fEncrypted (MS-DOC 2.5.2). */
export function isEncryptedDoc(cfb: Container): boolean {
  const word = stream(cfb, 'WordDocument');
  return !!word && word.length >= 12 && (word.readUInt16LE(0x0a) & 0x0100) !== 0;
}

const BIFF_FILEPASS = 0x002f;
const BIFF_EOF = 0x000a;

/** Excel 97-2003: a FILEPASS record in the workbook globals substream (MS-XLS 2.4.117). */
export function isEncryptedXls(cfb: Container): boolean {
  const book = stream(cfb, 'Workbook') ?? stream(cfb, 'Book');
  if (!book) return false;
  // FILEPASS must follow the first BOF closely, so the globals substream is all we scan.
  for (let at = 0; at + 4 <= book.length;) {
    const type = book.readUInt16LE(at);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_EOF) return false;
    at += 4 + book.readUInt16LE(at + 2);
  }
  return false;
}

const PPT_TOKEN_ENCRYPTED = 0xf3d1c4df;

/**
 * PowerPoint 97-2003: the CurrentUserAtom's headerToken says whether the document is encrypted
 * (MS-PPT 2.3.2); encrypted files also carry an `EncryptedSummary` stream.
 */
export function isEncryptedPpt(cfb: Container): boolean {
  if (CFB.find(cfb, 'EncryptedSummary')) return true;
  const user = stream(cfb, 'Current User');
  return !!user && user.length >= 16 && user.readUInt32LE(12) === PPT_TOKEN_ENCRYPTED;
}

/**
 * PDF: the trailer (or, since PDF 1.5, the cross-reference stream dictionary at `startxref`)
 * has an /Encrypt entry. This looks at the last 4 KB and at the xref section's first 4 KB; the
 * pdf format's pdf.js parse is the full check.
 */
export function isEncryptedPdf(pdf: Buffer): boolean {
  const tail = pdf.subarray(Math.max(0, pdf.length - 4096)).toString('latin1');
  if (tail.includes('/Encrypt')) return true;
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail.trimEnd() + '\n') ?? /startxref\s+(\d+)/.exec(tail);
  const offset = startxref ? Number(startxref[1]) : NaN;
  if (!Number.isFinite(offset) || offset >= pdf.length) return false;
  const xref = pdf.subarray(offset, offset + 4096).toString('latin1');
  const dictionary = xref.split(/\bstream\b/)[0] ?? '';
  return dictionary.includes('/Encrypt');
}

export function readCfb(data: Buffer): Container {
  return CFB.read(data, { type: 'buffer' });
}
export type { Container as CfbContainer };
