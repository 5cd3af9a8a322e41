/**
 * Strict OOXML (ISO/IEC 29500 Strict, Word's "Strict Open XML Document"): the same WordprocessingML
 * under http://purl.oclc.org/ooxml/... namespaces. Read in that namespace and written back in it,
 * so the output is still a Strict document that Word and LibreOffice open.
 */
import { convertWithLibreOffice } from '@mtp/platform';
import { describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index.js';
import { expectModesApplied, expectUntouchedEntries, fakeTarget, fixture, partXml, translateAllModes } from './ooxml-helpers.js';

const STRICT_W = 'xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"';
const TRANSITIONAL_W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The text LibreOffice reads from a docx (UTF-8 plain text export). */
async function libreOfficeText(docx: Buffer): Promise<string> {
  return (await convertWithLibreOffice(docx, 'docx', 'txt:Text (encoded):UTF8')).toString('utf8');
}

describe('Strict OOXML docx (real Word file)', () => {
  it('reads the paragraphs of a Strict document instead of refusing it as empty', async () => {
    const doc = await docxFormat.open(await fixture('strict-format.docx'), { srcLang: 'en' });
    expect(doc.paragraphs).toEqual([{ id: 'word/document.xml#0', text: 'Test' }]);
    expect(doc.stats.words).toBe(1);
  });

  it('writes the translation back in Strict form, in all three modes', async () => {
    const input = await fixture('strict-format.docx');
    const translated = await translateAllModes(docxFormat, input);
    await expectModesApplied(docxFormat, translated);
    for (const output of Object.values(translated.outputs)) {
      expectUntouchedEntries(input, output, (part) => part === 'word/document.xml');
      const xml = partXml(output, 'word/document.xml');
      expect(xml).toContain(STRICT_W);
      expect(xml).toContain('w:conformance="strict"');
      expect(xml).not.toContain(TRANSITIONAL_W);
    }
  });

  it('gives files LibreOffice opens with the translation in them', async () => {
    const { outputs } = await translateAllModes(docxFormat, await fixture('strict-format.docx'));
    const translatedOnly = await libreOfficeText(outputs[0]);
    expect(translatedOnly).toContain(fakeTarget('Test'));
    expect(translatedOnly).not.toMatch(/\bTest\b/);
    const bilingual = await libreOfficeText(outputs[1]);
    expect(
      bilingual
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['Test', fakeTarget('Test')]);
  }, 120_000);
});
