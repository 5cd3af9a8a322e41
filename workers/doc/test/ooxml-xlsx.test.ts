import { describe, expect, it } from 'vitest';
import { xlsxFormat } from '../src/formats/ooxml/index.js';
import {
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

const isDrawing = (id: string) => id.startsWith('xl/drawings/');
const TEXT_PARTS =
  /^xl\/(sharedStrings|worksheets\/sheet\d+|comments[^/]*|threadedComments\/threadedComment\d+|drawings\/drawing\d+)\.xml$/;

async function roundTrip(input: Buffer, srcLang = 'en') {
  const translated = await translateAllModes(xlsxFormat, input, srcLang);
  // Cells get "source\ntranslation"; text-box paragraphs get a following paragraph.
  await expectModesApplied(xlsxFormat, translated, (id) => !isDrawing(id));
  for (const output of Object.values(translated.outputs)) expectUntouchedEntries(input, output, (part) => TEXT_PARTS.test(part));
  return translated;
}

/** Every formula of every sheet, with its attributes, in order. */
function formulas(zip: Buffer): string[] {
  return Object.entries(entries(zip))
    .filter(([name]) => name.startsWith('xl/worksheets/sheet'))
    .flatMap(([name]) => (partXml(zip, name).match(/<f[\s>][^<]*<\/f>|<f [^>]*\/>/g) ?? []).map((f) => `${name}: ${f}`));
}

describe('xlsx format (real Excel files)', () => {
  it('translates Chinese shared strings and counts non-empty cells', async () => {
    const { doc, outputs } = await roundTrip(await fixture('49273_zh_styles.xlsx'), 'zh');
    expect(doc.paragraphs).toContainEqual({ id: 'xl/sharedStrings.xml#6', text: '合并单元格' });
    expect(doc.stats.cells).toBe(53);
    expect(doc.stats.pages).toBeUndefined();
    expect(partXml(outputs[1], 'xl/sharedStrings.xml')).toContain(`合并单元格\n${fakeTarget('合并单元格')}`);
  });

  it('ignores Japanese phonetic runs when reading and drops them when the text is replaced', async () => {
    const input = await fixture('51519_ja_phonetic.xlsx');
    const { doc, outputs } = await roundTrip(input, 'ja');
    expect(doc.paragraphs[1]).toEqual({ id: 'xl/sharedStrings.xml#1', text: '豊田' }); // furigana トヨ/タ not included
    expect(partXml(input, 'xl/sharedStrings.xml')).toContain('<rPh');
    expect(partXml(outputs[0], 'xl/sharedStrings.xml')).not.toContain('<rPh');
    expect(partXml(outputs[1], 'xl/sharedStrings.xml')).toContain('<rPh'); // mode 1 keeps the source text, so its furigana
  });

  it('never touches formulas, even those referring to other sheets', async () => {
    const input = await fixture('55906-MultiSheetRefs.xlsx');
    const { outputs } = await roundTrip(input);
    expect(formulas(input)).toHaveLength(13);
    for (const output of Object.values(outputs)) {
      expect(formulas(output)).toEqual(formulas(input));
      expect(partXml(output, 'xl/workbook.xml')).toBe(partXml(input, 'xl/workbook.xml'));
    }
  });

  it('translates cell comments', async () => {
    const { doc, outputs } = await roundTrip(await fixture('commentTest.xlsx'));
    // The bold "Author:" run Excel writes stays as it is; the comment's own text is translated.
    expect(doc.paragraphs).toContainEqual({ id: 'xl/comments1.xml#0', text: '\nComment A1' });
    const comments = partXml(outputs[0], 'xl/comments1.xml');
    expect(comments).toContain(`<b/><sz val="9"/><color indexed="81"/><rFont val="Calibri"/><family val="2"/></rPr><t>Shaun Kalley:</t>`);
    expect(comments).toContain(`<t xml:space="preserve">\n${fakeTarget('Comment A1')}</t>`);
  });

  it('translates Excel 365 threaded comments', async () => {
    const ns = 'http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments';
    const input = patchPackage(await fixture('commentTest.xlsx'), {
      'xl/threadedComments/threadedComment1.xml': () =>
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ThreadedComments xmlns="${ns}"><threadedComment ref="A1" id="{1}"><text>Please check this total.</text></threadedComment></ThreadedComments>`,
    });
    const { doc, outputs } = await roundTrip(input);
    expect(doc.paragraphs.at(-1)).toEqual({ id: 'xl/threadedComments/threadedComment1.xml#0', text: 'Please check this total.' });
    expect(partXml(outputs[0], 'xl/threadedComments/threadedComment1.xml')).toContain(
      `<text>${fakeTarget('Please check this total.')}</text>`,
    );
  });

  it('translates text boxes in drawings', async () => {
    const { doc, outputs } = await roundTrip(await fixture('WithTextBox.xlsx'));
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Line 1', 'Line 2', 'Line 3']);
    expect(partXml(outputs[0], 'xl/drawings/drawing1.xml')).toContain(fakeTarget('Line 2'));
  });

  it('translates inline strings and keeps a unicode sheet name and formulas using it', async () => {
    const input = patchPackage(await fixture('unicodeSheetName.xlsx'), {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace(
          '<c r="A9"><v>9</v></c></row>',
          `<c r="A9"><v>9</v></c><c r="B9" t="inlineStr"><is><t>Total of the column</t></is></c></row><row r="10"><c r="A10"><f>SUM('Sheet・1'!A1:A9)</f><v>45</v></c></row>`,
        ),
    });
    const { doc, outputs } = await roundTrip(input);
    expect(doc.paragraphs).toEqual([{ id: 'xl/worksheets/sheet1.xml#0', text: 'Total of the column' }]);
    expect(doc.stats.cells).toBe(11);
    for (const output of Object.values(outputs)) {
      expect(partXml(output, 'xl/workbook.xml')).toContain('name="Sheet・1"');
      expect(formulas(output)).toEqual([`xl/worksheets/sheet1.xml: <f>SUM('Sheet・1'!A1:A9)</f>`]);
    }
  });

  it('handles a workbook written by WPS Spreadsheets and LibreOffice opens the result', async () => {
    const input = await fixture('wps-stress020_zh.xlsx');
    const { doc, outputs } = await roundTrip(input, 'zh');
    expect(doc.paragraphs[0]?.text).toBe('2019年泰州市7月份银行业金融机构存贷款情况');
    expect(formulas(outputs[0])).toEqual(formulas(input));
    expect(await libreOfficePdfSize(outputs[1], 'xlsx')).toBeGreaterThan(1000);
  });
});
