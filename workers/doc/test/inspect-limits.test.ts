import { writeZip } from '@mtp/platform';
import { strToU8, zipSync } from 'fflate';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkDocumentLimits, checkZipSafety, inspectDocument } from '../src/inspect';
import { DocumentError } from '../src/formats/types';

const tooLarge = (fn: () => unknown) => {
  try {
    fn();
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(DocumentError);
    expect((e as DocumentError).reason).toBe('too_large');
    return (e as DocumentError).message;
  }
};

/** Rewrites the declared sizes in the central directory (a lying zip: nothing is inflated). */
function claimSizes(zip: Uint8Array, size: number, compressed?: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = out.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    if (compressed !== undefined) out.writeUInt32LE(compressed, at + 20);
    out.writeUInt32LE(size, at + 24);
  }
  return out;
}

describe('checkZipSafety', () => {
  it('passes a normal archive', () => {
    const zip = zipSync({ 'word/document.xml': strToU8('<w:document>hello</w:document>'.repeat(100)) });
    expect(checkZipSafety(zip).map((e) => e.name)).toEqual(['word/document.xml']);
  });

  it('refuses an entry that inflates more than 200:1 (a real 24 MB of zeros)', () => {
    const bomb = zipSync({ 'xl/sharedStrings.xml': new Uint8Array(24 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(tooLarge(() => checkZipSafety(bomb))).toMatch(/xl\/sharedStrings.xml expands \d+:1/);
    // inspectDocument runs the guard for OOXML uploads too.
    expect(tooLarge(() => inspectDocument('bomb.xlsx', Buffer.from(bomb)))).toBeDefined();
  });

  it('refuses archives declaring more than 512 MiB in total, before inflating anything', () => {
    const parts = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`part${i}.bin`, crypto.getRandomValues(new Uint8Array(4096))]));
    const zip = zipSync(parts, { level: 0 });
    // 3 x 200 MB declared at a plausible 100:1, so only the total can trip.
    const MB = 1024 * 1024;
    expect(tooLarge(() => checkZipSafety(claimSizes(zip, 200 * MB, 2 * MB)))).toMatch(/zip expands to \d+ bytes \(limit 536870912\)/);
    expect(tooLarge(() => checkZipSafety(claimSizes(zip, 150 * MB, 2 * MB)))).toBeUndefined();
    // The same sizes over 4 KB each trip the ratio instead.
    expect(tooLarge(() => checkZipSafety(claimSizes(zip, 150 * MB)))).toMatch(/expands \d+:1/);
  });

  it('refuses a thousand 1 MiB parts of zeros (each under the ratio floor) from their declared total', async () => {
    // One deflated MiB of zeros, stored a thousand times (deflating 1 GB in the test would take long).
    const zeros = new Uint8Array(1024 * 1024);
    const entry = { method: 8, crc32: crc32(zeros), compressedSize: 0, declaredSize: zeros.length, modified: new Date(), dataStart: 0 };
    const raw = deflateRawSync(zeros);
    const parts = Array.from({ length: 1000 }, (_, i) => ({ name: `word/media/part${i}.bin`, entry: { ...entry, name: '' }, raw }));
    const bomb = await writeZip([{ name: 'word/document.xml', data: strToU8('<w:document/>'), compress: true }, ...parts]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(tooLarge(() => inspectDocument('bomb.docx', Buffer.from(bomb)))).toMatch(/zip expands to \d+ bytes/);
  });

  it('lets a small, very compressible part through (ratio applies above 1 MB only)', () => {
    expect(tooLarge(() => checkZipSafety(zipSync({ 'a.xml': new Uint8Array(512 * 1024) })))).toBeUndefined();
  });
});

describe('checkDocumentLimits', () => {
  const MB = 1024 * 1024;
  it('accepts values at the limits', () => {
    expect(() => checkDocumentLimits('docx', { pages: 1000, words: 1, chars: 200_000 }, 200 * MB)).not.toThrow();
    expect(() => checkDocumentLimits('xls', { cells: 20_000, words: 50_000, chars: 10 }, 1)).not.toThrow();
    expect(() => checkDocumentLimits('txt', { words: 20_000, chars: 100 }, 1)).not.toThrow();
    // Pages do not apply to text files, nor words to paged documents.
    expect(() => checkDocumentLimits('html', { pages: 5000, words: 10, chars: 10 }, 1)).not.toThrow();
    expect(() => checkDocumentLimits('pdf', { pages: 3, words: 90_000, chars: 10 }, 1)).not.toThrow();
  });

  it('refuses each limit with a detail naming it', () => {
    expect(tooLarge(() => checkDocumentLimits('pdf', { pages: 1001, words: 1, chars: 1 }, 1))).toMatch(/pages 1001 .*docPages/);
    expect(tooLarge(() => checkDocumentLimits('ppt', { pages: 1, words: 1, chars: 1 }, 200 * MB + 1))).toMatch(/docBytes/);
    expect(tooLarge(() => checkDocumentLimits('xlsx', { cells: 20_001, words: 1, chars: 1 }, 1))).toMatch(/cells .*sheetCells/);
    expect(tooLarge(() => checkDocumentLimits('srt', { words: 20_001, chars: 1 }, 1))).toMatch(/words .*otherFileWords/);
    expect(tooLarge(() => checkDocumentLimits('.DOC', { pages: 1, words: 1, chars: 200_001 }, 1))).toMatch(/characters .*charsPerFile/);
  });
});
