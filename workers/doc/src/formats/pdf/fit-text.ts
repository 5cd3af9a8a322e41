/**
 * Fits a translation into its source block: wrap to the block width, shrink the font size until
 * the lines fit the block height. Latin text wraps at spaces, CJK text between any two
 * characters; `\n` is a hard break. Widths are measured once at size 1 and scaled.
 */
import type { PDFFont } from 'pdf-lib';

export type FittedText = { size: number; lineHeight: number; lines: string[] };

const LINE_HEIGHT = 1.15;
const MIN_SIZE = 3;
// One CJK character, one run of other non-space characters (plus its trailing spaces).
const TOKEN =
  /[\u2e80-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]\s*|[^\s\u2e80-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+\s*/gu;

export function fitText(text: string, font: PDFFont, width: number, height: number, maxSize: number): FittedText {
  const measure = (piece: string) => font.widthOfTextAtSize(piece, 1);
  const paragraphs = text
    .split('\n')
    .map((part) => (part.match(TOKEN) ?? []).map((token) => ({ token, width: measure(token.trimEnd()), full: measure(token) })));
  let size = maxSize;
  for (;;) {
    const lines = paragraphs.flatMap((tokens) => wrap(tokens, width / size, measure));
    const needed = (lines.length - 1) * LINE_HEIGHT * size + 1.1 * size;
    if (needed <= height + 0.5 || size <= MIN_SIZE) return { size, lineHeight: LINE_HEIGHT * size, lines };
    size = Math.max(MIN_SIZE, size * 0.92);
  }
}

type Token = { token: string; width: number; full: number };

/**
 * Greedy wrap at size 1 (`limit` = width / size). A token wider than a whole line (a URL, a long
 * compound) is broken between characters so it never runs out of the box.
 */
function wrap(tokens: Token[], limit: number, measure: (piece: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0; // width including trailing spaces of the last token
  const place = (t: Token) => {
    if (line && lineWidth + t.width > limit) {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    }
    line += t.token;
    lineWidth += t.full;
  };
  for (const t of tokens) {
    if (t.width <= limit) place(t);
    else for (const ch of t.token) place({ token: ch, width: measure(ch.trim()), full: measure(ch) });
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
