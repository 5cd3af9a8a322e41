/**
 * Vertical writing (Japanese tategaki, vertical Chinese): pdf.js reports each column of a
 * vertical font as one item whose box runs down from its top. Adjacent columns of one size,
 * each to the left of the one before, form a block read right to left. The translation is
 * written back in the block's box: upright and stacked in columns for a CJK target, as
 * horizontal lines turned a quarter clockwise (read top to bottom) for any other.
 */
import { degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { isCjk } from '../../ocr/index.js';
import { fitText } from './fit-text.js';
import { joinLines, readableText, type Line, type PdfJsTextItem, type TextBlock } from './text-layout.js';

/** Columns farther apart than this many ems start a new block. */
const COLUMN_GAP_EMS = 1.5;
const MIN_SIZE = 3;

export function verticalBlocks(items: readonly unknown[], styles: Record<string, { vertical?: boolean }>): TextBlock[] {
  const columns: Line[] = [];
  for (const raw of items) {
    const item = raw as Partial<PdfJsTextItem>;
    if (typeof item.str !== 'string' || !item.transform || !styles[item.fontName ?? '']?.vertical) continue;
    const [a, b, c, , e, f] = item.transform as [number, number, number, number, number, number];
    const text = readableText(item.str)?.trim();
    if (!text || Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0) continue;
    const size = a;
    columns.push({ text, size, x0: e, x1: e + Math.max(item.width ?? 0, size), y0: f - (item.height ?? 0), y1: f, baseline: e });
  }
  const blocks: TextBlock[] = [];
  let current: Line[] = [];
  const flush = () => {
    if (current.length === 0) return;
    blocks.push({
      x0: Math.min(...current.map((l) => l.x0)),
      x1: Math.max(...current.map((l) => l.x1)),
      y0: Math.min(...current.map((l) => l.y0)),
      y1: Math.max(...current.map((l) => l.y1)),
      lines: current,
      size: current[0]!.size,
      text: joinLines(current.map((l) => l.text)),
      vertical: true,
    });
    current = [];
  };
  for (const column of columns) {
    const previous = current.at(-1);
    const adjacent =
      previous &&
      Math.abs(column.size - previous.size) < 0.1 * previous.size &&
      column.x1 <= previous.x0 + 0.5 * column.size &&
      previous.x0 - column.x1 < COLUMN_GAP_EMS * column.size &&
      Math.abs(column.y1 - previous.y1) < 2 * column.size;
    if (!adjacent) flush();
    current.push(column);
  }
  flush();
  return blocks;
}

/** Draws `text` into a vertical block's box (see the file comment). */
export function drawVerticalText(page: PDFPage, text: string, font: PDFFont, block: TextBlock, colour: [number, number, number]): void {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const cjk = chars.filter(isCjk).length >= chars.length / 2;
  const width = block.x1 - block.x0;
  const height = block.y1 - block.y0;
  const color = rgb(...colour);
  if (!cjk) {
    // Lines laid across the box's height, the first at its right edge, glyphs' tops to the right.
    const fitted = fitText(text, font, height, width, block.size);
    fitted.lines.forEach((line, i) => {
      const x = block.x1 - 0.85 * fitted.size - i * fitted.lineHeight;
      if (line) page.drawText(line, { x, y: block.y1, size: fitted.size, font, color, rotate: degrees(-90) });
    });
    return;
  }
  const upright = chars.filter((ch) => ch !== ' ');
  let size = block.size;
  let perColumn = 1;
  for (;;) {
    perColumn = Math.max(1, Math.floor(height / (1.05 * size)));
    const columns = Math.ceil(upright.length / perColumn);
    if (columns * 1.25 * size - 0.25 * size <= width + 0.5 || size <= MIN_SIZE) break;
    size = Math.max(MIN_SIZE, size * 0.92);
  }
  upright.forEach((ch, k) => {
    const column = Math.floor(k / perColumn);
    const row = k % perColumn;
    const x = block.x1 - size - column * 1.25 * size + (size - font.widthOfTextAtSize(ch, size)) / 2;
    page.drawText(ch, { x, y: block.y1 - (row + 1) * 1.05 * size + 0.12 * size, size, font, color });
  });
}
