import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import type { OpenedDocument } from '../src/formats/types.js';
import { countOf, fixture, prefixTranslations, qpdfCheck, readBack, type PageSummary } from './pdf-helpers.js';

describe('pdf write (TAMReview, English -> [T] test translator)', () => {
  let doc: OpenedDocument;
  let original: PageSummary[];
  beforeAll(async () => {
    const bytes = await fixture('TAMReview.pdf');
    doc = await pdfFormat.open(bytes, { srcLang: 'en-us' });
    original = await readBack(bytes);
  });

  it('mode 0 replaces the source text in place and keeps pages, sizes and images', async () => {
    const out = await doc.write(prefixTranslations(doc, '[T] '), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });
    const pages = await readBack(out);
    expect(pages.map((p) => p.size)).toEqual(original.map((p) => p.size));
    expect(pages.map((p) => p.images)).toEqual(original.map((p) => p.images));
    expect(original[0]!.images).toBeGreaterThan(0);
    const page1 = pages[0]!.text;
    expect(page1).toContain('[T] Working Papers on Information Systems');
    expect(page1).toContain('[T] Mohammad Chuttur');
    // The source text of translated blocks is gone: each phrase is left only inside its translation.
    for (const phrase of ['Mohammad Chuttur', 'Permanent URL', 'User acceptance of technology', 'Technology Acceptance Model has been']) {
      expect(countOf(original[0]!.text, phrase)).toBe(1);
      expect(countOf(page1, phrase)).toBe(1);
    }
    expect(pages[0]!.items.filter((item) => item.startsWith('[T] ')).length).toBe(
      doc.paragraphs.filter((p) => p.id.startsWith('p1-')).length,
    );
    // Page 2's text lives in a form XObject (Word export): removed there too.
    expect(countOf(original[1]!.text, 'Introduction')).toBe(1);
    expect(pages[1]!.text).toContain('[T] Introduction');
    expect(countOf(pages[1]!.text, 'Introduction')).toBe(1);
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  it('mode 1 inserts a translated copy after every translated page', async () => {
    const out = await doc.write(prefixTranslations(doc, '[T] '), { mode: 1, srcLang: 'en-us', tgtLang: 'de' });
    const pages = await readBack(out);
    const translatedPages = new Set(doc.paragraphs.map((p) => p.id.split('-')[0]));
    expect(pages.length).toBe(original.length + translatedPages.size);
    expect(pages.length).toBe(46);
    expect(pages[0]!.text).toBe(original[0]!.text); // the source page is untouched
    expect(pages[1]!.text).toContain('[T] Mohammad Chuttur');
    expect(countOf(pages[1]!.text, 'Mohammad Chuttur')).toBe(1);
    expect(pages[1]!.size).toEqual(original[0]!.size);
    expect(pages[1]!.images).toBe(original[0]!.images);
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  it('mode 2 lists source and translation sentence by sentence on the copy', async () => {
    const translations = prefixTranslations(doc, '[T] ');
    const out = await doc.write(translations, { mode: 2, srcLang: 'en-us', tgtLang: 'de' });
    const pages = await readBack(out);
    expect(pages.length).toBe(46);
    const copy = pages[1]!.text;
    // Source sentence first, its translation right after (wrapped lines join with spaces).
    const source = copy.indexOf('Mohammad Chuttur Indiana University, USA');
    expect(source).toBeGreaterThanOrEqual(0);
    expect(copy.indexOf('[T] Mohammad Chuttur Indiana University, USA')).toBeGreaterThan(source);
    expect(countOf(copy, 'Mohammad Chuttur')).toBe(2);
  });

  it('leaves a paragraph without translation as it was', async () => {
    const translations = prefixTranslations(doc, '[T] ');
    translations.delete(doc.paragraphs.find((p) => p.text.startsWith('Mohammad Chuttur'))!.id);
    const pages = await readBack(await doc.write(translations, { mode: 0, srcLang: 'en-us', tgtLang: 'de' }));
    expect(pages[0]!.text).toContain('Mohammad Chuttur');
    expect(pages[0]!.text).not.toContain('[T] Mohammad Chuttur');
  });
});

describe('pdf write to Chinese (embedded CJK subset font)', () => {
  it('lays Chinese into the Chinese PDF, removing the source', async () => {
    const doc = await pdfFormat.open(await fixture('issue3521.pdf'), { srcLang: 'zh-cn' });
    const out = await doc.write(prefixTranslations(doc, '译文'), { mode: 0, srcLang: 'zh-cn', tgtLang: 'zh-cn' });
    const [page] = await readBack(out);
    expect(page!.text).toBe('译文我们都是黑体字');
    expect(out.length).toBeLessThan(200_000); // subset, not the 20 MB collection
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  it('writes Chinese into the Japanese PDF in mode 1', async () => {
    const doc = await pdfFormat.open(await fixture('noembed-sjis.pdf'), { srcLang: 'ja' });
    const out = await doc.write(prefixTranslations(doc, '译文'), { mode: 1, srcLang: 'ja', tgtLang: 'zh-cn' });
    const pages = await readBack(out);
    expect(pages.map((p) => p.text)).toEqual(['あいうえお', '译文あいうえお']);
    expect(await qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  it('picks the Noto CJK face of the target language out of the collection', async () => {
    const doc = await pdfFormat.open(await fixture('noembed-sjis.pdf'), { srcLang: 'ja' });
    const baseFonts = async (tgtLang: string) => {
      const out = await PDFDocument.load(await doc.write(prefixTranslations(doc, '訳文'), { mode: 0, srcLang: 'ja', tgtLang }));
      return out.context
        .enumerateIndirectObjects()
        .map(([, object]) => (object instanceof PDFDict ? object.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() : undefined))
        .filter((name): name is string => name !== undefined);
    };
    // pdf-lib names the subset "<PostScriptName>-<number>".
    expect((await baseFonts('ja')).some((name) => name.startsWith('NotoSansCJKjp-Regular'))).toBe(true);
    expect((await baseFonts('ko')).some((name) => name.startsWith('NotoSansCJKkr-Regular'))).toBe(true);
  });

  it('says clearly when the CJK font is missing', async () => {
    const doc = await pdfFormat.open(await fixture('issue3521.pdf'), { srcLang: 'zh-cn' });
    const saved = process.env.DOC_CJK_FONT;
    process.env.DOC_CJK_FONT = '/nonexistent/font.ttc';
    try {
      await expect(doc.write(prefixTranslations(doc, '译文'), { mode: 0, srcLang: 'zh-cn', tgtLang: 'zh-cn' })).rejects.toThrow(
        /DOC_CJK_FONT/,
      );
    } finally {
      if (saved === undefined) delete process.env.DOC_CJK_FONT;
      else process.env.DOC_CJK_FONT = saved;
    }
  });
});
