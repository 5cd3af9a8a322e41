/**
 * Which runs of a source line the translation of that line goes into, for Word and DrawingML
 * alike: each run's share of the line is described by its text, its look and whether it may
 * carry the line's text.
 *
 * - The carrier is the run that carries the line's text: of the runs that may (not a field's
 *   result or a run of only spaces), the one with most letters in the look most of the line's
 *   letters have (`chooseCarrier`). The first run is often an indent, a bullet glyph or a
 *   one-letter drop cap, and its size or font must not spread over the whole translation.
 * - Terms keep their own run: a run that looks different from the carrier (bold, a link) or is
 *   a field's result, whose text (two letters or digits at least, unless a field's) is found as
 *   a whole word as many times in the translation as in the source line, in the same order. Names, numbers, URLs
 *   and product names survive translation that way; other formatting cannot be placed without
 *   a word alignment and goes with the carrier.
 * - Runs of only whitespace at either end of the line (an indent in its own size) stay as they
 *   are when the translation keeps that whitespace.
 */

export type RunShare = {
  /** The run's text in this line (tabs as `\t`). */
  readonly text: string;
  /** Equal for runs that look the same (their properties, a link around them). */
  readonly style: string;
  /** False for text that is not the line's to carry (a field's result, ruby base, a break). */
  readonly canCarry: boolean;
  /** A field's result (page or caption number): a term whatever its look. */
  readonly isFieldResult?: boolean;
  /** False where the run cannot be split from its neighbours (its text spans a line break). */
  readonly canBeTerm?: boolean;
};

/** A piece of the translation and the share whose look the run holding it takes. */
export type Piece = { text: string; like: number };

export type LinePlan = {
  /** The carrier's share index, -1 when the line has no shares. */
  carrier: number;
  /** Text each share kept in place receives: the carrier's stretch and each aligned term. Other shares are emptied. */
  own: Map<number, string>;
  /** Translation between terms away from the carrier: a new run like `like`, right after share `after` or before `before`. */
  added: { text: string; like: number; after?: number; before?: number }[];
  /** Outer whitespace-only shares left as they are. */
  untouched: Set<number>;
  /** The whole line in order, each piece with the share whose look it takes (for runs made anew). */
  pieces: Piece[];
};

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function letterCount(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

const isBlank = (share: RunShare) => share.text !== '' && share.text.trim() === '';

/** Leading (or trailing) whitespace-only shares, skipping empty ones, up to the first with text. */
function outerBlanks(shares: readonly RunShare[], order: number[]): number[] {
  const out: number[] = [];
  for (const i of order) {
    if (shares[i]!.text === '') continue;
    if (!isBlank(shares[i]!)) break;
    out.push(i);
  }
  return out;
}

/** Where `term` stands in `text` as a whole word (CJK text has no spaces, so CJK neighbours do not count). */
function wordPositions(text: string, term: string): number[] {
  const out: number[] = [];
  const joinsWord = (ch: string | undefined) => ch !== undefined && LETTER_OR_DIGIT.test(ch) && !CJK.test(ch);
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const startsWord = LETTER_OR_DIGIT.test(term[0]!) && joinsWord(text[at - 1]);
    const endsWord = LETTER_OR_DIGIT.test(term.at(-1)!) && joinsWord(text[at + term.length]);
    if (!startsWord && !endsWord) out.push(at);
  }
  return out;
}

/**
 * The carrier: the run with most letters in the look most letters have. Where no look has most
 * of them (a line of words each in its own format), the line's plain look is taken, from a run
 * without properties (often a space between the formatted words) when there is one.
 */
export function chooseCarrier(shares: readonly RunShare[], candidates: readonly number[]): number {
  const able = candidates.filter((i) => shares[i]!.canCarry && LETTER_OR_DIGIT.test(shares[i]!.text));
  const pool = able.length > 0 ? able : candidates.filter((i) => shares[i]!.text.trim() !== '');
  if (pool.length <= 1) return pool[0] ?? candidates[0] ?? -1;
  const letters = new Map(pool.map((i) => [i, letterCount(shares[i]!.text)]));
  const lettersByStyle = new Map<string, number>();
  for (const i of pool) lettersByStyle.set(shares[i]!.style, (lettersByStyle.get(shares[i]!.style) ?? 0) + letters.get(i)!);
  const rank = (i: number) => [lettersByStyle.get(shares[i]!.style)!, letters.get(i)!] as const;
  const best = pool.reduce((top, i) => {
    const [a, b] = [rank(i), rank(top)];
    return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]) ? i : top;
  });
  const total = [...lettersByStyle.values()].reduce((sum, n) => sum + n, 0);
  if (rank(best)[0] * 2 > total) return best;
  return candidates.find((i) => shares[i]!.canCarry && shares[i]!.style === '') ?? best;
}

