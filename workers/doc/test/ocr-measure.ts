/**
 * Shared by the OCR quality tests: pictures drawn from known text (a line, a paragraph, vertical
 * columns) with Noto CJK at a realistic size, and the character error rate of what was read.
 */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FAMILY = 'OcrMeasureCjk';
let registered = false;

function font(size: number): string {
  registered ||= GlobalFonts.registerFromPath(CJK_FONT, FAMILY) !== null;
  return `${size}px ${FAMILY}, sans-serif`;
}

/** Black text on white, one row per entry, `size` pixels high, with a margin of one line. */
export function paragraphPicture(lines: readonly string[], size = 28): Buffer {
  const probe = createCanvas(10, 10).getContext('2d');
  probe.font = font(size);
  const widest = Math.max(...lines.map((l) => probe.measureText(l).width));
  const step = Math.round(size * 1.5);
  const canvas = createCanvas(Math.ceil(widest) + 2 * size, step * lines.length + 2 * size);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = font(size);
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, size, size + i * step));
  return canvas.encodeSync('png');
}

/**
 * CJK written top to bottom: each entry is a column, the first on the right (as vertical books
 * are read), one character under another.
 */
export function verticalPicture(columns: readonly string[], size = 32): Buffer {
  const tallest = Math.max(...columns.map((c) => [...c].length));
  const step = Math.round(size * 1.6);
  const canvas = createCanvas(step * columns.length + 2 * size, Math.round(tallest * size * 1.1) + 2 * size);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = font(size);
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  columns.forEach((column, i) => {
    const x = canvas.width - size - step * i - step / 2;
    [...column].forEach((ch, j) => ctx.fillText(ch, x, size + j * size * 1.1));
  });
  return canvas.encodeSync('png');
}

/** Chinese and Japanese are written without spaces; tesseract puts some between their characters. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u9fff]/u;

/** Text as compared: NFKC (full-width and half-width punctuation alike), whitespace dropped (Chinese, Japanese) or one space. */
export function squeeze(text: string, spaced = !UNSPACED.test(text)): string {
  const normal = text.normalize('NFKC').trim();
  return spaced ? normal.replace(/\s+/gu, ' ') : normal.replace(/\s+/gu, '');
}

/** Levenshtein distance over code points (edits to turn `a` into `b`). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[y.length]!;
}

/** Character error rate of `read` against `truth`: edits per character of the truth (see `squeeze`). */
export function characterErrorRate(truth: string, read: string): number {
  const spaced = !UNSPACED.test(truth);
  const want = squeeze(truth, spaced);
  return editDistance(want, squeeze(read, spaced)) / Math.max(1, [...want].length);
}
