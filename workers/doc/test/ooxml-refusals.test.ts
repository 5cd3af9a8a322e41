import CFB from 'cfb';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxFormat, pptxFormat, xlsxFormat } from '../src/formats/ooxml/index.js';
import { DocumentError, type DocumentErrorReason, type DocumentFormat } from '../src/formats/types.js';
import { fixture, patchPackage } from './ooxml-helpers.js';

async function refusal(format: DocumentFormat, input: Buffer): Promise<DocumentErrorReason | 'accepted'> {
  try {
    await format.open(input, { srcLang: 'en' });
    return 'accepted';
  } catch (error) {
    if (error instanceof DocumentError) return error.reason;
    throw error;
  }
}

const CONTENT_TYPES = strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');

describe('ooxml refusals', () => {
  it('refuses the password-protected docx and xlsx as encrypted', async () => {
    expect(await refusal(docxFormat, await fixture('encrypted-pw-pass_bug53475.docx'))).toBe('encrypted');
    expect(await refusal(xlsxFormat, await fixture('encrypted-pw-tika_protected_passtika.xlsx'))).toBe('encrypted');
  });

  it('refuses an OLE compound file without an encrypted package (a legacy .doc renamed) as corrupt', async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, 'WordDocument', Buffer.from('not really a Word 97 stream'));
    const legacy = Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
    expect(await refusal(docxFormat, legacy)).toBe('corrupt');
  });

  it('refuses non-zips, truncated zips, zips without the main part and malformed XML as corrupt', async () => {
    const real = await fixture('comments.docx');
    expect(await refusal(docxFormat, Buffer.from('this is plain text, not a zip at all'))).toBe('corrupt');
    expect(await refusal(docxFormat, real.subarray(0, Math.floor(real.length / 2)))).toBe('corrupt');
    const foreign = Buffer.from(zipSync({ '[Content_Types].xml': CONTENT_TYPES, 'hello.txt': strToU8('hello') }));
    for (const format of [docxFormat, pptxFormat, xlsxFormat]) expect(await refusal(format, foreign)).toBe('corrupt');
    const broken = patchPackage(real, { 'word/document.xml': (xml) => xml.replace('</w:body>', '') });
    expect(await refusal(docxFormat, broken)).toBe('corrupt');
  });

  it('refuses a zip bomb (absurd compression ratio) before inflating it', async () => {
    const bomb = Buffer.from(
      zipSync({
        '[Content_Types].xml': CONTENT_TYPES,
        'word/document.xml': strToU8(
          `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${' '.repeat(16 * 1024 * 1024)}</w:document>`,
        ),
      }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(docxFormat, bomb)).toBe('too_large');
  });

  it('refuses a package whose directory declares over 512 MiB, from the directory alone', async () => {
    const zip = Buffer.from(await fixture('comments.docx'));
    // Forge the uncompressed size of every central directory entry (offset 24 of each 0x02014b50 header).
    for (
      let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    ) {
      zip.writeUInt32LE(0x7fffffff, at + 24);
    }
    expect(await refusal(docxFormat, zip)).toBe('too_large');
  });

  it('stops a part that inflates past its declared size at that size (a directory that lies)', async () => {
    const MB = 1024 * 1024;
    const real = Buffer.from(
      zipSync({
        '[Content_Types].xml': CONTENT_TYPES,
        'word/document.xml': strToU8(
          `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${' '.repeat(200 * MB)}</w:document>`,
        ),
      }),
    );
    // Both headers of every entry claim 1000 bytes: no ratio or total test can see the 200 MB.
    for (const signature of ['PK\x01\x02', 'PK\x03\x04']) {
      const sizeAt = signature === 'PK\x01\x02' ? 24 : 22;
      for (let at = real.indexOf(signature, 0, 'latin1'); at >= 0; at = real.indexOf(signature, at + 4, 'latin1'))
        real.writeUInt32LE(1000, at + sizeAt);
    }
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const started = performance.now();
    expect(await refusal(docxFormat, real)).toBe('too_large');
    const grew = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore;
    console.log(`lying 200 MB part refused in ${Math.round(performance.now() - started)} ms, memory +${Math.round(grew / MB)} MB`);
    expect(grew).toBeLessThan(50 * MB);
  });

  it('never inflates parts no format reads, and copies them as stored', async () => {
    // 1 MiB of zeros: at the ratio test's floor, so only the reader decides what it inflates.
    const zeros = new Uint8Array(1024 * 1024);
    const doc = Buffer.from(
      zipSync({
        '[Content_Types].xml': CONTENT_TYPES,
        'word/document.xml': strToU8(
          '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello world</w:t></w:r></w:p></w:body></w:document>',
        ),
        // Not a part any format reads: it must cost nothing, whatever it holds.
        'customXml/junk.bin': zeros,
      }),
    );
    const opened = await docxFormat.open(doc, { srcLang: 'en' });
    const written = await opened.write(new Map([[opened.paragraphs[0]!.id, { sentences: [], target: 'Bonjour' }]]), {
      mode: 0,
      srcLang: 'en',
      tgtLang: 'fr',
    });
    // Compressed sizes from the central directory (the filter inflates nothing).
    const stored = (zip: Buffer) => {
      let size = -1;
      unzipSync(zip, { filter: (f) => ((size = f.name === 'customXml/junk.bin' ? f.size : size), false) });
      return size;
    };
    expect(stored(written)).toBe(stored(doc));
    expect(written.length).toBeLessThan(doc.length + 1024);
  });

  it('refuses documents without any text as empty', async () => {
    expect(await refusal(docxFormat, await fixture('having-images.docx'))).toBe('empty');
    expect(await refusal(pptxFormat, await fixture('shp-groupshape.pptx'))).toBe('empty');
  });
});
