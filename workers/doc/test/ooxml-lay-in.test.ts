/**
 * `layIn`: translations laid into an opened OOXML document while the rest are still being
 * translated must give exactly the file one write of all of them gives, in every mode, and a
 * write in another mode must not carry what was laid in.
 */
import { describe, expect, it } from 'vitest';
import { docxFormat, pptxFormat, xlsxFormat } from '../src/formats/ooxml/index.js';
import type { DocumentFormat, OutputMode, TranslatedParagraph } from '../src/formats/types.js';
import { entries, fakeTranslations, fixture } from './ooxml-helpers.js';

const CASES: [string, DocumentFormat][] = [
  ['text-box.docx', docxFormat], // mc:Choice and mc:Fallback share one id
  ['footnotes.docx', docxFormat],
  ['stress019_ja.docx', docxFormat],
  ['prs-notes.pptx', pptxFormat],
  ['49273_zh_styles.xlsx', xlsxFormat],
  ['chart-sheet.xlsx', xlsxFormat], // a chart's cached names follow their cells' ids
  ['testEXCEL_headers_footers.xlsx', xlsxFormat], // a header's phrases are rewritten together
];

/** Every part's bytes, by name (zip bytes differ only by timestamps if anything). */
function parts(zip: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(entries(zip)).map(([name, data]) => [name, Buffer.from(data).toString('base64')]));
}

/** The translations split into batches of `size`, last paragraphs first (results arrive out of order). */
function batches(translations: Map<string, TranslatedParagraph>, size: number): Map<string, TranslatedParagraph>[] {
  const all = [...translations].reverse();
  const out: Map<string, TranslatedParagraph>[] = [];
  for (let i = 0; i < all.length; i += size) out.push(new Map(all.slice(i, i + size)));
  return out;
}

describe.each(CASES)('layIn on %s', (name, format) => {
  it.each([0, 1, 2] as OutputMode[])('gives the same file as one write, mode %i', async (mode) => {
    const input = await fixture(name);
    const whole = await format.open(input, { srcLang: 'en' });
    const translations = fakeTranslations(whole);
    const options = { mode, srcLang: 'en', tgtLang: 'de' };
    const expected = parts(await whole.write(translations, options));

    const early = await format.open(input, { srcLang: 'en' });
    expect(early.layIn).toBeTypeOf('function');
    // Half of the paragraphs laid in early, a few at a time; the write gets them all.
    const laid = batches(translations, 2).slice(0, Math.ceil(translations.size / 4));
    for (const batch of laid) early.layIn!(batch, { mode });
    const written = parts(await early.write(translations, options));
    expect(written).toEqual(expected);
    expect(Object.keys(written).length).toBeGreaterThan(0);
  });

  it('keeps what was laid in when the write gives only the rest', async () => {
    const input = await fixture(name);
    const reference = await format.open(input, { srcLang: 'en' });
    const translations = fakeTranslations(reference);
    const expected = parts(await reference.write(translations, { mode: 2, srcLang: 'en', tgtLang: 'de' }));

    const early = await format.open(input, { srcLang: 'en' });
    const [first, ...rest] = batches(translations, Math.ceil(translations.size / 2));
    early.layIn!(first!, { mode: 2 });
    const remaining = new Map(rest.flatMap((batch) => [...batch]));
    expect(parts(await early.write(remaining, { mode: 2, srcLang: 'en', tgtLang: 'de' }))).toEqual(expected);
  });

  it('ignores what was laid in when the write is in another mode', async () => {
    const input = await fixture(name);
    const reference = await format.open(input, { srcLang: 'en' });
    const translations = fakeTranslations(reference);
    const expected = parts(await reference.write(translations, { mode: 0, srcLang: 'en', tgtLang: 'de' }));

    const early = await format.open(input, { srcLang: 'en' });
    early.layIn!(translations, { mode: 1 });
    expect(parts(await early.write(translations, { mode: 0, srcLang: 'en', tgtLang: 'de' }))).toEqual(expected);
  });
});
