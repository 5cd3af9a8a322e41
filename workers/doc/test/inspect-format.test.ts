import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import CFB from 'cfb';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectDocument, inspectFile } from '../src/inspect';

const legacy = (name: string) => new URL(`../fixtures/legacy/${name}`, import.meta.url);
const text = (name: string) => new URL(`../fixtures/text/${name}`, import.meta.url);
const shared = new URL('../../../../shared/fixtures/real/', import.meta.url);

const ooxml = (mainType: string, mainPart: string) =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${mainPart}" ContentType="application/vnd.openxmlformats-officedocument.${mainType}.main+xml"/></Types>`,
      ),
      [mainPart]: strToU8('<x/>'),
    }),
  );
const docx = () => ooxml('wordprocessingml.document', 'word/document.xml');
const xlsx = () => ooxml('spreadsheetml.sheet', 'xl/workbook.xml');

/** A CFB container like the one Office writes for a password-protected docx/xlsx/pptx. */
function encryptedOoxml(): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(64, 1));
  CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { reason?: string }).reason;
  }
  return 'none';
};

describe('inspectDocument: format from extension and bytes', () => {
  it('accepts matching files of every kind', async () => {
    expect(inspectDocument('a.docx', docx())).toEqual({ format: 'docx', container: 'zip' });
    expect(inspectDocument('a.XLSX', xlsx())).toEqual({ format: 'xlsx', container: 'zip' });
    expect(inspectDocument('a.doc', await readFile(legacy('SampleDoc.doc')))).toEqual({ format: 'doc', container: 'cfb' });
    expect(inspectDocument('a.xls', await readFile(legacy('chinese-provinces.xls')))).toEqual({ format: 'xls', container: 'cfb' });
    expect(inspectDocument('a.ppt', await readFile(legacy('54880_chinese.ppt')))).toEqual({ format: 'ppt', container: 'cfb' });
    expect(inspectDocument('a.pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'))).toEqual({
      format: 'pdf',
      container: 'pdf',
    });
    expect(inspectDocument('a.xlf', await readFile(text('sample-2.0.xlf')))).toEqual({ format: 'xliff', container: 'text' });
    expect(inspectDocument('a.srt', await readFile(text('sample.srt')))).toEqual({ format: 'srt', container: 'text' });
    expect(inspectDocument('a.htm', Buffer.from('<p>hi</p>'))).toEqual({ format: 'html', container: 'text' });
    expect(await inspectFile(text('zh-gb18030.txt').pathname)).toEqual({ format: 'txt', container: 'text' });
  });

  it('refuses unknown extensions and contents that contradict the extension', async () => {
    const doc = await readFile(legacy('SampleDoc.doc'));
    expect(reasonOf(() => inspectDocument('a.exe', docx()))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('noext', docx()))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.xlsx', docx()))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.pdf', docx()))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.docx', Buffer.from('%PDF-1.7\n')))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.xls', doc))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.docx', doc))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.txt', doc))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.txt', Buffer.from([0x41, 0, 0x42, 0])))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.xliff', Buffer.from('<html></html>')))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.srt', Buffer.from('hello')))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.docx', Buffer.from(zipSync({ 'a.txt': strToU8('x') }))))).toBe('unknown_format');
    expect(reasonOf(() => inspectDocument('a.docx', Buffer.from('PK\x03\x04garbage', 'latin1')))).toBe('corrupt');
  });
});

describe('inspectDocument: encrypted files', () => {
  it('refuses encrypted xls (FILEPASS) and ppt (EncryptedSummary, CurrentUser token) fixtures', async () => {
    expect(reasonOf(() => inspectDocument('p.xls', readFileSync(legacy('encrypted_password.xls'))))).toBe('encrypted');
    const ppt = readFileSync(legacy('encrypted-pw-hello_Password_Protected-hello.ppt'));
    expect(reasonOf(() => inspectDocument('p.ppt', ppt))).toBe('encrypted');
    // Without the EncryptedSummary stream the CurrentUserAtom's header token still tells.
    const cfb = CFB.read(ppt, { type: 'buffer' });
    CFB.utils.cfb_del(cfb, '/EncryptedSummary');
    const stripped = Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
    expect(CFB.find(CFB.read(stripped, { type: 'buffer' }), 'EncryptedSummary')).toBeNull();
    expect(reasonOf(() => inspectDocument('p.ppt', stripped))).toBe('encrypted');
  });

  it('refuses a .doc whose FIB has fEncrypted set', async () => {
    const cfb = CFB.read(await readFile(legacy('SampleDoc.doc')), { type: 'buffer' });
    const word = CFB.find(cfb, 'WordDocument')!;
    const content = Buffer.from(word.content);
    content.writeUInt16LE(content.readUInt16LE(0x0a) | 0x0100, 0x0a);
    word.content = content;
    const encrypted = Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
    expect(reasonOf(() => inspectDocument('e.doc', encrypted))).toBe('encrypted');
  });

  it('refuses OOXML in a CFB EncryptedPackage and a PDF with /Encrypt in its trailer or xref stream', () => {
    expect(reasonOf(() => inspectDocument('e.docx', encryptedOoxml()))).toBe('encrypted');
    expect(reasonOf(() => inspectDocument('e.pptx', encryptedOoxml()))).toBe('encrypted');
    const trailer = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<</Root 1 0 R /Encrypt 2 0 R>>\nstartxref\n9\n%%EOF\n';
    expect(reasonOf(() => inspectDocument('e.pdf', Buffer.from(trailer)))).toBe('encrypted');
    // A PDF 1.5 cross-reference stream far from the end (the tail alone would miss it).
    const head = '%PDF-1.5\n';
    const xref = '5 0 obj<</Type/XRef/Encrypt 3 0 R/Size 6>>stream\nxx\nendstream endobj\n';
    const padding = `% ${'p'.repeat(5000)}\n`;
    const pdf = `${head}${xref}${padding}startxref\n${head.length}\n%%EOF\n`;
    expect(reasonOf(() => inspectDocument('x.pdf', Buffer.from(pdf)))).toBe('encrypted');
    expect(reasonOf(() => inspectDocument('x.pdf', Buffer.from(pdf.replace('/Encrypt 3 0 R', ''))))).toBe('none');
  });

  it.skipIf(!existsSync(shared))('refuses the real encrypted docx, xlsx and pdf', async () => {
    for (const name of [
      'docx/encrypted-pw-pass_bug53475.docx',
      'xlsx/encrypted-pw-tika_protected_passtika.xlsx',
      'pdf/encrypted-pw-ELXRTQWS_issue3371.pdf',
    ]) {
      const data = await readFile(new URL(name, shared));
      expect(reasonOf(() => inspectDocument(name.split('/')[1]!, data))).toBe('encrypted');
    }
    expect(inspectDocument('t.pdf', await readFile(new URL('pdf/TAMReview.pdf', shared))).format).toBe('pdf');
  });
});
