/**
 * Word runs as the run aligner sees them (each run's share of a line, its look), and the runs
 * a translation is laid into: new runs made like a source run, and where they may stand.
 */
import type { RunShare } from './run-alignment.js';
import { propertiesKey } from './run-style.js';
import { isLineBreak, textOfItem, type WordScan } from './wordml-scan.js';
import { childElements, createLike, firstChild, is, isElement, remove, setPreservedText, type Element, type Node } from './xml-dom.js';

/** Properties a reader does not see: proofing language and state, revision records. */
const INVISIBLE_PROPERTIES = new Set(['lang', 'noProof', 'rPrChange', 'hint', 'webHidden', 'specVanish']);

/** A run's share of a line; its look is worked out only when the aligner compares runs. */
export class WordShare implements RunShare {
  text = '';
  readonly items: Element[] = [];
  private look: string | undefined;

  constructor(
    private readonly runs: WordRuns,
    readonly run: Element,
    readonly canCarry: boolean,
    readonly isFieldResult: boolean,
  ) {}

  get style(): string {
    this.look ??= styleOf(this.runs, this.run);
    return this.look;
  }
}

/** The runs' items, what the unit reads, and the roots its edits stay within. */
export type WordRuns = { w: string; scan: WordScan; items: readonly Element[]; roots: readonly Element[] };

export function runOf(item: Element): Element {
  return item.parentNode as Element;
}

export function contains(ancestor: Node, node: Node): boolean {
  for (let up: Node | null = node; up; up = up.parentNode) if (up === ancestor) return true;
  return false;
}

/** The root (paragraph or moved-from part) that holds `node`. */
export function rootOf(runs: WordRuns, node: Node): Element {
  if (runs.roots.length === 1) return runs.roots[0]!;
  return runs.roots.find((root) => contains(root, node)) ?? runs.roots[0]!;
}

/** The nearest ancestor `w:local` of `node` inside its root. */
export function enclosing(runs: WordRuns, node: Node, local: string): Element | undefined {
  const root = rootOf(runs, node);
  for (let up = node.parentNode; up && up !== root; up = up.parentNode) if (is(up, runs.w, local)) return up;
  return undefined;
}

function styleOf(runs: WordRuns, run: Element): string {
  const link = enclosing(runs, run, 'hyperlink');
  const linkKey = link ? `|link:${link.attributes.map((attr) => `${attr.name}=${attr.value}`).join(' ')}` : '';
  return propertiesKey(firstChild(run, runs.w, 'rPr'), INVISIBLE_PROPERTIES) + linkKey;
}

/**
 * The runs' shares of each line. With `byLine` a line break ends a line and belongs to no share
 * (it stays where it is); without, everything is one line and breaks are part of the text.
 */
export function wordLines(runs: WordRuns, items: readonly Element[], byLine: boolean): WordShare[][] {
  const lines: WordShare[][] = [[]];
  let current: WordShare | undefined;
  for (const item of items) {
    if (byLine && isLineBreak(item)) {
      lines.push([]);
      current = undefined;
      continue;
    }
    const run = runOf(item);
    if (current?.run !== run) {
      const isFieldResult = runs.scan.fields.has(run);
      const inRuby = enclosing(runs, run, 'ruby') !== undefined;
      current = new WordShare(runs, run, !isFieldResult && !inRuby, isFieldResult);
      lines.at(-1)!.push(current);
    }
    current.items.push(item);
    current.text += textOfItem(item);
  }
  return lines;
}

/** `w:t`, `w:tab` and `w:br` elements spelling `text`, created in the document of `like`. */
export function textNodes(like: Element, text: string): Element[] {
  return text
    .split(/(\t|\n)/)
    .filter((piece) => piece.length > 0)
    .map((piece) => {
      if (piece === '\t') return createLike(like, 'tab');
      if (piece === '\n') return createLike(like, 'br');
      const t = createLike(like, 't');
      setPreservedText(t, piece);
      return t;
    });
}

/** Run properties for a new run: a formatting revision record would repeat its id. */
function newRunProperties(runs: WordRuns, like: Element): Element | undefined {
  const properties = firstChild(like, runs.w, 'rPr');
  if (!properties) return undefined;
  const copy = properties.cloneNode(true) as Element;
  for (const child of childElements(copy)) if (is(child, runs.w, 'rPrChange')) remove(child);
  return copy;
}

/** A new run holding `text` that looks like `like` (without the link around `like`). */
export function runLike(runs: WordRuns, like: Element, text: string): Element {
  const run = createLike(like, 'r');
  const properties = newRunProperties(runs, like);
  if (properties) run.appendChild(properties);
  for (const node of textNodes(like, text)) run.appendChild(node);
  return run;
}

/**
 * New runs for `pieces`, each like its source run; with `withLinks`, pieces from runs inside a
 * link go into a copy of that link, consecutive ones into the same copy (a link cannot hold
 * another, so not where the runs go inside one).
 */
export function runsLike(runs: WordRuns, pieces: readonly { text: string; like: Element }[], withLinks: boolean): Element[] {
  const out: Element[] = [];
  let previousLink: Element | undefined;
  for (const piece of pieces) {
    const run = runLike(runs, piece.like, piece.text);
    const link = withLinks ? enclosing(runs, piece.like, 'hyperlink') : undefined;
    if (link && link === previousLink) out.at(-1)!.appendChild(run);
    else if (link) {
      const wrapper = link.cloneNode(false) as Element;
      wrapper.appendChild(run);
      out.push(wrapper);
    } else out.push(run);
    previousLink = link;
  }
  return out;
}

/** A run's outermost run: a ruby's base runs sit inside the run that holds the ruby. */
function outerRun(runs: WordRuns, run: Element): Element {
  const ruby = enclosing(runs, run, 'ruby');
  return (ruby && enclosing(runs, ruby, 'r')) ?? run;
}

/**
 * The node a run must stand right after (or before) to follow (or precede) `run` in reading,
 * outside its field (Word rewrites a field's result) and outside the containers (link,
 * content control, revision) that hold none of `keepWith`.
 */
export function besideNode(runs: WordRuns, run: Element, side: 'after' | 'before', keepWith: readonly Element[]): Element {
  const field = runs.scan.fields.get(run);
  let node = outerRun(runs, field ? (side === 'after' ? field.end : field.begin) : run);
  const root = rootOf(runs, node);
  while (node.parentNode && node.parentNode !== root && isElement(node.parentNode)) {
    const parent: Element = node.parentNode;
    if (keepWith.some((kept) => contains(parent, kept))) break;
    node = parent;
  }
  return node;
}

/** Whether `node` stands inside a link (runs put next to it must not get a link of their own). */
export function insideLink(runs: WordRuns, node: Element): boolean {
  return enclosing(runs, node, 'hyperlink') !== undefined;
}
