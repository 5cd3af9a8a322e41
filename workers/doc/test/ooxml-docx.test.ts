import { describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index.js';
import {
  countTags,
  entries,
  expectModesApplied,
  expectUntouchedEntries,
  fakeTarget,
  fixture,
  libreOfficePdfSize,
  partXml,
  patchPackage,
  translateAllModes,
} from './ooxml-helpers.js';

const TEXT_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments|charts\/chart\d+)\.xml$/;

async function roundTrip(source: string | Buffer, srcLang = 'en') {
  const input = typeof source === 'string' ? await fixture(source) : source;
  const translated = await translateAllModes(docxFormat, input, srcLang);
  await expectModesApplied(docxFormat, translated);
  for (const output of Object.values(translated.outputs)) expectUntouchedEntries(input, output, (part) => TEXT_PARTS.test(part));
  return { input, ...translated };
}

describe('docx format (real Word files)', () => {
  it('translates every table cell paragraph of a Japanese document and keeps the tables', async () => {
    const { input, doc, outputs } = await roundTrip('stress019_ja.docx', 'ja');
    expect(doc.paragraphs.length).toBeGreaterThan(200);
    expect(doc.paragraphs[0]?.text).toBe('リーダーシップに係る発行運営業務委託');
    expect(doc.stats.pages).toBe(9); // docProps/app.xml <Pages>
    expect(doc.stats.chars).toBeGreaterThan(5000);
    const tables = countTags(partXml(input, 'word/document.xml'), 'w:tbl');
    expect(tables).toBeGreaterThan(0);
    for (const output of Object.values(outputs)) expect(countTags(partXml(output, 'word/document.xml'), 'w:tbl')).toBe(tables);
    // Mode 1 doubles the paragraphs that have letters, and only those.
    const paragraphs = (zip: Buffer) => countTags(partXml(zip, 'word/document.xml'), 'w:p');
    expect(paragraphs(outputs[0])).toBe(paragraphs(input));
    expect(paragraphs(outputs[1])).toBe(paragraphs(input) + doc.paragraphs.length);
  });

  it('drops control characters XML cannot hold from a translation', async () => {
    const doc = await docxFormat.open(await fixture('comments.docx'), { srcLang: 'en' });
    const bad = { sentences: [{ source: 'Ouch.', target: 'Au\u0007a.' }], target: 'Au\u0007a.' };
    const output = await doc.write(new Map([['word/document.xml#0', bad]]), { mode: 0, srcLang: 'en', tgtLang: 'de' });
    expect((await docxFormat.open(output, { srcLang: 'de' })).paragraphs[0]?.text).toBe('Aua.');
  });

  it('translates headers and footers', async () => {
    const { doc, outputs } = await roundTrip('hdr-header-footer.docx');
    expect(doc.paragraphs).toContainEqual({ id: 'word/header2.xml#0', text: 'Header for section-1' });
    expect(doc.paragraphs).toContainEqual({ id: 'word/footer2.xml#0', text: 'Footer for section 1' });
    expect(partXml(outputs[0], 'word/footer2.xml')).toContain(fakeTarget('Footer for section 1'));
  });

  it('translates footnotes and keeps the footnote references', async () => {
    const { input, doc, outputs } = await roundTrip('footnotes.docx');
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Ouch.', ' A tachyon walks into a bar.', ' Fin.']);
    for (const tag of ['w:footnoteReference', 'w:footnoteRef']) {
      const count = countTags(partXml(input, 'word/document.xml') + partXml(input, 'word/footnotes.xml'), tag);
      expect(count).toBeGreaterThan(0);
      const after = countTags(partXml(outputs[0], 'word/document.xml') + partXml(outputs[0], 'word/footnotes.xml'), tag);
      expect(after).toBe(count);
    }
  });

  it('puts the translation in the first text run and keeps comment anchors and bookmarks in place', async () => {
    const { doc, outputs } = await roundTrip('comments.docx');
    expect(doc.paragraphs).toEqual([
      { id: 'word/document.xml#0', text: 'Ouch.' },
      { id: 'word/comments.xml#0', text: 'A tachyon walks into a bar.' },
      { id: 'word/comments.xml#1', text: 'Fin.' },
    ]);
    expect(doc.stats).toEqual({ pages: 1, words: 8, chars: 36 });
    const body = partXml(outputs[0], 'word/document.xml');
    // "Ouch" and "." were two runs around a comment reference: one run now holds the translation.
    expect(body).toContain(`<w:r><w:t xml:space="preserve">${fakeTarget('Ouch.')}</w:t></w:r><w:commentRangeEnd w:id="0"/>`);
    expect(body).not.toContain('<w:t>.</w:t>');
    for (const tag of ['w:commentReference', 'w:commentRangeStart', 'w:bookmarkStart']) {
      expect(countTags(body, tag)).toBe(countTags(partXml(await fixture('comments.docx'), 'word/document.xml'), tag));
    }
    // Mode 2 leaves the source runs as they were and puts the translation after the sentence.
    expect(partXml(outputs[2], 'word/document.xml')).toContain(
      `<w:r><w:t>.</w:t></w:r><w:r><w:t xml:space="preserve"> ${fakeTarget('Ouch.')}</w:t></w:r>`,
    );
  });

  it('translates a text box once and writes it into both mc:Choice and mc:Fallback', async () => {
    const { doc, outputs } = await roundTrip('text-box.docx');
    expect(doc.paragraphs).toEqual([{ id: 'word/document.xml#0', text: 'Datum plane' }]);
    const xml = partXml(outputs[0], 'word/document.xml');
    const [choice, fallback] = xml.split('<mc:Fallback');
    expect(choice).toContain(fakeTarget('Datum plane'));
    expect(fallback).toContain(fakeTarget('Datum plane'));
    expect(xml).not.toContain('Datum plane');
  });

  it('reads ruby base text without its furigana and drops the ruby once its base is translated', async () => {
    const ruby =
      '<w:r><w:ruby><w:rubyPr><w:rubyAlign w:val="distributeSpace"/></w:rubyPr><w:rt><w:r><w:t>かんじ</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>漢字</w:t></w:r></w:rubyBase></w:ruby></w:r>';
    const input = patchPackage(await fixture('comments.docx'), {
      'word/document.xml': (xml) =>
        xml.replace('<w:r><w:t>.</w:t></w:r>', `<w:r><w:t>-</w:t><w:noBreakHyphen/></w:r>${ruby}<w:r><w:t>.</w:t></w:r>`),
    });
    const { doc, outputs } = await translateAllModes(docxFormat, input, 'ja');
    expect(doc.paragraphs[0]).toEqual({ id: 'word/document.xml#0', text: 'Ouch--漢字.' });
    const body = partXml(outputs[0], 'word/document.xml');
    expect(body).toContain(fakeTarget('Ouch--漢字.'));
    expect(body).not.toContain('w:ruby');
    expect(body).not.toContain('かんじ');
  });

  it('interleaves bilingual paragraphs in a long body (batched insertion path) and counts CJK words per character', async () => {
    const paragraphs = Array.from({ length: 400 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i} says hello.</w:t></w:r></w:p>`).join('');
    const input = patchPackage(await fixture('comments.docx'), {
      'word/document.xml': (xml) => xml.replace('<w:body>', `<w:body>${paragraphs}<w:p><w:r><w:t>日本語の文。</w:t></w:r></w:p>`),
    });
    const translated = await translateAllModes(docxFormat, input);
    expect(translated.doc.paragraphs).toHaveLength(404);
    expect(translated.doc.stats.words).toBe(8 + 400 * 4 + 5); // 日本語の文: five characters, five words
    await expectModesApplied(docxFormat, translated);
  });

  it('keeps images byte-identical and does not copy them into bilingual paragraphs', async () => {
    const input = patchPackage(await fixture('having-images.docx'), {
      'word/document.xml': (xml) => xml.replace('</w:drawing></w:r>', '</w:drawing></w:r><w:r><w:t>Figure one shows a snake.</w:t></w:r>'),
    });
    const { outputs } = await translateAllModes(docxFormat, input);
    const drawings = countTags(partXml(input, 'word/document.xml'), 'w:drawing');
    for (const output of Object.values(outputs)) {
      expectUntouchedEntries(input, output, (part) => part === 'word/document.xml');
      expect(countTags(partXml(output, 'word/document.xml'), 'w:drawing')).toBe(drawings);
      expect(Object.keys(entries(output)).filter((name) => name.startsWith('word/media/'))).toHaveLength(3);
    }
  });

  it('writes a file LibreOffice opens', async () => {
    const { outputs } = await translateAllModes(docxFormat, await fixture('stress019_ja.docx'), 'ja');
    expect(await libreOfficePdfSize(outputs[1], 'docx')).toBeGreaterThan(1000);
  });
});
