import { describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { fixture, prefixTranslations, qpdfCheck, readBack } from './pdf-helpers.js';

// One scanned page (Huckleberry Finn, JPEG image, no text layer): tesseract runs once (~5 s).
describe('scanned pdf (OCR)', () => {
  it('OCRs the page image into paragraphs and writes translations over the scan', async () => {
    const bytes = await fixture('scanned-image-only_c02-22.pdf');
    const doc = await pdfFormat.open(bytes, { srcLang: 'en-us' });
    const text = doc.paragraphs.map((p) => p.text).join('\n');
    for (const word of ['widow', 'garden', 'kitchen', 'listening']) expect(text).toContain(word);
    expect(doc.paragraphs.length).toBeGreaterThan(3);
    expect(doc.stats.pages).toBe(1);

    const [source] = await readBack(bytes);
    const out = await doc.write(prefixTranslations(doc, '[T] '), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });
    const [page] = await readBack(out);
    expect(source!.text).toBe('');
    expect(page!.text).toContain('[T] ');
    expect(page!.text).toContain('widow');
    expect(page!.size).toEqual(source!.size);
    expect(page!.images).toBe(1); // the scan stays; translations are drawn over covered boxes
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  }, 60_000);
});
