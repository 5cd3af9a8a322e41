/**
 * The legacy formats wired to the real OOXML formats (src/formats/ooxml), as production wires
 * them: .doc/.xls/.ppt -> LibreOffice -> docx/xlsx/pptx format -> LibreOffice -> legacy file,
 * reopened to prove the translation is in it. The three run in parallel (private profiles).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { docxFormat, pptxFormat, xlsxFormat } from '../src/formats/ooxml';
import { legacyFormat } from '../src/legacy';
import { langs, translateAll } from './text-test-translator';

const hasSoffice = (() => {
  try {
    execFileSync('which', ['soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cases = [
  { format: legacyFormat(docxFormat, 'doc', 'docx'), file: 'SampleDoc.doc', first: 'I am a test document', count: 'pages' },
  { format: legacyFormat(xlsxFormat, 'xls', 'xlsx'), file: 'chinese-provinces.xls', first: 'Provinces in China', count: 'cells' },
  { format: legacyFormat(pptxFormat, 'ppt', 'pptx'), file: '54880_chinese.ppt', first: 'Single byte', count: 'pages' },
] as const;

describe.runIf(hasSoffice)('legacy formats with the real OOXML formats', () => {
  it('round-trip .doc, .xls and .ppt with the translation laid in', async () => {
    await Promise.all(
      cases.map(async ({ format, file, first, count }) => {
        const doc = await format.open(await readFile(new URL(`../fixtures/legacy/${file}`, import.meta.url)), { srcLang: 'en' });
        expect(doc.paragraphs[0]!.text).toBe(first);
        expect(doc.stats[count]).toBeGreaterThan(0);
        const translations = translateAll(doc);
        const out = await doc.write(translations, { ...langs, mode: 0 });
        expect(out.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
        const reopened = await format.open(out, { srcLang: 'fr' });
        expect(reopened.paragraphs[0]!.text).toBe(translations.get(doc.paragraphs[0]!.id)!.target);
        expect(reopened.paragraphs.length).toBe(doc.paragraphs.length);
      }),
    );
  }, 90_000);
});
