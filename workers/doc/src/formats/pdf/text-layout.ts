/**
 * Rebuilds paragraphs from positioned text runs. A PDF only knows glyph runs at coordinates, so
 * we group runs into lines (same baseline, no column-sized gap) and consecutive lines into
 * blocks (same font size, regular line spacing, overlapping horizontally). Runs arrive in
 * content-stream order, which for almost every producer is the reading order; we keep it.
 */
import { isCjk } from '../../ocr/index.js';

/** A text run in PDF user space (y grows upwards), as pdf.js reports it. */
/** `unreadable`: a run of undecodable glyphs (text empty); it taints the line it sits on. */
export type TextRun = { text: string; x: number; y: number; width: number; size: number; unreadable?: boolean };

/** A rectangle in PDF user space. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

export type Line = Box & { text: string; size: number; baseline: number; unreadable?: boolean };

/**
 * `background`: RGB 0..1 to cover the block with (scanned pages), white when absent. `vertical`:
 * vertical writing (vertical-text.ts), its lines are columns read top to bottom, right to left.
 */
export type TextBlock = Box & { lines: Line[]; size: number; text: string; background?: [number, number, number]; vertical?: boolean };

/** pdf.js text items: only the members we use. */
export type PdfJsTextItem = { str: string; transform: number[]; width: number; height: number; fontName: string };

export function runsFromTextContent(items: readonly unknown[], styles: Record<string, { vertical?: boolean }> = {}): TextRun[] {
  const runs: TextRun[] = [];
  for (const raw of items) {
    const item = raw as Partial<PdfJsTextItem>;
    if (typeof item.str !== 'string' || !item.transform || item.str.length === 0) continue;
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    // Only horizontal text is laid out; rotated or vertical runs are skipped (kept untouched).
    if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0 || styles[item.fontName ?? '']?.vertical) continue;
    const size = Math.abs(d) || Math.abs(a);
    const text = readableText(item.str);
    runs.push({ text: text ?? '', x: e, y: f, width: item.width ?? 0, size, unreadable: text === undefined });
  }
  return runs;
}

/**
 * Fonts without a usable ToUnicode map (e.g. subset Type1 fonts with /g123 glyph names) decode
 * to control characters and arbitrary ASCII. Such a run is dropped (it stays untouched in the
 * output); a run with only a few stray control characters keeps them as spaces.
 */
export function readableText(text: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  const unreadable = text.match(/[\u0000-\u0008\u000b-\u001f\ufffd\ue000-\uf8ff]/gu)?.length ?? 0;
  if (unreadable === 0) return text;
  if (unreadable > 0.2 * text.length) return undefined;
  // eslint-disable-next-line no-control-regex -- see above
  return text.replace(/[\u0000-\u001f\ufffd\ue000-\uf8ff]/gu, ' ');
}

export function groupLines(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const run of runs) {
    const sameBaseline = current && Math.abs(run.y - current.baseline) < 0.35 * Math.max(run.size, current.size);
    const gap = current ? run.x - current.x1 : 0;
    // A gap wider than ~2 ems is a column or table-cell boundary, not a word space.
    const continues = current && sameBaseline && gap > -run.size && gap < 2 * Math.max(run.size, current.size);
    if (current && continues) {
      const needsSpace =
        gap > 0.15 * run.size &&
        !/\s$/.test(current.text) &&
        !/^\s/.test(run.text) &&
        !(isCjk(current.text.at(-1) ?? '') && isCjk(run.text[0] ?? ''));
      if (run.unreadable) current.unreadable = true;
      current.text += (needsSpace ? ' ' : '') + run.text;
      current.x1 = Math.max(current.x1, run.x + run.width);
      current.size = Math.max(current.size, run.size);
      current.y0 = Math.min(current.y0, run.y - 0.25 * run.size);
      current.y1 = Math.max(current.y1, run.y + 0.85 * run.size);
      continue;
    }
    if (!run.text.trim() && !run.unreadable) continue; // a lone space never starts a line
    current = {
      text: run.text,
      x0: run.x,
      x1: run.x + run.width,
      y0: run.y - 0.25 * run.size,
      y1: run.y + 0.85 * run.size,
      size: run.size,
      baseline: run.y,
      unreadable: run.unreadable,
    };
    lines.push(current);
  }
  for (const line of lines) line.text = line.text.replace(/\s+/g, ' ').trim();
  // A line mixing readable and undecodable runs is a sentence we cannot read whole: leave it be.
  return lines.filter((line) => line.text.length > 0 && !line.unreadable);
}

export function groupBlocks(lines: readonly Line[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock | undefined;
  let spacing = 0; // the block's established baseline-to-baseline distance
  for (const line of lines) {
    if (current && joinsBlock(current, spacing, line)) {
      const prev = current.lines.at(-1)!;
      if (current.lines.length === 1) spacing = prev.baseline - line.baseline;
      current.lines.push(line);
      current.x0 = Math.min(current.x0, line.x0);
      current.x1 = Math.max(current.x1, line.x1);
      current.y0 = Math.min(current.y0, line.y0);
      current.y1 = Math.max(current.y1, line.y1);
      continue;
    }
    current = { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1, lines: [line], size: line.size, text: '' };
    spacing = 0;
    blocks.push(current);
  }
  for (const block of blocks) block.text = joinLines(block.lines.map((line) => line.text));
  return blocks;
}

function joinsBlock(block: TextBlock, spacing: number, line: Line): boolean {
  const prev = block.lines.at(-1)!;
  if (Math.abs(line.size - block.size) > 0.15 * block.size) return false;
  const step = prev.baseline - line.baseline;
  if (step < 0.8 * line.size || step > 1.7 * line.size) return false;
  if (spacing > 0 && Math.abs(step - spacing) > 0.2 * spacing) return false;
  // The new line must sit under the block (overlap horizontally), not in another column.
  return line.x0 < block.x1 && line.x1 > block.x0;
}

/**
 * Soft line breaks become spaces (none between CJK characters). A line ending in a hyphen joins
 * without a space: we cannot tell a soft hyphen from a real one, and keeping it is the safe side.
 */
export function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else if (/[a-z]-$/.test(out) && /^[a-z]/.test(line)) out += line;
    else if (isCjk(out.at(-1)!) && isCjk(line[0]!)) out += line;
    else out += ' ' + line;
  }
  return out;
}
