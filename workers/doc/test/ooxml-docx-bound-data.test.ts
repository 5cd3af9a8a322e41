/**
 * A Word cover page's title, subtitle, author and abstract are content controls bound to the
 * document's data (`docProps/core.xml`, the cover page properties in `customXml/item1.xml`).
 * Word and LibreOffice refill such a control from its data when the file opens, so translating
 * only the control showed the source again: the data is translated with it (issue 15, item 4).
 * Real file: Apache Tika's testWORD_2006ml.docx (Word 2016, "Semaphore"-style cover page).
 */
import { describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index.js';
import { fakeTarget, fixture, partXml, translateAllModes } from './ooxml-helpers.js';
import { pagesAsLaidOut } from './ooxml-written-text.js';

const BOUND = ['My Document Title', 'My Document Subtitle', 'This is the Author', 'This is an engaging title page'];

describe('docx content controls bound to document data (real Word cover page)', () => {
  it('translates the bound properties with the controls that show them, and charges them once', async () => {
    const input = await fixture('testWORD_2006ml.docx');
    const { doc, outputs } = await translateAllModes(docxFormat, input);
    // The data shows the same text as the controls: one paragraph each, the data a copy of it.
    for (const text of BOUND) expect(doc.paragraphs.filter((p) => p.text === text)).toHaveLength(1);
    expect(doc.paragraphs.filter((p) => !p.id.startsWith('word/'))).toEqual([]);

    const core = partXml(outputs[0], 'docProps/core.xml');
    expect(core).toContain(`<dc:title>${fakeTarget('My Document Title')}</dc:title>`);
    expect(core).toContain(`<dc:subject>${fakeTarget('My Document Subtitle')}</dc:subject>`);
    expect(core).toContain(`<dc:creator>${fakeTarget('This is the Author')}</dc:creator>`);
    expect(core).toContain('<cp:lastModifiedBy>Allison, Timothy B.</cp:lastModifiedBy>'); // bound by no control
    expect(partXml(outputs[0], 'customXml/item1.xml')).toContain(`<Abstract>${fakeTarget('This is an engaging title page')}</Abstract>`);
    expect(partXml(outputs[0], 'customXml/item2.xml')).toBe(partXml(input, 'customXml/item2.xml')); // the bibliography

    // Bilingual by paragraph: the control keeps its source, so does its data.
    expect(partXml(outputs[1], 'docProps/core.xml')).toBe(partXml(input, 'docProps/core.xml'));
    // Bilingual by sentence: the data holds exactly what the control shows.
    const shown = (await docxFormat.open(outputs[2], { srcLang: 'en' })).paragraphs.find((p) => p.text.startsWith('My Document Title'));
    expect(shown?.text).toBe(`My Document Title ${fakeTarget('My Document Title')}`);
    expect(partXml(outputs[2], 'docProps/core.xml')).toContain(`<dc:title>${shown?.text}</dc:title>`);
  });

  it('shows the translated cover page when LibreOffice opens the file, and both languages in bilingual output', async () => {
    const { outputs } = await translateAllModes(docxFormat, await fixture('testWORD_2006ml.docx'));
    const [coverPage] = await pagesAsLaidOut(outputs[0], 'docx');
    for (const text of BOUND) {
      expect(coverPage).toContain(fakeTarget(text));
      expect(coverPage).not.toContain(text);
    }
    // The copy of the title goes after its control, which LibreOffice refills with the source.
    const [bilingualCover] = await pagesAsLaidOut(outputs[1], 'docx');
    expect(bilingualCover).toContain(`My Document Title ${fakeTarget('My Document Title')}`);
  }, 120_000);
});
