/**
 * Text on PowerPoint masters and layouts that shows on the slides (or prints on handouts) is
 * translated; placeholder prompts, and placeholders each slide has its own copy of, are not.
 */
import { describe, expect, it } from 'vitest';
import { pptxFormat } from '../src/formats/ooxml/index.js';
import {
  expectModesApplied,
  expectUntouchedEntries,
  fakeTarget,
  fixture,
  partXml,
  patchPackage,
  translateAllModes,
} from './ooxml-helpers.js';

const LAYOUT = 'ppt/slideLayouts/slideLayout2.xml';
const HANDOUT = 'ppt/handoutMasters/handoutMaster1.xml';
const isMaster = (id: string) => /^ppt\/(slideLayouts|slideMasters|notesMasters|handoutMasters)\//.test(id);
const TEXT_PARTS = /^ppt\/(slides\/slide|notesSlides\/notesSlide|comments\/|diagrams\/(data|drawing)|charts\/chart)[^/]*\.xml$/;

describe('pptx masters and layouts (real PowerPoint file)', () => {
  it("translates a used layout's text box and the handout master, not the placeholder prompts", async () => {
    const input = await fixture('testPPT_various2.pptx');
    const translated = await translateAllModes(pptxFormat, input);
    const isOneString = (id: string) => id.startsWith('ppt/comments/') || (id.startsWith('ppt/charts/') && !id.endsWith('#0'));
    await expectModesApplied(pptxFormat, translated, isOneString);
    const { doc, outputs } = translated;
    expect(doc.paragraphs.filter((p) => isMaster(p.id))).toEqual([
      { id: `${LAYOUT}#0`, text: 'MASTERTEXTBOX' },
      { id: `${HANDOUT}#0`, text: 'HandoutHeader1' },
      { id: `${HANDOUT}#1`, text: 'HandoutFooter1' },
      { id: `${HANDOUT}#2`, text: 'Handout PageNumber' },
      { id: `${HANDOUT}#3`, text: 'TextBoxInHandOut' },
    ]);

    const layout = partXml(outputs[0], LAYOUT);
    expect(layout).toContain(`<a:t>${fakeTarget('MASTERTEXTBOX')}</a:t>`);
    // Prompts, and the footer placeholder whose copy on slide 10 is what shows (translated there).
    for (const kept of ['Click to edit Master title style', 'Second level', 'MASTERFOOTERMSG'])
      expect(layout).toContain(`<a:t>${kept}</a:t>`);
    expect(partXml(outputs[0], 'ppt/slides/slide10.xml')).toContain(fakeTarget('MASTERFOOTERMSG'));

    const handout = partXml(outputs[0], HANDOUT);
    expect(handout).toContain(fakeTarget('TextBoxInHandOut'));
    expect(handout).toContain('<a:t>HandoutDate</a:t>'); // its p:hf hides the date: not translated, not charged
    expect(handout).toContain('<a:fld'); // the page number field stays after the translated "Handout PageNumber"

    // The slide master and notes master hold only prompts and placeholders copied onto each slide/notes page.
    for (const output of Object.values(outputs)) {
      expectUntouchedEntries(input, output, (part) => TEXT_PARTS.test(part) || part === LAYOUT || part === HANDOUT);
    }
  });

  it('reads no layout that no slide shows: slides hiding background graphics leave layout 2 unused', async () => {
    const original = await fixture('testPPT_various2.pptx');
    const hideMasterShapes = (xml: string) => xml.replace('<p:sld ', '<p:sld showMasterSp="0" ');
    const slidesOnLayout2 = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `ppt/slides/slide${n}.xml`);
    const input = patchPackage(original, Object.fromEntries(slidesOnLayout2.map((slide) => [slide, hideMasterShapes])));
    const { doc, outputs } = await translateAllModes(pptxFormat, input);
    expect(doc.paragraphs.map((p) => p.text)).not.toContain('MASTERTEXTBOX');
    expect(doc.paragraphs.filter((p) => p.id.startsWith(HANDOUT))).toHaveLength(4); // handouts still print
    expect(partXml(outputs[0], LAYOUT)).toBe(partXml(input, LAYOUT));
  });
});
