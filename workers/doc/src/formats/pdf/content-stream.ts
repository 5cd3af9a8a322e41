/**
 * Removes the text-showing operators of chosen blocks from a page content stream. There is no
 * content-stream editor in pdf-lib, so this is a small tokenizer plus a text-state tracker
 * (CTM, text matrix, leading, font size and spacing). Each Tj/TJ/'/" gets the user-space point
 * where its line started, moved past the spaces it starts with (leading-blanks.ts); operators
 * whose point lies inside a block to remove are cut out. After a show we do not track the
 * advanced position, so later shows on the same line inherit the line start: they belong to the
 * same line, hence to the same block.
 */
import { leadingBlankAdvance, type TextState } from './leading-blanks.js';
import { IDENTITY, multiply, type Matrix } from './matrix.js';
import type { Box } from './text-layout.js';

/** `name`: the last /Name operand (what `Do` paints, `Tf` selects). */
export type Operation = { op: string; operands: (number | null)[]; name?: string; start: number; end: number };

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

/** Splits a content stream into operations; `start..end` spans operands and operator. */
export function parseOperations(src: Uint8Array): Operation[] {
  const ops: Operation[] = [];
  let operands: (number | null)[] = [];
  let name: string | undefined;
  let opStart = -1;
  let depth = 0; // inside [ ] or << >>: tokens form one composite operand
  let i = 0;
  const mark = () => {
    if (opStart < 0) opStart = i;
  };
  const push = (value: number | null) => {
    if (depth === 0) operands.push(value);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (WHITESPACE.has(c)) i++;
    else if (c === 0x25 /* % */) while (i < src.length && src[i] !== 10 && src[i] !== 13) i++;
    else if (c === 0x28 /* ( */) {
      mark();
      let nest = 0;
      for (; i < src.length; i++) {
        if (src[i] === 0x5c) i++;
        else if (src[i] === 0x28) nest++;
        else if (src[i] === 0x29 && --nest === 0) break;
      }
      i++;
      push(null);
    } else if (c === 0x3c /* < */ && src[i + 1] === 0x3c) {
      mark();
      depth++;
      i += 2;
    } else if (c === 0x3e /* > */ && src[i + 1] === 0x3e) {
      depth = Math.max(0, depth - 1);
      i += 2;
      push(null);
    } else if (c === 0x3c) {
      mark();
      while (i < src.length && src[i] !== 0x3e) i++;
      i++;
      push(null);
    } else if (c === 0x5b /* [ */) {
      mark();
      depth++;
      i++;
    } else if (c === 0x5d /* ] */) {
      depth = Math.max(0, depth - 1);
      i++;
      push(null);
    } else {
      mark();
      const tokenStart = i;
      i++;
      while (i < src.length && !WHITESPACE.has(src[i]!) && !DELIMITERS.has(src[i]!)) i++;
      const token = Buffer.from(src.subarray(tokenStart, i)).toString('latin1');
      if (c === 0x2f /* /Name */) {
        push(null);
        if (depth === 0) name = token.slice(1);
      } else if (/^[+\-.\d]/.test(token)) push(Number(token));
      else if (depth > 0 || token === 'true' || token === 'false' || token === 'null') push(null);
      else {
        if (token === 'ID') i = skipInlineImageData(src, i);
        ops.push({ op: token, operands, name, start: opStart, end: i });
        operands = [];
        name = undefined;
        opStart = -1;
      }
    }
  }
  return ops;
}

/** Inline image data is binary: skip to the `EI` that stands alone between whitespace. */
function skipInlineImageData(src: Uint8Array, from: number): number {
  for (let j = from + 1; j < src.length - 1; j++) {
    if (src[j] === 0x45 && src[j + 1] === 0x49 && WHITESPACE.has(src[j - 1]!) && (j + 2 >= src.length || WHITESPACE.has(src[j + 2]!)))
      return j + 2;
  }
  return src.length;
}

const SHOW_OPS = new Set(['Tj', 'TJ', "'", '"']);
const FILL_OPS = new Set(['g', 'rg', 'k', 'sc', 'scn']);

/** RGB in 0..1. */
export type Rgb = [number, number, number];

export type RemovalResult = {
  content: Uint8Array;
  /** Per box: how many text shows were cut out. */
  removed: number[];
  /** Per box: the fill colour most of its removed shows used (the translation is drawn in it). */
  colours: (Rgb | undefined)[];
  /** Per box: the font resource name (`Tf`) most of its removed shows used. */
  fonts: (string | undefined)[];
  /** XObjects painted by `Do`, with the CTM they were painted under (forms may hold text too). */
  xobjects: { name: string; ctm: Matrix }[];
};

/** Gray, RGB or CMYK by operand count (sc/scn in other spaces are approximated the same way). */
function fillColour(n: number[]): Rgb | undefined {
  const c = n.map((v) => Math.min(1, Math.max(0, v)));
  if (c.length === 1) return [c[0]!, c[0]!, c[0]!];
  if (c.length === 3) return [c[0]!, c[1]!, c[2]!];
  if (c.length === 4) return [0, 1, 2].map((i) => (1 - c[i]!) * (1 - c[3]!)) as Rgb;
  return undefined;
}

