/**
 * Blocks a reader sees as separate stay separate (issue 15, item 2): table cells, list items and
 * form labels are paragraphs of their own, and list markers are kept out of translation and put
 * back in front of it. Checked on real files by what a reader of the written PDF finds in each
 * cell's, item's and label's place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFormat } from '../src/formats/pdf/index.js';
import { loadPdf } from '../src/formats/pdf/pdfjs-load.js';
import { groupBlocks, groupLines, runsFromTextContent } from '../src/formats/pdf/text-layout.js';
import type { OpenedDocument } from '../src/formats/types.js';
import { fixture, placedItems, textInRegion, upperCaseTranslations, type PlacedItem } from './pdf-helpers.js';

/** The line band of a source item, from `x0` up to `x1`: where its translation must be drawn. */
function bandOf(items: readonly PlacedItem[], text: string, x0: number, x1: number) {
  const item = items.find((candidate) => candidate.str === text);
  if (!item) throw new Error(`"${text}" is not on the source page`);
  return { x0, x1, y0: item.y - 0.3 * item.size, y1: item.y + 0.9 * item.size };
}

describe('pdf blocks: a Word table and lists (tika testPDFVarious, tagged)', () => {
  let doc: OpenedDocument;
  let source: PlacedItem[];
  let written: PlacedItem[];
  beforeAll(async () => {
    const bytes = await fixture('tika_testPDFVarious.pdf');
    doc = await pdfFormat.open(bytes, { srcLang: 'en-us' });
    source = await placedItems(bytes, 1);
    const out = await doc.write(upperCaseTranslations(doc), { mode: 0, srcLang: 'en-us', tgtLang: 'de' });
    written = await placedItems(out, 1);
  });

  it('gives each of the six table cells its own paragraph and its own translation in place', () => {
    const texts = doc.paragraphs.map((p) => p.text);
    // Column starts on the source page: each cell's translation must stay between them.
    const columns = [72, 231.65, 391.27, 612];
    for (const row of [1, 2]) {
      for (const col of [1, 2, 3]) {
        const cell = `Row ${row} Col ${col}`;
        expect(texts).toContain(cell);
        const region = bandOf(source, cell, columns[col - 1]! - 1, columns[col]! - 1);
        expect(textInRegion(written, region)).toBe(`[T] ${cell.toUpperCase()}`);
      }
    }
  });

  it('keeps list items apart, the "1) 2) 3)" markers out of translation and back on the page', () => {
    const texts = doc.paragraphs.map((p) => p.text);
    for (const n of [1, 2, 3]) {
      // Picture bullets (images) and numbers alike: one paragraph an item, no marker in the text.
      expect(texts).toContain(`Bullet ${n}`);
      expect(texts).toContain(`Number bullet ${n}`);
      expect(textInRegion(written, bandOf(source, `Bullet ${n}`, 80, 300))).toBe(`[T] BULLET ${n}`);
      expect(textInRegion(written, bandOf(source, `Number bullet ${n}`, 80, 300))).toBe(`${n}) [T] NUMBER BULLET ${n}`);
    }
    expect(texts.filter((text) => /^\d\)/.test(text))).toEqual([]);
    // The marker is drawn where it was, the item's words where they began.
    const marker = written.find((item) => item.str === '2)')!;
    expect(marker.x).toBeCloseTo(source.find((item) => item.str === '2)')!.x, 1);
    expect(written.find((item) => item.str === '[T] NUMBER BULLET 2')!.x).toBeCloseTo(
      source.find((item) => item.str === 'Number bullet 2')!.x,
      1,
    );
  });
});

describe('pdf blocks without tags (the same page, structure tree ignored)', () => {
  it('still splits the table cells by their gaps and the numbered items by their markers', async () => {
    const pdf = await loadPdf(await fixture('tika_testPDFVarious.pdf'));
    const content = await (await pdf.getPage(1)).getTextContent();
    await pdf.destroy();
    const blocks = groupBlocks(groupLines(runsFromTextContent(content.items, content.styles)));
    const texts = blocks.map((block) => block.text);
    // Word fills the room between cells with one wide space run: it must not join them.
    for (const cell of ['Row 1 Col 1', 'Row 1 Col 2', 'Row 1 Col 3', 'Row 2 Col 1', 'Row 2 Col 2', 'Row 2 Col 3'])
      expect(texts).toContain(cell);
    expect(texts).toEqual(expect.arrayContaining(['Number bullet 1', 'Number bullet 2', 'Number bullet 3']));
    expect(blocks.find((block) => block.text === 'Number bullet 3')!.marker).toMatchObject({
      text: '3)',
      bodyX: expect.closeTo(108.02, 1),
    });
  });
});

describe('pdf blocks: form labels (tika testPDF_XFA_govdocs1_258578, InDesign)', () => {
  it('makes Name, Phone Number and Email labels of their own, each translated on its own line', async () => {
    const bytes = await fixture('tika_testPDF_XFA_govdocs1_258578.pdf');
    const doc = await pdfFormat.open(bytes, { srcLang: 'en-us' });
    const texts = doc.paragraphs.map((p) => p.text);
    for (const label of ['Contact information:', 'Name', 'Phone Number', 'Email', 'Classroom information:', 'Teacher’s Name'])
      expect(texts).toContain(label);
    // A centred sentence InDesign broke by hand (tagged as two P) stays one paragraph.
    expect(texts).toContain('Programs are only available during Mount Rushmore’s classroom season between January 19 and April 10, 2009.');

    const source = await placedItems(bytes, 1);
    const written = await placedItems(await doc.write(upperCaseTranslations(doc), { mode: 0, srcLang: 'en-us', tgtLang: 'de' }), 1);
    for (const label of ['Name', 'Phone Number', 'Email'])
      expect(textInRegion(written, bandOf(source, label, 60, 300))).toBe(`[T] ${label.toUpperCase()}`);
  });
});
