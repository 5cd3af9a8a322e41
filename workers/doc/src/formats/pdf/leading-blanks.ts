/**
 * Where a text show's first visible glyph lands. pdf.js leaves the spaces a show starts with out
 * of its text item: InDesign draws "  2nd choice" from x=288 and pdf.js reports the words at
 * x=294.16, so the block box starts there and the show's own origin fell outside it (issue 15:
 * "2nd choice" stayed under its translation). The content-stream edit moves each show's origin
 * past its leading spaces, measured as pdf.js measures them, before testing it against the boxes.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber } from 'pdf-lib';

/** The text state the advance depends on (ISO 32000 9.3), sizes in unscaled text space. */
export type TextState = { fontSize: number; charSpacing: number; wordSpacing: number; scale: number };

const SPACE = 0x20;
const isWhite = (c: number | undefined) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

/**
 * The horizontal advance in text space before the first byte that is not a space, for the show
 * operator whose operands and operator are `show` (`'`, `"`, `Tj` or `TJ`). `spaceWidth` is the
 * font's width of code 32 in thousandths of an em, undefined when unknown (then 0: no guess).
 * 0 too when the show holds only spaces: nothing visible to place.
 */
export function leadingBlankAdvance(show: Uint8Array, op: string, state: TextState, spaceWidth: number | undefined): number {
  if (spaceWidth === undefined) return 0;
  const space = ((spaceWidth / 1000) * state.fontSize + state.charSpacing + state.wordSpacing) * state.scale;
  let advance = 0;
  let i = 0;
  while (i < show.length) {
    const c = show[i]!;
    if (isWhite(c) || c === 0x5b /* [ */ || c === 0x5d /* ] */) i++;
    else if (c === 0x28 /* ( */ || c === 0x3c /* < */) {
      const [bytes, next] = c === 0x28 ? literalString(show, i) : hexString(show, i);
      for (const byte of bytes) {
        if (byte !== SPACE) return advance;
        advance += space;
      }
      i = next;
    } else {
      let end = i;
      while (end < show.length && !isWhite(show[end]) && show[end] !== 0x28 && show[end] !== 0x3c && show[end] !== 0x5d) end++;
      const token = Buffer.from(show.subarray(i, end)).toString('latin1');
      // In TJ a number moves the next glyph left by thousandths of an em; `"` starts with its
      // word and character spacing, which the caller has already applied to `state`.
      if (op === 'TJ' && /^[+\-.\d]/.test(token)) advance -= (Number(token) / 1000) * state.fontSize * state.scale;
      else if (!/^[+\-.\d]/.test(token)) return 0; // the operator: only spaces were shown
      i = end;
    }
  }
  return 0;
}

const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

/** The bytes of the literal string opening at `start`, and the offset after it. */
function literalString(src: Uint8Array, start: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 0;
  let i = start;
  for (; i < src.length; i++) {
    const c = src[i]!;
    if (c === 0x5c /* \ */) {
      const next = src[++i]!;
      if (next >= 0x30 && next <= 0x37) {
        let code = 0;
        for (let digits = 0; digits < 3 && src[i]! >= 0x30 && src[i]! <= 0x37; digits++, i++) code = code * 8 + src[i]! - 0x30;
        i--;
        bytes.push(code & 0xff);
      } else if (next !== 10 && next !== 13) bytes.push(ESCAPES[next] ?? next);
    } else if (c === 0x28 && depth++ === 0) continue;
    else if (c === 0x29 && --depth === 0) return [bytes, i + 1];
    else bytes.push(c);
  }
  return [bytes, i];
}

function hexString(src: Uint8Array, start: number): [number[], number] {
  let end = start + 1;
  while (end < src.length && src[end] !== 0x3e) end++;
  const digits = Buffer.from(src.subarray(start + 1, end))
    .toString('latin1')
    .replace(/[^0-9a-fA-F]/g, '');
  const bytes: number[] = [];
  for (let k = 0; k < digits.length; k += 2) bytes.push(parseInt(digits.slice(k, k + 2).padEnd(2, '0'), 16));
  return [bytes, end + 1];
}

// Widths of the space in the standard 14 fonts, which files may use without /Widths.
const STANDARD_SPACE: [RegExp, number][] = [
  [/courier/i, 600],
  [/helvetica|arial/i, 278],
  [/times|symbol/i, 250],
];

/**
 * The width of code 32 in each font of a /Resources dictionary, for simple fonts (one byte a
 * code). Composite (Type0) fonts have no fixed space code and Type3 glyphs are not in thousandths
 * of an em: undefined, so their shows keep their plain origin.
 */
export function spaceWidthsIn(resources: PDFDict | undefined): (fontName: string) => number | undefined {
  const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  const cache = new Map<string, number | undefined>();
  return (name) => {
    if (!cache.has(name)) cache.set(name, fonts ? simpleSpaceWidth(fonts.lookupMaybe(PDFName.of(name), PDFDict)) : undefined);
    return cache.get(name);
  };
}

function simpleSpaceWidth(font: PDFDict | undefined): number | undefined {
  const subtype = font?.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
  if (!font || subtype === 'Type0' || subtype === 'Type3') return undefined;
  const widths = font.lookupMaybe(PDFName.of('Widths'), PDFArray);
  const first = font.lookupMaybe(PDFName.of('FirstChar'), PDFNumber)?.asNumber();
  if (widths && first !== undefined && SPACE >= first && SPACE - first < widths.size())
    return widths.lookupMaybe(SPACE - first, PDFNumber)?.asNumber();
  const base = font.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '';
  return STANDARD_SPACE.find(([pattern]) => pattern.test(base))?.[1];
}
