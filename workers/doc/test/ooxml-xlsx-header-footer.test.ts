/**
 * Excel print headers and footers: the text between the `&` codes is translated, every code
 * (sections, fields, fonts, toggles) stays where it was.
 */
import { describe, expect, it } from 'vitest';
import { xlsxFormat } from '../src/formats/ooxml/index.js';
import {
  expectModesApplied,
  expectUntouchedEntries,
  fakeTarget,
  fixture,
  partXml,
  patchPackage,
  translateAllModes,
} from './ooxml-helpers.js';

const SHEET = 'xl/worksheets/sheet1.xml';
const isHeaderFooter = (id: string) => id.startsWith(SHEET);

/** The decoded text of `oddHeader`/`oddFooter`... in a sheet's XML. */
function headerFooter(xml: string, element: string): string | undefined {
  const raw = new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`).exec(xml)?.[1];
  return raw?.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** The real workbook with its first sheet's odd-page header replaced (XML-escaped here). */
async function withOddHeader(value: string): Promise<Buffer> {
  const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return patchPackage(await fixture('testEXCEL_headers_footers.xlsx'), {
    [SHEET]: (xml) => xml.replace(/<oddHeader xml:space="preserve">[^<]*<\/oddHeader>/, `<oddHeader>${escaped}</oddHeader>`),
  });
}

describe('xlsx print headers and footers (real Excel file)', () => {
  it("translates each section's text and keeps the section codes, the rest of the sheet untouched", async () => {
    const input = await fixture('testEXCEL_headers_footers.xlsx');
    const translated = await translateAllModes(xlsxFormat, input);
    // Cells get "source\ntarget" in one string; a header's phrase gets its own line in mode 1.
    await expectModesApplied(xlsxFormat, translated, (id) => !isHeaderFooter(id));
    const { doc, outputs } = translated;
    expect(doc.paragraphs.filter((p) => isHeaderFooter(p.id)).map((p) => p.text)).toEqual([
      'Header - Corporate Spreadsheet',
      'Header - For Internal Use Only',
      'Header - Author: John Smith ',
      'Footer - Corporate Spreadsheet',
      'Footer - For Internal Use Only',
      'Footer - Author: John Smith',
    ]);
    const sheet = partXml(outputs[0], SHEET);
    expect(headerFooter(sheet, 'oddHeader')).toBe(
      `&L${fakeTarget('Header - Corporate Spreadsheet')}&C${fakeTarget('Header - For Internal Use Only')}&R${fakeTarget('Header - Author: John Smith')} `,
    );
    expect(headerFooter(partXml(outputs[1], SHEET), 'oddFooter')).toBe(
      `&LFooter - Corporate Spreadsheet\n${fakeTarget('Footer - Corporate Spreadsheet')}` +
        `&CFooter - For Internal Use Only\n${fakeTarget('Footer - For Internal Use Only')}` +
        `&RFooter - Author: John Smith\n${fakeTarget('Footer - Author: John Smith')}`,
    );
    // Only the header/footer is parsed and rewritten: every other byte of the sheet (its cells, even the CRLF
    // after the XML declaration, which a whole-part rewrite turns into LF) stays as it was.
    const withoutHeaders = (xml: string) => xml.replace(/<headerFooter>[\s\S]*<\/headerFooter>/, '');
    for (const output of Object.values(outputs)) {
      expectUntouchedEntries(input, output, (part) => part === SHEET || part === 'xl/sharedStrings.xml');
      expect(withoutHeaders(partXml(output, SHEET))).toBe(withoutHeaders(partXml(input, SHEET)));
    }
  });

  it('keeps fields, fonts, toggles and literal ampersands in place', async () => {
    const input = await withOddHeader('&L&"Arial,Bold"&14Quarterly &Ureport&U&CPage &P of &N&RSmith && Sons\nPrinted &D');
    const { doc, outputs } = await translateAllModes(xlsxFormat, input);
    expect(doc.paragraphs.filter((p) => isHeaderFooter(p.id)).map((p) => p.text)).toEqual(
      expect.arrayContaining(['Quarterly report', 'Page ', ' of ', 'Smith & Sons', 'Printed ']),
    );
    const t = fakeTarget;
    const smith = t('Smith & Sons').replace('&', '&&'); // a literal ampersand is written doubled
    expect(headerFooter(partXml(outputs[0], SHEET), 'oddHeader')).toBe(
      `&L&"Arial,Bold"&14${t('Quarterly report')}&U&U&C${t('Page')} &P ${t('of')} &N&R${smith}\n${t('Printed')} &D`,
    );
    // Mode 1: each line, then its copy with the translations (fonts and fields again, toggles left out).
    expect(headerFooter(partXml(outputs[1], SHEET), 'oddHeader')).toBe(
      `&L&"Arial,Bold"&14Quarterly &Ureport&U\n&"Arial,Bold"&14${t('Quarterly report')}` +
        `&CPage &P of &N\n${t('Page')} &P ${t('of')} &N` +
        `&RSmith && Sons\n${smith}\nPrinted &D\n${t('Printed')} &D`,
    );
  });

  it('keeps the source header where the translation would pass the 255 characters Excel accepts', async () => {
    const long = `&C${'This header line is long. '.repeat(6).trim()}`; // 157 characters
    const { doc, outputs } = await translateAllModes(xlsxFormat, await withOddHeader(long));
    expect(doc.paragraphs.some((p) => isHeaderFooter(p.id) && p.text.startsWith('This header line'))).toBe(true);
    expect(headerFooter(partXml(outputs[0], SHEET), 'oddHeader')).toMatch(/^&C⟦THIS HEADER LINE IS LONG\./);
    expect(headerFooter(partXml(outputs[1], SHEET), 'oddHeader')).toBe(long); // source and copy: over 255
  });
});
