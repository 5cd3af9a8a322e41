/**
 * The three ways a translation goes into Word runs (run-alignment.ts chooses the runs):
 *
 * - in place (mode 0): the carrier run of each line gets that line's translation, aligned terms
 *   keep their runs, the other runs' text is removed (runs left with nothing but properties go);
 *   line breaks stay where they are when the translation has as many lines as the source;
 *   images, fields, bookmarks, comment and footnote marks stay in place.
 * - as new runs (mode 1, a copy of the paragraph), looking like the runs they come from.
 * - after each source sentence (mode 2): the source runs are left exactly as they were (a run
 *   is only split where a sentence ends inside it) and the sentence's translation follows it.
 */
import { planLine, type LinePlan, type Piece } from './run-alignment.js';
import type { SentenceInsertion } from './text-units.js';
import {
  besideNode,
  enclosing,
  insideLink,
  rootOf,
  runOf,
  runsLike,
  textNodes,
  wordLines,
  type WordRuns,
  type WordShare,
} from './wordml-runs.js';
import { textOfItem } from './wordml-scan.js';
import { childElements, createLike, insertAfter, is, isElement, remove, setPreservedText, type Element } from './xml-dom.js';

type Line = { shares: WordShare[]; text: string };

/** Line by line when the translation has the source's number of lines, else the paragraph as one line. */
function linesFor(runs: WordRuns, translation: string): Line[] {
  const lines = wordLines(runs, runs.items, true);
  const texts = translation.split('\n');
  if (lines.length === 1) return [{ shares: lines[0]!, text: translation }];
  const byLine = lines.length === texts.length && lines.every((shares, i) => shares.length > 0 || texts[i] === '');
  if (byLine) return lines.map((shares, i) => ({ shares, text: texts[i]! }));
  return [{ shares: wordLines(runs, runs.items, false)[0]!, text: translation }];
}

/** The aligned terms' share indices, in source order (the carrier's gaps are placed between them). */
function termIndices(plan: LinePlan): number[] {
  return [...plan.own.keys()].filter((i) => i !== plan.carrier).sort((a, b) => a - b);
}

function layInLine(runs: WordRuns, { shares }: Line, plan: LinePlan): void {
  for (const [index, text] of plan.own) {
    const first = shares[index]!.items[0]!;
    for (const node of textNodes(first, text)) runOf(first).insertBefore(node, first);
  }
  const terms = termIndices(plan);
  for (const added of plan.added) {
    const after = added.after !== undefined;
    const at = after ? added.after! : added.before!;
    // The run stays beside its term, outside whatever holds neither the carrier nor the next term.
    const neighbour = after ? terms.find((i) => i > at) : terms.filter((i) => i < at).at(-1);
    const keepWith = [shares[plan.carrier]!.run, ...(neighbour === undefined ? [] : [shares[neighbour]!.run])];
    const beside = besideNode(runs, shares[at]!.run, after ? 'after' : 'before', keepWith);
    const [run] = runsLike(runs, [{ text: added.text, like: shares[added.like]!.run }], !insideLink(runs, beside));
    if (after) insertAfter(run!, beside);
    else beside.parentNode?.insertBefore(run!, beside);
  }
  shares.forEach((share, i) => {
    if (!plan.untouched.has(i)) share.items.forEach(remove);
  });
}

export function replaceWordText(runs: WordRuns, translation: string): void {
  if (runs.items.length === 0) return;
  const touched = new Set(runs.items.map(runOf));
  for (const line of linesFor(runs, translation)) {
    if (line.shares.length > 0) layInLine(runs, line, planLine(line.shares, line.text));
  }
  for (const run of touched) {
    if (childElements(run).every((child) => is(child, runs.w, 'rPr'))) remove(run);
  }
  // A ruby whose base text moved into the translation would float its furigana over nothing.
  for (const root of runs.roots) {
    for (const ruby of Array.from(root.getElementsByTagNameNS(runs.w, 'ruby'))) {
      const base = childElements(ruby).find((child) => is(child, runs.w, 'rubyBase'));
      if (base && base.getElementsByTagNameNS(runs.w, 't').length === 0) remove(ruby);
    }
  }
}

type LikePiece = { text: string; like: Element };

function likePieces(shares: WordShare[], pieces: Piece[]): LikePiece[] {
  return pieces.map((piece) => ({ text: piece.text, like: shares[piece.like]!.run }));
}

