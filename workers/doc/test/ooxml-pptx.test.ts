import { describe, expect, it } from 'vitest';
import { pptxFormat } from '../src/formats/ooxml/index.js';
import {
  countTags,
  expectModesApplied,
  expectUntouchedEntries,
  fakeTarget,
  fixture,
  libreOfficePdfSize,
  partXml,
  patchPackage,
  replaceEach,
  translateAllModes,
} from './ooxml-helpers.js';

const TEXT_PARTS =
  /^ppt\/(slides\/slide|notesSlides\/notesSlide|comments\/|diagrams\/(data|drawing)|charts\/chart|slideLayouts\/|slideMasters\/|notesMasters\/|handoutMasters\/)[^/]*\.xml$/;
const isLegacyComment = (id: string) => id.startsWith('ppt/comments/');

/** `isOneString`: units written "source\ntarget" in one string in mode 1 (legacy comments, chart names). */
async function roundTrip(input: Buffer, srcLang = 'en', isOneString = isLegacyComment) {
  const translated = await translateAllModes(pptxFormat, input, srcLang);
  await expectModesApplied(pptxFormat, translated, isOneString);
  for (const output of Object.values(translated.outputs)) expectUntouchedEntries(input, output, (part) => TEXT_PARTS.test(part));
  return translated;
}

/** A run of text in place of an empty paragraph's end mark (the python-pptx and POI fixtures have empty shapes). */
const withText = (pPr: string, text: string) => `<a:p>${pPr}<a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r></a:p>`;