type Term = { index: number; at: number; text: string };

/**
 * Terms in source order. A term found as often in the translation as in the source line maps to
 * the occurrence of the same rank ("Figure 1 ... Figure 1": the caption number is the first).
 */
function alignedTerms(shares: readonly RunShare[], candidates: readonly number[], carrier: number, translation: string): Term[] {
  const terms: Term[] = [];
  if (candidates.length <= 1) return terms;
  const source = shares.map((share) => share.text).join('');
  const starts: number[] = [];
  shares.reduce((start, share) => starts.push(start) && start + share.text.length, 0);
  let end = 0;
  for (const index of candidates) {
    const share = shares[index]!;
    const text = share.text.trim();
    if (index === carrier || share.canBeTerm === false || !LETTER_OR_DIGIT.test(text)) continue;
    // A lone letter or digit in its own look is too weak a match to split the translation at.
    if (!share.isFieldResult && (share.style === shares[carrier]!.style || letterCount(text) < 2)) continue;
    const inSource = wordPositions(source, text);
    const inTranslation = wordPositions(translation, text);
    const rank = inSource.findIndex((at) => at >= starts[index]! && at < starts[index]! + share.text.length);
    const at = inTranslation[rank];
    if (rank < 0 || inSource.length !== inTranslation.length || at === undefined || at < end) continue;
    terms.push({ index, at, text });
    end = at + text.length;
  }
  return terms;
}

type KeptBlanks = { untouched: Set<number>; lead?: Piece; trail?: Piece; rest: string };

/** Outer whitespace-only shares whose whitespace the translation keeps, and the translation without it. */
function keepOuterBlanks(shares: readonly RunShare[], translation: string): KeptBlanks {
  const order = shares.map((_, i) => i);
  const textOf = (list: number[]) => list.map((i) => shares[i]!.text).join('');
  const lead = outerBlanks(shares, order);
  const keepLead = lead.length > 0 && translation.startsWith(textOf(lead));
  const afterLead = keepLead ? translation.slice(textOf(lead).length) : translation;
  const trail = outerBlanks(shares, order.filter((i) => !(keepLead && lead.includes(i))).reverse()).reverse();
  const keepTrail = trail.length > 0 && afterLead.endsWith(textOf(trail));
  const rest = keepTrail ? afterLead.slice(0, afterLead.length - textOf(trail).length) : afterLead;
  const untouched = new Set([...(keepLead ? lead : []), ...(keepTrail ? trail : [])]);
  // Nothing else to carry the text: the whitespace runs take it.
  if (untouched.size === shares.length && rest.trim() !== '') return { untouched: new Set(), rest: translation };
  return {
    untouched,
    rest,
    lead: keepLead ? { text: textOf(lead), like: lead[0]! } : undefined,
    trail: keepTrail ? { text: textOf(trail), like: trail[0]! } : undefined,
  };
}

/** Plans one line: `shares` are its runs' shares in document order, `translation` its translated text. */
export function planLine(shares: readonly RunShare[], translation: string): LinePlan {
  // Most lines are one run: it carries the translation, whatever its look.
  if (shares.length === 1 && shares[0]!.text.trim() !== '') {
    return { carrier: 0, own: new Map([[0, translation]]), added: [], untouched: new Set(), pieces: [{ text: translation, like: 0 }] };
  }
  const { untouched, lead, trail, rest } = keepOuterBlanks(shares, translation);
  const candidates = shares.map((_, i) => i).filter((i) => !untouched.has(i));
  const carrier = chooseCarrier(shares, candidates);
  const plan: LinePlan = { carrier, own: new Map(), added: [], untouched, pieces: lead ? [lead] : [] };
  if (carrier < 0) return plan;
  const terms = alignedTerms(shares, candidates, carrier, rest);
  // Gap j is the translation before term j (the last one after every term); the carrier's own
  // gap is the one between the terms that surround it in the source.
  const carrierGap = terms.filter((term) => term.index < carrier).length;
  let from = 0;
  for (let j = 0; j <= terms.length; j++) {
    const term = terms[j];
    const gap = rest.slice(from, term ? term.at : rest.length);
    if (j === carrierGap) plan.own.set(carrier, gap);
    else if (gap !== '' && j < carrierGap) plan.added.push({ text: gap, like: carrier, before: term!.index });
    else if (gap !== '') plan.added.push({ text: gap, like: carrier, after: terms[j - 1]!.index });
    if (gap !== '') plan.pieces.push({ text: gap, like: carrier });
    if (!term) break;
    plan.own.set(term.index, term.text);
    plan.pieces.push({ text: term.text, like: term.index });
    from = term.at + term.text.length;
  }
  if (trail) plan.pieces.push(trail);
  return plan;
}
