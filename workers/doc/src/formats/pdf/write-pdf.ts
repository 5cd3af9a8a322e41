/**
 * Writes the translated PDF with pdf-lib. For every translated block we cut the source text's
 * show operators out of the page content stream (see content-stream.ts) and draw the
 * translation into the block's box, shrunk to fit. Text that cannot be cut out (OCR'd scans, text
 * not found in the page stream nor in the form XObjects it paints) is covered first: scans line
 * by line in the paper colour, other blocks with a white rectangle. Vector graphics and page
 * boxes are left untouched; images too, unless pictures are to be translated (pdf-pictures.ts).
 *
 * Modes: 0 replaces the text in place. 1 keeps every source page and inserts a translated copy
 * right after it (the copy shares resources with the source page, so images are not
 * duplicated). 2 is mode 1 with each translated block listing its sentences as
 * "source" line then "translation" line, for side-by-side study.
 */
import type { PDFRef } from 'pdf-lib';
import {
  PDFArray,
  PDFDocument,
  PDFName,
  PDFPage,
  PDFRawStream,
  PDFStream,
  decodePDFRawStream,
  rgb,
  type PDFFont,
  type PDFPageLeaf,
} from 'pdf-lib';
import type { TranslatedParagraph, WriteOptions } from '../types.js';
import { removeTextInBoxes, type Rgb } from './content-stream.js';
import { fitText } from './fit-text.js';
import { baseFontName, removeTextInForms } from './form-text.js';
import { spaceWidthsIn } from './leading-blanks.js';
import { translatePagePictures } from './pdf-pictures.js';
import { drawVerticalText } from './vertical-text.js';
import { fontsForTranslations, styleFromBaseFont, type FontStyle } from './fonts.js';
import type { TextBlock } from './text-layout.js';

/** A block as the opened document remembers it: which page, and whether it came from OCR. */
export type PlacedBlock = TextBlock & { id: string; page: number; ocr: boolean };

type Job = { block: PlacedBlock; text: string };

export async function writeTranslatedPdf(
  original: Uint8Array,
  blocks: readonly PlacedBlock[],
  translations: ReadonlyMap<string, TranslatedParagraph>,
  options: WriteOptions,
): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const jobsByPage = new Map<number, Job[]>();
  for (const block of blocks) {
    const translation = translations.get(block.id);
    if (!translation) continue;
    const text = blockText(translation, options.mode).replace(/[\t\r]/g, ' ');
    jobsByPage.set(block.page, [...(jobsByPage.get(block.page) ?? []), { block, text }]);
  }
  // Markers are drawn with the same font: it must be able to encode them too.
  const allTexts = [...jobsByPage.values()].flat().map((job) => (job.block.marker?.text ?? '') + job.text);
  const fontFor = allTexts.length ? await fontsForTranslations(doc, allTexts, options.tgtLang) : undefined;
  const pages = doc.getPages();
  // Scanned pages were OCR'd whole: their picture is the page, already translated as text.
  const scanned = new Set(blocks.filter((block) => block.ocr).map((block) => block.page));
  const pictures = new Map<PDFRef, PDFRef | null>();
  // Walk backwards so inserting a copy after page i does not shift the pages still to do.
  for (let index = pages.length - 1; index >= 0; index--) {
    const jobs = fontFor ? jobsByPage.get(index) : undefined;
    const withPictures = options.translatePicture !== undefined && !scanned.has(index);
    if (!jobs && !withPictures) continue;
    const target = options.mode === 0 ? pages[index]! : insertCopyAfter(doc, pages[index]!, index);
    if (jobs)
      translatePage(
        doc,
        target,
        jobs,
        fontFor!,
        blocks.filter((block) => block.page === index),
      );
    const translatedPictures = withPictures ? await translatePagePictures(doc, target, options.translatePicture!, pictures) : 0;
    // A bilingual copy of a page with neither text nor pictures translated is not wanted.
    if (!jobs && translatedPictures === 0 && options.mode !== 0) doc.removePage(index + 1);
  }
  return Buffer.from(await doc.save());
}

function blockText(translation: TranslatedParagraph, mode: WriteOptions['mode']): string {
  if (mode !== 2 || translation.sentences.length === 0) return translation.target;
  return translation.sentences.map((pair) => `${pair.source}\n${pair.target}`).join('\n');
}

/** A new page object sharing the source page's resources, with inherited attributes made explicit. */
function insertCopyAfter(doc: PDFDocument, page: PDFPage, index: number): PDFPage {
  const node = page.node;
  const copy = node.clone() as PDFPageLeaf;
  for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate']) {
    const value = node.getInheritableAttribute(PDFName.of(key));
    if (value) copy.set(PDFName.of(key), value);
  }
  copy.delete(PDFName.of('Annots')); // links and form fields belong to the source page only
  const ref = doc.context.register(copy);
  const added = PDFPage.of(copy, ref, doc);
  doc.insertPage(index + 1, added);
  return added;
}