/** The runs of a translated copy: each line's pieces, line breaks between lines. */
export function wordCopyRuns(runs: WordRuns, translation: string): Element[] {
  if (runs.items.length === 0) return [];
  const pieces: LikePiece[] = [];
  for (const [n, line] of linesFor(runs, translation).entries()) {
    const plan = planLine(line.shares, line.text);
    const fallback = line.shares[plan.carrier]?.run ?? pieces.at(-1)?.like ?? runOf(runs.items[0]!);
    if (n > 0) pieces.push({ text: '\n', like: pieces.at(-1)?.like ?? fallback });
    pieces.push(...likePieces(line.shares, plan.pieces));
  }
  const merged: LikePiece[] = [];
  for (const piece of pieces) {
    if (merged.at(-1)?.like === piece.like) merged.at(-1)!.text += piece.text;
    else merged.push({ ...piece });
  }
  return runsLike(
    runs,
    merged.filter((piece) => piece.text !== ''),
    true,
  );
}

type Span = { item: Element; start: number; end: number };

function isLastChild(node: Element): boolean {
  for (let next = node.nextSibling; next; next = next.nextSibling) if (isElement(next)) return false;
  return true;
}

function itemSpans(items: readonly Element[]): Span[] {
  let start = 0;
  return items.map((item) => {
    const end = start + textOfItem(item).length;
    const span = { item, start, end };
    start = end;
    return span;
  });
}

/** The source sentence's runs (their text clipped to it) and the pieces of its translation. */
function sentencePieces(runs: WordRuns, spans: Span[], insertion: SentenceInsertion): LikePiece[] {
  const inside = spans.filter((span) => span.end > insertion.from && span.start < insertion.at);
  const clipped = inside.map((span) => {
    const text = textOfItem(span.item).slice(Math.max(0, insertion.from - span.start), insertion.at - span.start);
    return { ...span, text };
  });
  const shares = wordLines(
    runs,
    clipped.map((span) => span.item),
    false,
  )[0]!;
  // wordLines read whole items; the sentence may start or end inside one.
  for (const share of shares) {
    share.text = clipped
      .filter((span) => runOf(span.item) === share.run)
      .map((span) => span.text)
      .join('');
  }
  if (shares.length === 0) {
    const last = spans.filter((span) => span.start < insertion.at).at(-1) ?? spans[0]!;
    return [{ text: insertion.text, like: runOf(last.item) }];
  }
  return likePieces(shares, planLine(shares, insertion.text).pieces);
}

/** Splits the runs at `offset` of the text; returns the node the sentence's translation goes after. */
function splitAt(runs: WordRuns, spans: Span[], offset: number): Element | undefined {
  const span = spans.find((s) => s.start < offset && offset <= s.end);
  if (!span) return undefined;
  const { item } = span;
  const run = runOf(item);
  if (offset < span.end && is(item, runs.w, 't')) {
    const text = item.textContent;
    const rest = createLike(item, 't');
    setPreservedText(rest, text.slice(offset - span.start));
    setPreservedText(item, text.slice(0, offset - span.start));
    insertAfter(rest, item);
  }
  const following = [];
  for (let next = item.nextSibling; next; next = next.nextSibling) following.push(next);
  if (following.length > 0) {
    const second = run.cloneNode(false) as Element;
    const properties = childElements(run).find((child) => is(child, runs.w, 'rPr'));
    if (properties) second.appendChild(properties.cloneNode(true));
    for (const node of following) second.appendChild(node);
    insertAfter(second, run);
  }
  // After the field whose result the sentence ends in, and out of a link that ends with it.
  let node = besideNode(runs, run, 'after', [run]);
  const root = rootOf(runs, node);
  while (node.parentNode && node.parentNode !== root && isLastChild(node) && enclosing(runs, node, 'hyperlink') === node.parentNode) {
    node = node.parentNode as Element;
  }
  return node;
}

export function insertWordTranslations(runs: WordRuns, insertions: readonly SentenceInsertion[]): void {
  const spans = itemSpans(runs.items);
  const planned = insertions.map((insertion) => ({ insertion, pieces: sentencePieces(runs, spans, insertion) }));
  // Last sentence first: splitting a run at a later offset leaves the earlier offsets where they were.
  for (const { insertion, pieces } of planned.reverse()) {
    const node = splitAt(runs, spans, insertion.at);
    if (!node) continue;
    let previous = node;
    for (const run of runsLike(runs, pieces, !insideLink(runs, node))) {
      insertAfter(run, previous);
      previous = run;
    }
  }
}
