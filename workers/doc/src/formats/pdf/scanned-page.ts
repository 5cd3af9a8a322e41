/**
 * Scanned pages: a page with no text whose content is one image covering most of it. pdf.js
 * decodes the image for us (JPEG, JBIG2, CCITT, Flate alike), we hand the pixels to tesseract as
 * a PNM and map the OCR line boxes back into PDF user space through the image's placement matrix.
 */
import { encodePnm, ocrImage, tesseractLanguage, type OcrLine, type PixelBox, type RawImage } from '../../ocr/index.js';
import { multiply, type Matrix } from './matrix.js';
import { pdfjs, type PdfJsPage } from './pdfjs-load.js';
import { paperColour } from './scan-background.js';
import { joinLines, type TextBlock } from './text-layout.js';

type PlacedImage = { objId: string; matrix: Matrix };

/** The largest image painted on the page if it covers at least half of the page area. */
export async function findPageImage(page: PdfJsPage): Promise<PlacedImage | undefined> {
  const ops = await page.getOperatorList();
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let best: PlacedImage | undefined;
  let bestArea = 0;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === pdfjs.OPS.save) stack.push(ctm);
    else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === pdfjs.OPS.transform) ctm = multiply(args as Matrix, ctm);
    else if (fn === pdfjs.OPS.paintImageXObject) {
      const area = Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]);
      if (area > bestArea) [best, bestArea] = [{ objId: String(args[0]), matrix: ctm }, area];
    }
  }
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  return bestArea >= 0.5 * (x1 - x0) * (y1 - y0) ? best : undefined;
}

/** pdf.js ImageKind: 1 = 1 bit gray, 2 = RGB, 3 = RGBA. */
const BITS_BY_KIND: Record<number, RawImage['bitsPerPixel']> = { 1: 1, 2: 24, 3: 32 };

export async function ocrPageImage(page: PdfJsPage, image: PlacedImage, srcLang: string): Promise<TextBlock[]> {
  const decoded = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>((resolve) =>
    page.objs.get(image.objId, resolve),
  );
  const bitsPerPixel = BITS_BY_KIND[decoded.kind];
  if (!bitsPerPixel || !decoded.data) return [];
  const raw: RawImage = { width: decoded.width, height: decoded.height, bitsPerPixel, data: decoded.data };
  // Scans in other scripts often carry English words (names, terms): add English to the model.
  const lang = tesseractLanguage(srcLang);
  const lines = await ocrImage(encodePnm(raw), lang === 'eng' ? lang : [lang, 'eng']);
  return blocksFromOcr(lines, raw, image.matrix);
}

/**
 * Tesseract numbers paragraphs inside blocks; each (block, paragraph) becomes one TextBlock.
 * Image pixel (px, py), top-left origin, maps to unit square (px/w, 1 - py/h), then through the
 * placement matrix to user space.
 */
function blocksFromOcr(lines: OcrLine[], image: RawImage, m: Matrix): TextBlock[] {
  const { width, height } = image;
  const toUser = (px: number, py: number) => {
    const u = px / width;
    const v = 1 - py / height;
    return { x: m[0] * u + m[2] * v + m[4], y: m[1] * u + m[3] * v + m[5] };
  };
  const groups = new Map<string, OcrLine[]>();
  for (const line of lines) {
    if (line.confidence < 30 || !/[\p{L}\p{N}]/u.test(line.text)) continue; // speckles, rules
    const key = `${line.block}/${line.paragraph}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const blocks: TextBlock[] = [];
  for (const group of groups.values()) {
    const converted = group.map((line) => {
      const a = toUser(line.box.left, line.box.top + line.box.height);
      const b = toUser(line.box.left + line.box.width, line.box.top);
      const box = { x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
      return { ...box, text: line.text, size: (box.y1 - box.y0) * 0.8, baseline: box.y0 };
    });
    blocks.push({
      // The median left edge: a drop cap or an indented first line must not widen the whole block.
      x0: median(converted.map((l) => l.x0)),
      y0: Math.min(...converted.map((l) => l.y0)),
      x1: Math.max(...converted.map((l) => l.x1)),
      y1: Math.max(...converted.map((l) => l.y1)),
      lines: converted,
      size: fontSizeOf(converted),
      text: joinLines(converted.map((l) => l.text)),
      background: paperColour(image, pixelBounds(group)),
    });
  }
  return blocks;
}

function pixelBounds(lines: OcrLine[]): PixelBox {
  const left = Math.min(...lines.map((l) => l.box.left));
  const top = Math.min(...lines.map((l) => l.box.top));
  const right = Math.max(...lines.map((l) => l.box.left + l.box.width));
  const bottom = Math.max(...lines.map((l) => l.box.top + l.box.height));
  return { left, top, width: right - left, height: bottom - top };
}

const median = (values: number[]) => [...values].sort((p, q) => p - q)[Math.floor(values.length / 2)]!;

/**
 * OCR boxes hug the glyphs (a line without ascenders is short), so for several lines the
 * baseline pitch (about 1.2 × the font size) is the steadier measure.
 */
function fontSizeOf(lines: { y0: number; size: number }[]): number {
  const fromHeight = median(lines.map((l) => l.size));
  if (lines.length < 2) return fromHeight;
  const pitches = lines.slice(1).map((line, i) => lines[i]!.y0 - line.y0);
  return Math.max(fromHeight, Math.min(median(pitches) / 1.2, 1.5 * fromHeight));
}
