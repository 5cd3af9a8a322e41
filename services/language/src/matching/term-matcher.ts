/**
 * Termbase lookup: an Aho-Corasick automaton built once from all entries finds every term in a
 * segment in one pass (O(text length + matches)), instead of one query per term.
 *
 * Rules:
 *  - Matching is case-insensitive (per-character lower case plus NFKC, so full-width "ＡＰＩ"
 *    finds "API"); offsets are UTF-16 offsets into the text as given (`text.slice(start, end)`).
 *  - Latin, Cyrillic and other spaced scripts match whole words only: the characters just
 *    outside a match must not be letters or digits ("log" is not found in "blog" or "logs"; no
 *    inflection tail is allowed, so add "servers" as its own entry if wanted). A term edge
 *    that is punctuation needs no boundary.
 *  - Hangul needs a word start but may be followed by more Hangul (particles: "서버" in "서버를").
 *  - Han/kana match anywhere (no spaces to mark words).
 *  - Overlapping matches are resolved leftmost-longest: the earliest start wins, then the longest;
 *    matches overlapping a kept one are dropped (`overlapping: true` returns them all). Entries
 *    with the same text (e.g. two translations of one term) are all returned for that span.
 *  - `direction: 'reverse'` matches two-way entries (`tow_way` 1/true) by their target and
 *    returns them with `source` = the text found (the entry's target) and `target` = the entry's
 *    source. The reverse automaton is built on first use.
 */
import { classifyChar } from './tokenize-for-match';

export interface TermEntry<Id = string | number> {
  id: Id;
  source: string;
  target: string;
  /** 1 (or true) for a two-way entry, also matched from target to source. */
  tow_way?: number | boolean;
}

export interface TermMatch<Id = string | number> {
  id: Id;
  /** The term as stored on the side that was found in the text. */
  source: string;
  /** The other side: the translation to use. */
  target: string;
  start: number;
  end: number;
}

export interface FindOptions {
  direction?: 'forward' | 'reverse';
  /** Return every occurrence, overlapping ones included, instead of leftmost-longest. */
  overlapping?: boolean;
}

const HANGUL = /\p{Script=Hangul}/u;

function foldChar(ch: string): string {
  return ch.normalize('NFKC').toLowerCase();
}

/** Folded code points of a term, for building. */
function foldedCodePoints(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) for (const f of foldChar(ch)) out.push(f.codePointAt(0)!);
  return out;
}

type EdgeKind = 'word' | 'hangul' | 'free';

function edgeKind(ch: string | undefined): EdgeKind {
  if (ch === undefined) return 'free';
  const cls = classifyChar(ch);
  if (cls !== 'word') return 'free';
  return HANGUL.test(ch) ? 'hangul' : 'word';
}

interface Pattern<Id> {
  entries: { id: Id; source: string; target: string }[];
  length: number;
  first: EdgeKind;
  last: EdgeKind;
}

class Automaton<Id> {
  /**
   * Transitions: key node * alphabet size + symbol → child node. Symbols are the code points that
   * occur in terms, numbered densely, which keeps keys small integers (fast Map lookups).
   */
  private readonly next = new Map<number, number>();
  private readonly alphabet = new Map<number, number>();
  private alphabetSize = 0;
  private readonly fail: number[] = [0];
  /** Pattern index ending at this node, or -1. */
  private readonly output: number[] = [-1];
  /** Nearest node on the fail chain (excluding itself) with an output, or -1. */
  private readonly dict: number[] = [-1];
  private readonly firstChild: number[] = [-1];
  private readonly sibling: number[] = [-1];
  private readonly patterns: Pattern<Id>[] = [];
  /** Symbol on the edge into each node (index = node). */
  private readonly childSym: number[] = [-1];

  constructor(items: readonly { id: Id; key: string; other: string }[]) {
    for (const item of items) for (const cp of foldedCodePoints(item.key.trim())) this.symbol(cp, true);
    this.alphabetSize = Math.max(1, this.alphabet.size);
    for (const item of items) this.add(item.id, item.key, item.other);
    this.link();
  }

  /** The symbol of a code point, -1 when no term holds it. */
  private symbol(cp: number, create = false): number {
    let sym = this.alphabet.get(cp);
    if (sym === undefined) {
      if (!create) return -1;
      sym = this.alphabet.size;
      this.alphabet.set(cp, sym);
    }
    return sym;
  }

  private add(id: Id, key: string, other: string): void {
    const cps = foldedCodePoints(key.trim());
    if (cps.length === 0) return;
    let node = 0;
    for (const cp of cps) {
      const sym = this.symbol(cp);
      const k = node * this.alphabetSize + sym;
      let child = this.next.get(k);
      if (child === undefined) {
        child = this.fail.length;
        this.fail.push(0);
        this.output.push(-1);
        this.dict.push(-1);
        this.firstChild.push(-1);
        this.sibling.push(this.firstChild[node]!);
        this.firstChild[node] = child;
        this.next.set(k, child);
        this.childSym.push(sym);
      }
      node = child;
    }
    let p = this.output[node]!;
    if (p === -1) {
      const trimmed = key.trim();
      const chars = Array.from(trimmed);
      p = this.patterns.length;
      this.patterns.push({ entries: [], length: cps.length, first: edgeKind(chars[0]), last: edgeKind(chars[chars.length - 1]) });
      this.output[node] = p;
    }
    this.patterns[p]!.entries.push({ id, source: key, target: other });
  }