function translatePage(
  doc: PDFDocument,
  page: PDFPage,
  jobs: Job[],
  fontFor: (style: FontStyle) => PDFFont,
  pageBlocks: readonly PlacedBlock[],
): void {
  const textJobs = jobs.filter((job) => !job.block.ocr);
  let removed: number[] = [];
  let colours: (Rgb | undefined)[] = [];
  let baseFonts: (string | undefined)[] = [];
  if (textJobs.length > 0) {
    const boxes = textJobs.map((job) => job.block);
    const result = removeTextInBoxes(readContent(page), boxes, { spaceWidth: spaceWidthsIn(page.node.Resources()) });
    ({ removed, colours } = result);
    baseFonts = result.fonts.map((name) => baseFontName(page.node.Resources(), name));
    removeTextInForms(doc, page, result.xobjects, boxes, removed, colours, baseFonts);
    // Wrap the original drawing in q/Q so whatever graphics state it leaves does not leak into ours.
    const stream = doc.context.flateStream(Buffer.concat([Buffer.from('q\n'), result.content, Buffer.from('\nQ\n')]));
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  for (const job of jobs) {
    const box = job.block;
    const found = !job.block.ocr && (removed[textJobs.indexOf(job)] ?? 0) > 0;
    const colour = colours[textJobs.indexOf(job)] ?? [0, 0, 0];
    const font = fontFor(styleFromBaseFont(baseFonts[textJobs.indexOf(job)]));
    // Scans: cover each OCR line tightly (a block's union box would eat into pictures beside it).
    const covers = job.block.ocr ? job.block.lines : found ? [] : [box];
    for (const cover of covers)
      page.drawRectangle({
        x: cover.x0 - 1,
        y: cover.y0 - 1,
        width: cover.x1 - cover.x0 + 2,
        height: cover.y1 - cover.y0 + 2,
        color: rgb(...(box.background ?? [1, 1, 1])),
      });
    if (box.vertical) {
      drawVerticalText(page, job.text, font, box, colour);
      continue;
    }
    // A list item: the marker goes back where it was, the translation where the item's words began.
    const { marker, x0, text } = markerLayout(box, job.text);
    let fitted = fitText(text, font, box.x1 - x0, box.y1 - box.y0, box.size);
    const roomy = roomToTheRight(box, pageBlocks, page.getWidth()) - (x0 - box.x0);
    if (box.lines.length === 1 && fitted.size < 0.9 * box.size && roomy > box.x1 - x0 + 1) {
      // Translations run longer than their source: a one-line block (heading, label) may grow into
      // empty space on its right rather than shrink.
      const wider = fitText(text, font, roomy, box.y1 - box.y0, box.size);
      if (wider.size > fitted.size) fitted = wider;
    }
    let y = box.y1 - 0.85 * fitted.size;
    if (marker) page.drawText(marker, { x: box.x0, y, size: fitted.size, font, color: rgb(...colour) });
    for (const line of fitted.lines) {
      if (line) page.drawText(line, { x: x0, y, size: fitted.size, font, color: rgb(...colour) });
      y -= fitted.lineHeight;
    }
  }
}

/**
 * Where a block's translation starts, and the marker drawn in front of it. A marker with no room
 * beside it (it stood alone on its line) leads the translation's first line instead.
 */
function markerLayout(block: PlacedBlock, text: string): { marker?: string; x0: number; text: string } {
  const marker = block.marker;
  if (!marker) return { x0: block.x0, text };
  if (marker.bodyX > block.x0 && marker.bodyX < block.x1 - block.size) return { marker: marker.text, x0: marker.bodyX, text };
  return { x0: block.x0, text: `${marker.text} ${text}` };
}

/**
 * How wide a block may become: up to the next block on its right (same height band), else up to
 * the right edge of the page's text area, never into the last 5% of the page.
 */
function roomToTheRight(block: PlacedBlock, pageBlocks: readonly PlacedBlock[], pageWidth: number): number {
  let right = Math.max(block.x1, ...pageBlocks.map((other) => other.x1));
  for (const other of pageBlocks) {
    const sameBand = other.y0 < block.y1 && other.y1 > block.y0;
    if (other !== block && sameBand && other.x0 >= block.x1 - 1) right = Math.min(right, other.x0 - 6);
  }
  return Math.max(block.x1, Math.min(right, 0.95 * pageWidth)) - block.x0;
}

/** The page's content streams decoded and joined (a BT may span two streams of an array). */
function readContent(page: PDFPage): Uint8Array {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const parts: Uint8Array[] = [];
  for (const stream of streams) {
    if (stream instanceof PDFRawStream) parts.push(decodePDFRawStream(stream).decode(), Buffer.from('\n'));
    else if (stream instanceof PDFStream) parts.push(stream.getContents(), Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}
