/**
 * Which run the translation lands in (issue 15, item 5): the run that carries the paragraph's
 * text, not a symbol, field or whitespace run; each line keeps its own look; terms whose text
 * the translation keeps (a link, a title in italics, a caption number) keep their runs; and
 * bilingual-by-sentence output leaves the source runs exactly as they were.
 * Real files: Apache Tika's testWORD_various.docx and testWORD_2006ml.docx, exceljs'
 * KRISHNAPATNAM_LINE_UP.xlsx (a text box Excel wrote: 16 pt spaces, a 20 pt line, 10 pt lines).
 */
import { describe, expect, it } from 'vitest';
import { docxFormat, xlsxFormat } from '../src/formats/ooxml/index.js';
import type { OutputMode, TranslatedParagraph } from '../src/formats/types.js';
import { planSentences, translatedParagraphs } from '../src/pipeline/sentence-plan.js';
import { fakeTarget, fixture, partXml, patchPackage, translateAllModes } from './ooxml-helpers.js';
import { paragraphWith } from './ooxml-written-text.js';

/** A bullet typed in the Symbol font, as LibreOffice and converters write it (U+F0B7 is its glyph). */
const SYMBOL_RUN = '<w:r><w:rPr><w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/></w:rPr><w:t>\uF0B7</w:t></w:r>';

/** Size (hundredths of a point) and text of each run and break of the text box's first paragraph. */
function textBoxRuns(xlsx: Buffer): string[] {
  const paragraph = /<a:p>(?:(?!<\/a:p>).)*<\/a:p>/s.exec(partXml(xlsx, 'xl/drawings/drawing1.xml'))?.[0] ?? '';
  return [...paragraph.matchAll(/<a:(r|br)>(?:(?!<\/a:\1>).)*<\/a:\1>/gs)].map(([run]) => {
    const size = / sz="(\d+)"/.exec(run)?.[1];
    return run.startsWith('<a:br') ? `br ${size}` : `${size} ${/<a:t>(.*?)<\/a:t>/s.exec(run)?.[1] ?? ''}`;
  });
}

