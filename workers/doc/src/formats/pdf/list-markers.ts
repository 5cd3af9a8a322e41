/**
 * List markers and enumerators at the start of a line ("•", "1)", "(2)", "a)", "iv.", "A.").
 * They are not sent to translation: a translator may renumber, reword or drop them (issue 15
 * lost "1) 2) 3)"). The block keeps the marker and where its text began; the writer draws the
 * marker again at its place and the translation from that point (a hanging indent, as before).
 */
import type { TextRun } from './text-layout.js';

export type ListMarker = { text: string; bodyX: number };

// Bullet glyphs, numbers, parenthesised numbers, letters and roman numerals closed by ")": a line
// that starts with one of these is a new list item even where its spacing matches the line above.
// Parenthesised numbers stop at two digits: "(605) 574-2307" is a phone number.
const STRONG = /^(?:[•‣⁃∙●○◦▪▫■□►▶➢✓✔*]|\d{1,3}[.)]|\(\d{1,2}\)|\(?[a-zA-Z]\)|\(?(?:[ivx]{1,5}|[IVX]{1,5})\))(?=\s|$)/u;
// "A." or "iv." or a dash may also be an initial ("A. Smith") or a dash that wrapped to the start
// of a line: kept when a block starts with one, never a reason to split a block.
const WEAK = /^(?:[-–—]|[a-zA-Z]\.|(?:[ivx]{1,5}|[IVX]{1,5})\.)(?=\s|$)/u;

export type MarkerMatch = { text: string; strong: boolean };

export function markerAtStart(lineText: string): MarkerMatch | undefined {
  const strong = STRONG.exec(lineText);
  if (strong) return { text: strong[0], strong: true };
  const weak = WEAK.exec(lineText);
  return weak ? { text: weak[0], strong: false } : undefined;
}

/**
 * Where the text after the marker begins on the page: the start of the first run after it (Word
 * draws the marker as a run of its own, then a tab), or, when one run holds both, a share of that
 * run's width by characters.
 */
export function bodyStartX(runs: readonly TextRun[], marker: string): number | undefined {
  const markerChars = marker.replace(/\s/g, '').length;
  let seen = 0;
  for (const run of runs) {
    const visible = run.text.replace(/\s/g, '').length;
    if (visible === 0) continue;
    if (seen >= markerChars) return run.x;
    if (seen + visible > markerChars) {
      let index = 0;
      for (let counted = seen; counted < markerChars || /\s/.test(run.text[index] ?? ''); index++)
        if (!/\s/.test(run.text[index]!)) counted++;
      return run.x + (run.width * index) / Math.max(1, run.text.length);
    }
    seen += visible;
  }
  return undefined;
}

/** Sentence or label ends: after these, a numbered line starts something new. */
export const endsStatement = (text: string) => /[.:;!?。：；！？]$/u.test(text);
