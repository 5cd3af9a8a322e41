/**
 * Rebuilds paragraphs from positioned text runs. A PDF only knows glyph runs at coordinates, so
 * we group runs into lines (same baseline, no column-sized gap) and consecutive lines into
 * blocks (same font size, regular line spacing, overlapping horizontally). Runs arrive in
 * content-stream order, which for almost every producer is the reading order; we keep it.
 */
import { isCjk } from '../../ocr/index.js';
import { bodyStartX, endsStatement, markerAtStart, type ListMarker } from './list-markers.js';
import type { StructureElement } from './tagged-structure.js';

/**
 * A text run in PDF user space (y grows upwards), as pdf.js reports it. `unreadable`: a run of
 * undecodable glyphs (text empty); it taints the line it sits on. `owner`: the tagged paragraph,
 * cell or list item it belongs to (tagged-structure.ts).
 */
export type TextRun = { text: string; x: number; y: number; width: number; size: number; unreadable?: boolean; owner?: StructureElement };

/** A rectangle in PDF user space. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** `marker`: the list marker the line starts with (list-markers.ts); `strongMarker`: it starts a list item. */
export type Line = Box & {
  text: string;
  size: number;
  baseline: number;
  unreadable?: boolean;
  owner?: StructureElement;
  marker?: ListMarker;
  strongMarker?: boolean;
};

/**
 * `background`: RGB 0..1 to cover the block with (scanned pages), white when absent. `vertical`:
 * vertical writing (vertical-text.ts), its lines are columns read top to bottom, right to left.
 */
/** `marker`: a list marker kept out of `text`; the writer draws it again in front of the translation. */
export type TextBlock = Box & {
  lines: Line[];
  size: number;
  text: string;
  background?: [number, number, number];
  vertical?: boolean;
  marker?: ListMarker;
};

/** pdf.js text items: only the members we use. */
export type PdfJsTextItem = { str: string; transform: number[]; width: number; height: number; fontName: string };

export function runsFromTextContent(
  items: readonly unknown[],
  styles: Record<string, { vertical?: boolean }> = {},
  owners: ReadonlyMap<unknown, StructureElement> = new Map(),
): TextRun[] {
  const runs: TextRun[] = [];
  for (const raw of items) {
    const item = raw as Partial<PdfJsTextItem>;
    if (typeof item.str !== 'string' || !item.transform || item.str.length === 0) continue;
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    // Only horizontal text is laid out; rotated or vertical runs are skipped (kept untouched).
    if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0 || styles[item.fontName ?? '']?.vertical) continue;
    const size = Math.abs(d) || Math.abs(a);
    const text = readableText(item.str);
    runs.push({ text: text ?? '', x: e, y: f, width: item.width ?? 0, size, unreadable: text === undefined, owner: owners.get(raw) });
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
  const runsOfLine = new Map<Line, TextRun[]>();
  let current: Line | undefined;
  for (const run of runs) {
    const blank = !run.text.trim() && !run.unreadable;
    const sameBaseline = current && Math.abs(run.y - current.baseline) < 0.35 * Math.max(run.size, current.size);
    // Measured from the last glyph drawn: Word fills the space between table cells with one wide
    // space run, which must not bridge the cells.
    const gap = current ? run.x - current.x1 : 0;
    // A gap wider than ~2 ems is a column or table-cell boundary, not a word space.
    const continues =
      current &&
      sameBaseline &&
      gap > -run.size &&
      gap < 2 * Math.max(run.size, current.size) &&
      !(run.owner && current.owner && run.owner !== current.owner);
    if (current && continues) {
      const needsSpace =
        gap > 0.15 * run.size &&
        !/\s$/.test(current.text) &&
        !/^\s/.test(run.text) &&
        !(isCjk(current.text.at(-1) ?? '') && isCjk(run.text[0] ?? ''));
      if (run.unreadable) current.unreadable = true;
      current.text += (needsSpace ? ' ' : '') + run.text;
      current.owner ??= run.owner;
      runsOfLine.get(current)!.push(run);
      if (blank) continue;
      current.x1 = Math.max(current.x1, run.x + run.width);
      current.size = Math.max(current.size, run.size);
      current.y0 = Math.min(current.y0, run.y - 0.25 * run.size);
      current.y1 = Math.max(current.y1, run.y + 0.85 * run.size);
      continue;
    }
    if (blank) continue; // a lone space never starts a line
    current = {
      text: run.text,
      x0: run.x,
      x1: run.x + run.width,
      y0: run.y - 0.25 * run.size,
      y1: run.y + 0.85 * run.size,
      size: run.size,
      baseline: run.y,
      unreadable: run.unreadable,
      owner: run.owner,
    };
    lines.push(current);
    runsOfLine.set(current, [run]);
  }
  for (const line of lines) {
    line.text = line.text.replace(/\s+/g, ' ').trim();
    const marker = markerAtStart(line.text);
    if (!marker) continue;
    line.marker = { text: marker.text, bodyX: bodyStartX(runsOfLine.get(line)!, marker.text) ?? line.x1 };
    line.strongMarker = marker.strong;
  }
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
  for (const block of blocks) {
    const [first, ...rest] = block.lines.map((line) => line.text);
    const marker = block.lines[0]!.marker;
    block.marker = marker;
    // The marker stays on the page (the writer draws it); only the item's words are translated.
    block.text = joinLines([marker ? first!.slice(marker.text.length).trim() : first!, ...rest].filter(Boolean));
  }
  return blocks;
}

function joinsBlock(block: TextBlock, spacing: number, line: Line): boolean {
  const prev = block.lines.at(-1)!;
  if (Math.abs(line.size - block.size) > 0.15 * block.size) return false;
  // A numbered or bulleted line starts an item of its own after another item or a finished
  // sentence; after an unfinished one it is a number that happened to wrap to the line start.
  if (line.strongMarker && (block.lines[0]!.marker || endsStatement(prev.text))) return false;
  if (line.owner && prev.owner && line.owner !== prev.owner && !continuesSentence(prev, line)) return false;
  const step = prev.baseline - line.baseline;
  if (step < 0.8 * line.size || step > 1.7 * line.size) return false;
  if (spacing > 0 && Math.abs(step - spacing) > 0.2 * spacing) return false;
  // The new line must sit under the block (overlap horizontally), not in another column.
  return line.x0 < block.x1 && line.x1 > block.x0;
}

/**
 * InDesign tags a forced line break inside a sentence as a new P ("...classroom season" /
 * "between January 19 ..."): two tagged paragraphs still read as one when the first stops
 * mid-sentence and the second goes on in lower case. Cells and list items are never joined.
 */
function continuesSentence(prev: Line, line: Line): boolean {
  return prev.owner?.role === 'P' && line.owner?.role === 'P' && !endsStatement(prev.text) && /^\p{Ll}/u.test(line.text);
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