describe('the run a translation lands in (real files)', () => {
  it('keeps a Symbol-font glyph as it is and puts the translation into the text run after it', async () => {
    const input = patchPackage(await fixture('testWORD_various.docx'), {
      'word/document.xml': (xml) =>
        xml.replace(
          '<w:r><w:rPr></w:rPr><w:t>Here is a list:</w:t></w:r>',
          `${SYMBOL_RUN}<w:r><w:rPr></w:rPr><w:t xml:space="preserve"> Here is a list:</w:t></w:r>`,
        ),
    });
    const { doc, outputs } = await translateAllModes(docxFormat, input);
    const target = fakeTarget('Here is a list:');
    expect(paragraphWith(outputs[0], 'HERE IS A LIST')).toContain(
      `${SYMBOL_RUN}<w:r><w:rPr/><w:t xml:space="preserve"> ${target}</w:t></w:r>`,
    );
    expect(doc.paragraphs).toContainEqual({ id: 'word/document.xml#6', text: ' Here is a list:' }); // the glyph is no language
    // The bilingual copy is made like the text run, not like the glyph.
    expect(paragraphWith(outputs[1], target)).toContain(`<w:r><w:rPr/><w:t xml:space="preserve"> ${target}</w:t></w:r>`);
    expect(paragraphWith(outputs[1], target)).not.toContain('Symbol');
  });

  it("keeps each line of an Excel text box in its own size, not the first run's", async () => {
    const input = await fixture('KRISHNAPATNAM_LINE_UP.xlsx');
    const doc = await xlsxFormat.open(input, { srcLang: 'en' });
    // The real sentence plan: one sentence per line, as the engine gets them.
    const plan = planSentences(doc.paragraphs, 'en');
    const translations = translatedParagraphs(
      plan,
      plan.sentences.map((s) => `[de] ${s}`),
      'de',
    );
    const write = (mode: OutputMode) => doc.write(translations, { mode, srcLang: 'en', tgtLang: 'de' });
    const source = [
      '1600    ',
      '2000 EVERETT (INDIA) PVT LTD\n',
      '1000 E-mail: operation@everett.co.in   \n',
      '1000 Webside: www.everett.co.in    ',
    ];
    expect(textBoxRuns(input)).toEqual(source);

    expect(textBoxRuns(await write(0))).toEqual([
      '1600    ',
      '2000 [de] EVERETT (INDIA) PVT LTD\n',
      '1000 [de] E-mail: operation@everett.co.in   \n',
      '1000 [de] Webside: www.everett.co.in    ',
    ]);
    // Bilingual by paragraph: the source as it was, then the copy with the same sizes line by line.
    const copy = /<\/a:p><a:p>.*?<\/a:p>/s.exec(partXml(await write(1), 'xl/drawings/drawing1.xml'))?.[0] ?? '';
    expect([...copy.matchAll(/<a:(?:r|br)>(?:<a:rPr[^>]* sz="(\d+)")?/g)].map((m) => m[1])).toEqual([
      '1600',
      '2000',
      '2000',
      '1000',
      '1000',
      '1000',
    ]);
    // Bilingual by sentence: the source runs untouched, each line's translation in its size before its line feed.
    expect(textBoxRuns(await write(2))).toEqual([
      '1600    ',
      '2000 EVERETT (INDIA) PVT LTD',
      '2000  [de] EVERETT (INDIA) PVT LTD',
      '2000 \n',
      '1000 E-mail: operation@everett.co.in',
      '1000  [de] E-mail: operation@everett.co.in',
      '1000    \n',
      '1000 Webside: www.everett.co.in',
      '1000  [de] Webside: www.everett.co.in',
      '1000     ',
    ]);
  });

  it('leaves the source half of a bilingual-by-sentence paragraph exactly as it was', async () => {
    const input = await fixture('testWORD_2006ml.docx');
    const { outputs } = await translateAllModes(docxFormat, input);
    const source = paragraphWith(input, '>quick<');
    expect(source).toContain('<w:i/><w:iCs/></w:rPr><w:t>quick</w:t>');
    const bilingual = paragraphWith(outputs[2], '>quick<');
    expect(bilingual.startsWith(source.slice(0, -'</w:p>'.length))).toBe(true);
    expect(bilingual).toContain(`<w:t xml:space="preserve"> ${fakeTarget('The quick brown fox jumped over the lazy brown dog.')}</w:t>`);
  });

  it('keeps a link, an italic title and a caption number where the translation keeps their text', async () => {
    const input = await fixture('testWORD_2006ml.docx');
    const doc = await docxFormat.open(input, { srcLang: 'en' });
    const german: Record<string, string> = {
      'This is a hyperlink: tika': 'Das ist ein Link: tika',
      'Mattmann, C., & Zitting, J. (2011). Tika in Action. The Internet: Manning.':
        'Mattmann, C., & Zitting, J. (2011). Tika in Action. Das Internet: Manning.',
      'Table 1: Table1 Caption': 'Tabelle 1: Beschriftung von Tabelle1',
    };
    const translations = new Map<string, TranslatedParagraph>();
    for (const { id, text } of doc.paragraphs) {
      const target = german[text];
      if (target) translations.set(id, { sentences: [{ source: text, target }], target });
    }
    const output = await doc.write(translations, { mode: 0, srcLang: 'en', tgtLang: 'de' });
    expect(paragraphWith(output, 'Link')).toMatch(
      /<w:t xml:space="preserve">Das ist ein Link: <\/w:t><\/w:r><w:hyperlink r:id="rId11"[^>]*><w:r[^>]*><w:rPr><w:rStyle w:val="Hyperlink"\/><\/w:rPr><w:t xml:space="preserve">tika<\/w:t>/,
    );
    expect(paragraphWith(output, 'Das Internet')).toContain(
      '<w:i/><w:iCs/><w:noProof/></w:rPr><w:t xml:space="preserve">Tika in Action.</w:t>',
    );
    // The caption number is a SEQ field's result: it stays, the translation goes around the field.
    const caption = paragraphWith(output, 'Beschriftung');
    expect(caption).toMatch(
      />Tabelle <\/w:t><\/w:r><w:r[^>]*><w:fldChar w:fldCharType="begin"\/>.*SEQ Table.*<w:t xml:space="preserve">1<\/w:t>/,
    );
    expect(caption).toContain('<w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve">: Beschriftung von Tabelle1</w:t>');
  });
});
