/**
 * Every translated glyph run leaves the page (issue 15, item 3). The InDesign form draws its
 * labels with leading spaces ("  2nd choice" from x=288) that pdf.js leaves out of the text it
 * reports, over a page content split into eight streams mid text object: the source labels stayed
 * under their translations. Read back with pdf.js and with poppler's pdftotext.
 */
import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { fixture, pdftotext, placedItems, qpdfCheck, upperCaseTranslations } from './pdf-helpers.js';

describe('pdf source text removal (tika testPDF_XFA_govdocs1_258578, InDesign form)', () => {
  it('removes "2nd choice", "3rd choice" and every other translated source run', async () => {
    const bytes = await fixture('tika_testPDF_XFA_govdocs1_258578.pdf');
    const doc = await pdfFormat.open(bytes, { srcLang: 'en-us' });
    const out = await doc.write(upperCaseTranslations(doc), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });

    // Every paragraph was translated to upper case: no source run with lower-case letters is left.
    const written = new Set((await placedItems(out, 1)).map((item) => item.str.trim()));
    const left = (await placedItems(bytes, 1)).map((item) => item.str.trim()).filter((text) => /\p{Ll}/u.test(text) && written.has(text));
    expect(left).toEqual([]);
    const [before, after] = [await pdftotext(bytes), await pdftotext(out)];
    for (const label of ['2nd choice', '3rd choice']) {
      expect(before).toContain(label);
      expect(after).not.toContain(label);
      expect(after).toContain(`[T] ${label.toUpperCase()}`);
    }
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });
});