/**
 * `ctm`: the matrix the stream is drawn under (a form's placement). `spaceWidth`: the width of
 * code 32 of a font resource, in thousandths of an em (leading-blanks.ts), undefined if unknown.
 */
export type RemovalOptions = { ctm?: Matrix; spaceWidth?: (fontName: string) => number | undefined };

const TOLERANCE = 1.5;
const INITIAL_TEXT: TextState = { fontSize: 0, charSpacing: 0, wordSpacing: 0, scale: 1 };

/**
 * Returns the stream without the text shows that start inside one of `boxes` (user space,
 * widened by a point and a half), and how many shows were removed per box.
 */
export function removeTextInBoxes(src: Uint8Array, boxes: readonly Box[], options: RemovalOptions = {}): RemovalResult {
  const initialCtm = options.ctm ?? IDENTITY;
  const removed = boxes.map(() => 0);
  // Per box, how many removed shows used each colour / font: the most used one wins, so a bold
  // "Abstract:" label does not make the whole paragraph bold.
  const colourTally = boxes.map(() => new Map<string, number>());
  const fontTally = boxes.map(() => new Map<string, number>());
  let font: string | undefined;
  const xobjects: { name: string; ctm: Matrix }[] = [];
  // Text state belongs to the graphics state: q/Q save and restore it with the CTM and colour.
  const stack: { ctm: Matrix; fill: Rgb; text: TextState; font: string | undefined }[] = [];
  let ctm = initialCtm;
  let fill: Rgb = [0, 0, 0];
  let text = INITIAL_TEXT;
  let tlm = IDENTITY;
  let leading = 0;
  const cuts: { start: number; end: number; replacement: string }[] = [];
  for (const { op, operands, name, start, end } of parseOperations(src)) {
    const n = operands.map((v) => v ?? 0);
    if (op === 'q') stack.push({ ctm, fill, text, font });
    else if (op === 'Q') ({ ctm, fill, text, font } = stack.pop() ?? { ctm: initialCtm, fill: [0, 0, 0], text: INITIAL_TEXT, font });
    else if (op === 'Tf' && name) [font, text] = [name, { ...text, fontSize: n.at(-1) ?? 0 }];
    else if (op === 'Tc' && n.length === 1) text = { ...text, charSpacing: n[0]! };
    else if (op === 'Tw' && n.length === 1) text = { ...text, wordSpacing: n[0]! };
    else if (op === 'Tz' && n.length === 1) text = { ...text, scale: n[0]! / 100 };
    else if (FILL_OPS.has(op)) fill = fillColour(n) ?? fill;
    else if (op === 'Do' && name) xobjects.push({ name, ctm });
    else if (op === 'cm' && n.length === 6) ctm = multiply(n as Matrix, ctm);
    else if (op === 'BT') tlm = IDENTITY;
    else if (op === 'Tm' && n.length === 6) tlm = n as Matrix;
    else if ((op === 'Td' || op === 'TD') && n.length === 2) {
      tlm = multiply([1, 0, 0, 1, n[0]!, n[1]!], tlm);
      if (op === 'TD') leading = -n[1]!;
    } else if (op === 'TL' && n.length === 1) leading = n[0]!;
    else if (op === 'T*' || op === "'" || op === '"') tlm = multiply([1, 0, 0, 1, 0, -leading], tlm);
    if (op === '"' && n.length === 3) text = { ...text, wordSpacing: n[0]!, charSpacing: n[1]! };
    if (!SHOW_OPS.has(op)) continue;
    const blanks = leadingBlankAdvance(src.subarray(start, end), op, text, font ? options.spaceWidth?.(font) : undefined);
    const origin = multiply(multiply([1, 0, 0, 1, blanks, 0], tlm), ctm);
    const [x, y] = [origin[4], origin[5]];
    const hit = boxes.findIndex((b) => x >= b.x0 - TOLERANCE && x <= b.x1 + TOLERANCE && y >= b.y0 - TOLERANCE && y <= b.y1 + TOLERANCE);
    if (hit < 0) continue;
    removed[hit]!++;
    tally(colourTally[hit]!, fill.join(' '));
    if (font) tally(fontTally[hit]!, font);
    // ' and " also move to the next line (and " sets spacing): keep that effect for what follows.
    const replacement = op === "'" ? ' T*' : op === '"' ? ` ${n[0]} Tw ${n[1]} Tc T*` : ' ';
    cuts.push({ start, end, replacement });
  }
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const cut of cuts) {
    parts.push(src.subarray(at, cut.start), Buffer.from(cut.replacement, 'latin1'));
    at = cut.end;
  }
  parts.push(src.subarray(at));
  const colours = colourTally.map((t) => mostUsed(t)?.split(' ').map(Number) as Rgb | undefined);
  const fonts = fontTally.map((t) => mostUsed(t));
  return { content: Buffer.concat(parts), removed, colours, fonts, xobjects };
}

const tally = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

function mostUsed(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  for (const [key, count] of counts) if (best === undefined || count > counts.get(best)!) best = key;
  return best;
}