describe('pptx format (real PowerPoint files)', () => {
  it('translates slides and legacy comments, counts slides, keeps media', async () => {
    const input = await fixture('45545_Comment.pptx');
    const { doc, outputs } = await roundTrip(input);
    expect(doc.stats.pages).toBe(11);
    expect(doc.paragraphs[0]).toEqual({ id: 'ppt/slides/slide1.xml#0', text: 'Removing financing obstacles through project structuring ' });
    expect(doc.paragraphs).toContainEqual({ id: 'ppt/comments/comment2.xml#0', text: 'test phrase' });
    expect(partXml(outputs[1], 'ppt/comments/comment2.xml')).toContain(`<p:text>test phrase\n${fakeTarget('test phrase')}</p:text>`);
    // ppt/media/* are among the entries compared byte for byte by roundTrip.
  });

  it('lists slides in the order they are shown, not by part name', async () => {
    const input = patchPackage(await fixture('45545_Comment.pptx'), {
      // Move the last slide first in p:sldIdLst, as PowerPoint does when a slide is dragged.
      'ppt/presentation.xml': (xml) =>
        xml
          .replace('<p:sldIdLst>', '<p:sldIdLst><p:sldId id="545" r:id="rId12"/>')
          .replace(/<p:sldId id="545" r:id="rId12"\/><\/p:sldIdLst>/, '</p:sldIdLst>'),
    });
    const doc = await pptxFormat.open(input, { srcLang: 'en' });
    const partOrder = [...new Set(doc.paragraphs.map((p) => p.id.split('#')[0]))];
    expect(partOrder.slice(0, 3)).toEqual(['ppt/slides/slide11.xml', 'ppt/slides/slide1.xml', 'ppt/slides/slide2.xml']);
    expect(doc.stats.pages).toBe(11);
  });

  it('translates speaker notes', async () => {
    const { doc } = await roundTrip(await fixture('prs-notes.pptx'));
    expect(doc.paragraphs).toEqual([{ id: 'ppt/notesSlides/notesSlide1.xml#0', text: 'Notes' }]);
  });

  it('translates table cells, keeping the table grid', async () => {
    const input = await fixture('tbl-cell.pptx');
    const { doc, outputs } = await roundTrip(input);
    expect(doc.paragraphs.filter((p) => p.id.startsWith('ppt/slides/slide3.xml')).map((p) => p.text)).toEqual('abcdefghi'.split(''));
    for (const output of Object.values(outputs)) {
      expect(countTags(partXml(output, 'ppt/slides/slide3.xml'), 'a:tc')).toBe(countTags(partXml(input, 'ppt/slides/slide3.xml'), 'a:tc'));
    }
  });

  it('translates Japanese text, hyperlinks and text boxes; CJK sentences join without spaces', async () => {
    const { doc, outputs } = await roundTrip(await fixture('with_japanese.pptx'), 'ja');
    expect(doc.paragraphs).toContainEqual({ id: 'ppt/slides/slide1.xml#21', text: 'ゾルゲと尾崎、淡々と最期' });
    expect(doc.paragraphs).toContainEqual({ id: 'ppt/slides/slide1.xml#18', text: 'This is a hyperlink' });
    const slide = partXml(outputs[0], 'ppt/slides/slide1.xml');
    expect(slide).toContain(fakeTarget('ゾルゲと尾崎、淡々と最期'));
    // The run that carries the text keeps its properties, hyperlink included.
    expect(slide).toMatch(new RegExp(`<a:hlinkClick r:id="rId4"/></a:rPr><a:t>${fakeTarget('This is a hyperlink')}</a:t>`));
    // Mode 2 keeps the source run and puts the translation right after it, without a space after CJK.
    const bilingual = await pptxFormat.open(outputs[2], { srcLang: 'ja' });
    expect(bilingual.paragraphs).toContainEqual({
      id: 'ppt/slides/slide1.xml#21',
      text: `ゾルゲと尾崎、淡々と最期${fakeTarget('ゾルゲと尾崎、淡々と最期')}`,
    });
  });

  it('translates shapes nested in group shapes', async () => {
    const input = patchPackage(await fixture('shp-groupshape.pptx'), {
      'ppt/slides/slide1.xml': (xml) =>
        replaceEach(xml, /<a:p><a:pPr algn="ctr"\/><a:endParaRPr lang="en-US"\/><\/a:p>/g, (n) =>
          withText('<a:pPr algn="ctr"/>', `Shape number ${n}`),
        ),
    });
    const { doc, outputs } = await roundTrip(input);
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['Shape number 1', 'Shape number 2', 'Shape number 3', 'Shape number 4']);
    const slide = partXml(outputs[0], 'ppt/slides/slide1.xml');
    const group = slide.slice(slide.indexOf('<p:grpSp>'), slide.indexOf('</p:grpSp>'));
    expect(group).toContain(fakeTarget('Shape number 3'));
    expect(countTags(slide, 'p:grpSp')).toBe(1);
  });

  it('translates SmartArt data once and its cached drawing consistently', async () => {
    const input = patchPackage(await fixture('SmartArt.pptx'), {
      'ppt/diagrams/data1.xml': (xml) =>
        replaceEach(xml, /<dgm:t><a:bodyPr\/><a:lstStyle\/><a:p><a:endParaRPr lang="ru-RU"\/><\/a:p>/g, (n) =>
          n === 1
            ? '<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="ru-RU"/></a:p>'
            : `<dgm:t><a:bodyPr/><a:lstStyle/>${withText('', `Step ${n}`)}`,
        ),
      'ppt/diagrams/drawing1.xml': (xml) =>
        replaceEach(
          xml,
          /<a:endParaRPr lang="ru-RU" sz="6500" kern="1200"\/><\/a:p>/g,
          (n) => `<a:r><a:rPr lang="ru-RU" sz="6500"/><a:t>Step ${n + 1}</a:t></a:r></a:p>`,
        ),
    });
    const { doc, outputs } = await roundTrip(input);
    const stepTexts = doc.paragraphs.filter((p) => p.text.startsWith('Step')).map((p) => p.id.split('#')[0]);
    expect(new Set(stepTexts)).toEqual(new Set(['ppt/diagrams/data1.xml']));
    expect(stepTexts.length).toBeGreaterThanOrEqual(3);
    expect(partXml(outputs[0], 'ppt/diagrams/drawing1.xml')).toContain(fakeTarget('Step 3'));
    expect(partXml(outputs[0], 'ppt/diagrams/drawing1.xml')).not.toContain('>Step 3<');
  });

  it('translates a chart title', async () => {
    const input = patchPackage(await fixture('cht-charts.pptx'), {
      'ppt/charts/chart1.xml': (xml) =>
        xml.replace(
          '<c:chart>',
          '<c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales by region</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title>',
        ),
    });
    // The series and category names after the title are cached cell values, one string each.
    const { doc, outputs } = await roundTrip(input, 'en', (id) => id !== 'ppt/charts/chart1.xml#0');
    expect(doc.paragraphs[0]).toEqual({ id: 'ppt/charts/chart1.xml#0', text: 'Sales by region' });
    expect(partXml(outputs[0], 'ppt/charts/chart1.xml')).toContain(fakeTarget('Sales by region'));
  });

  it('writes a file LibreOffice opens', async () => {
    const { outputs } = await translateAllModes(pptxFormat, await fixture('45545_Comment.pptx'));
    expect(await libreOfficePdfSize(outputs[1], 'pptx')).toBeGreaterThan(1000);
  });
});