  private link(): void {
    const queue: number[] = [];
    for (let c = this.firstChild[0]!; c !== -1; c = this.sibling[c]!) {
      this.fail[c] = 0;
      queue.push(c);
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const node = queue[qi]!;
      for (let c = this.firstChild[node]!; c !== -1; c = this.sibling[c]!) {
        const sym = this.childSym[c]!;
        const size = this.alphabetSize;
        let f = this.fail[node]!;
        let target = this.next.get(f * size + sym);
        while (target === undefined && f !== 0) {
          f = this.fail[f]!;
          target = this.next.get(f * size + sym);
        }
        const fc = target !== undefined && target !== c ? target : 0;
        this.fail[c] = fc;
        this.dict[c] = this.output[fc] !== -1 ? fc : this.dict[fc]!;
        queue.push(c);
      }
    }
  }

  find(text: string, overlapping: boolean): TermMatch<Id>[] {
    // For each folded code point, the UTF-16 start of the original character it came from.
    const origStart: number[] = [];
    const hits: { pattern: number; start: number; end: number }[] = [];
    let node = 0;
    let pos = 0;
    let i = 0;
    while (i < text.length) {
      const cp0 = text.codePointAt(i)!;
      const chEnd = i + (cp0 > 0xffff ? 2 : 1);
      // ASCII fast path: fold by arithmetic; anything else through NFKC + lower case.
      if (cp0 < 0x80) {
        node = this.step(node, this.symbol(cp0 >= 65 && cp0 <= 90 ? cp0 + 32 : cp0));
        pos = this.report(node, pos, i, chEnd, origStart, hits);
      } else {
        for (const cp of foldedCodePoints(String.fromCodePoint(cp0))) {
          node = this.step(node, this.symbol(cp));
          pos = this.report(node, pos, i, chEnd, origStart, hits);
        }
      }
      i = chEnd;
    }
    return this.resolve(text, hits, overlapping);
  }

  private step(from: number, sym: number): number {
    if (sym < 0) return 0;
    const size = this.alphabetSize;
    let node = from;
    let child = this.next.get(node * size + sym);
    while (child === undefined && node !== 0) {
      node = this.fail[node]!;
      child = this.next.get(node * size + sym);
    }
    return child ?? 0;
  }

  /** Records the folded position and the patterns ending at `node`; returns the next position. */
  private report(
    node: number,
    pos: number,
    start: number,
    chEnd: number,
    origStart: number[],
    hits: { pattern: number; start: number; end: number }[],
  ): number {
    origStart.push(start);
    for (let o = this.output[node] !== -1 ? node : this.dict[node]!; o !== -1; o = this.dict[o]!) {
      const p = this.output[o]!;
      const startPos = pos - this.patterns[p]!.length + 1;
      hits.push({ pattern: p, start: origStart[startPos]!, end: chEnd });
    }
    return pos + 1;
  }

  private resolve(text: string, hits: { pattern: number; start: number; end: number }[], overlapping: boolean): TermMatch<Id>[] {
    const valid = hits.filter((h) => this.bounded(text, h.pattern, h.start, h.end));
    // Leftmost first, then longest; input order of entries is kept within a span.
    valid.sort((a, b) => a.start - b.start || b.end - a.end);
    const out: TermMatch<Id>[] = [];
    let covered = 0;
    let lastStart = -1;
    let lastEnd = -1;
    for (const h of valid) {
      const sameSpan = h.start === lastStart && h.end === lastEnd;
      if (!overlapping && !sameSpan && h.start < covered) continue;
      // A second pattern on the very same span (only possible through multi-character case
      // folding, e.g. "İ") is dropped as well.
      if (sameSpan && !overlapping) continue;
      for (const e of this.patterns[h.pattern]!.entries)
        out.push({ id: e.id, source: e.source, target: e.target, start: h.start, end: h.end });
      lastStart = h.start;
      lastEnd = h.end;
      if (h.end > covered) covered = h.end;
    }
    return out;
  }

  private bounded(text: string, pattern: number, start: number, end: number): boolean {
    const p = this.patterns[pattern]!;
    if (p.first !== 'free' && start > 0) {
      const before = charBefore(text, start);
      if (edgeKind(before) !== 'free') return false;
    }
    if (p.last === 'word' && end < text.length) {
      const after = String.fromCodePoint(text.codePointAt(end)!);
      if (edgeKind(after) !== 'free') return false;
    }
    return true;
  }
}

function charBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text.slice(index - 1, index);
}

function isTwoWay(e: TermEntry<unknown>): boolean {
  return e.tow_way === true || e.tow_way === 1;
}

/** Finds termbase entries in text; build once, call `find` per segment. */
export class TermMatcher<Id = string | number> {
  private readonly entries: readonly TermEntry<Id>[];
  private readonly forward: Automaton<Id>;
  private reverse: Automaton<Id> | null = null;

  constructor(entries: readonly TermEntry<Id>[]) {
    this.entries = entries;
    this.forward = new Automaton(entries.map((e) => ({ id: e.id, key: e.source, other: e.target })));
  }

  find(text: string, opts: FindOptions = {}): TermMatch<Id>[] {
    const overlapping = opts.overlapping ?? false;
    if (opts.direction === 'reverse') {
      this.reverse ??= new Automaton(this.entries.filter(isTwoWay).map((e) => ({ id: e.id, key: e.target, other: e.source })));
      return this.reverse.find(text, overlapping);
    }
    return this.forward.find(text, overlapping);
  }
}

export function buildTermMatcher<Id>(entries: readonly TermEntry<Id>[]): TermMatcher<Id> {
  return new TermMatcher(entries);
}
