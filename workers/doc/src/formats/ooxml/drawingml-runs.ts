/**
 * DrawingML runs (`a:r`) as the run aligner sees them, and runs made anew. A run's text may
 * hold line breaks of its own: Excel writes the lines of a text box as one `a:t` with line feeds
 * ("NAME\n" in 20 pt, "E-mail: ...\n" in 10 pt), where PowerPoint writes `a:br`. Such a run has
 * one share (segment) per line.
 */
import type { RunShare } from './run-alignment.js';
import { isSymbolFont, isSymbolText, propertiesKey } from './run-style.js';
import { NS, createLike, firstChild, is, type Element } from './xml-dom.js';

/** Properties a reader does not see: proofing language and state, smart tags, bookmarks. */
const INVISIBLE_PROPERTIES = new Set(['lang', 'altLang', 'dirty', 'err', 'noProof', 'smtClean', 'smtId', 'bmk']);

/**
 * A share of a run (`segment`: which of its `\n`-separated lines, -1 for all of it) or of a
 * break; its look is worked out only when the aligner compares runs.
 */
export class DrawingShare implements RunShare {
  private look: string | undefined;

  constructor(
    readonly node: Element,
    readonly segment: number,
    readonly text: string,
    readonly canCarry: boolean,
    readonly canBeTerm: boolean,
  ) {}

  get style(): string {
    this.look ??= is(this.node, NS.a, 'br') ? '' : styleOf(this.node);
    return this.look;
  }

  /** The same share with part of its text (a sentence's part of the run). */
  withText(text: string): DrawingShare {
    return new DrawingShare(this.node, this.segment, text, this.canCarry, this.canBeTerm);
  }
}

export function runText(run: Element): string {
  return firstChild(run, NS.a, 't')?.textContent ?? '';
}

export function setRunText(run: Element, text: string): void {
  let t = firstChild(run, NS.a, 't');
  if (!t) {
    t = createLike(run, 't');
    run.appendChild(t);
  }
  t.textContent = text;
}

/** A run in a symbol font (a bullet or check box glyph typed as text): its letters are pictures, not language. */
function isSymbolRun(run: Element): boolean {
  const properties = firstChild(run, NS.a, 'rPr');
  const latin = properties && firstChild(properties, NS.a, 'latin');
  return isSymbolFont(latin?.getAttribute('typeface')) || isSymbolText(runText(run));
}

/** The paragraph's own text items: runs not in a symbol font, and line breaks (fields are neither). */
export function isTextItem(el: Element): boolean {
  return (is(el, NS.a, 'r') && !isSymbolRun(el)) || is(el, NS.a, 'br');
}

export function itemText(el: Element): string {
  return is(el, NS.a, 'br') ? '\n' : runText(el);
}

function styleOf(run: Element): string {
  return propertiesKey(firstChild(run, NS.a, 'rPr'), INVISIBLE_PROPERTIES);
}

/**
 * Each line's shares. By line, `a:br` and line feeds in a run's text end a line and belong to
 * no share; otherwise everything is one line and breaks are shares that carry nothing.
 */
export function drawingLines(items: readonly Element[], byLine: boolean): DrawingShare[][] {
  const lines: DrawingShare[][] = [[]];
  for (const node of items) {
    if (is(node, NS.a, 'br')) {
      if (byLine) lines.push([]);
      else lines[0]!.push(new DrawingShare(node, -1, '\n', false, false));
      continue;
    }
    const text = runText(node);
    if (!byLine) {
      lines[0]!.push(new DrawingShare(node, -1, text, true, !text.includes('\n')));
      continue;
    }
    const segments = text.split('\n');
    segments.forEach((segment, k) => {
      if (k > 0) lines.push([]);
      lines.at(-1)!.push(new DrawingShare(node, k, segment, true, segments.length === 1));
    });
  }
  return lines;
}

/** A line break sized like the run `like`. */
export function breakLike(like: Element): Element {
  const br = createLike(like, 'br');
  const properties = firstChild(like, NS.a, 'rPr');
  if (properties) br.appendChild(properties.cloneNode(true));
  return br;
}

/** Copies of `like` spelling `text`, `a:br` (with `like`'s properties) for each line break. */
export function runsForText(like: Element, text: string): Element[] {
  const nodes: Element[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) nodes.push(breakLike(like));
    const run = like.cloneNode(true) as Element;
    setRunText(run, line);
    nodes.push(run);
  });
  return nodes;
}
