/**
 * Fuzzy translation-memory scores, the way CAT tools count them.
 *
 * Base score: 100 × (1 − d / L), rounded down, where d is the Levenshtein distance between the two
 * segments' units (words; single characters for Chinese/Japanese, see tokenize-for-match.ts) after
 * normalizing them: NFKC, lower case, every number replaced by one placeholder, punctuation and
 * whitespace left out. L is the longer unit count. Rounding down keeps any real edit below 100.
 *
 * Penalties (subtracted from the base; a segment that is not identical never scores above 99):
 *  - case: 1 when the segments differ in letter case (e.g. "Save file" / "save file" → 99);
 *  - numbers: 1 per differing number ("Page 3 of 4" / "Page 5 of 6" → 98);
 *  - punctuation: 1 when punctuation or symbols differ ("Hello, world" / "Hello world!" → 99);
 *  - whitespace/width: 1 when nothing above differs but the strings still do (spacing,
 *    full-width forms) → 99.
 * Each penalty is found by re-running the distance with one normalization switched off (case kept,
 * numbers kept literal, punctuation kept as units) and comparing it with the normalized distance,
 * so they apply to near matches as well as to otherwise-identical segments.
 *
 * Identical strings (after NFC) score 100; matchScore gives 101 when the previous segments are
 * identical too (context match).
 */
import { levenshtein } from './levenshtein';
import { tokenizeForMatch } from './tokenize-for-match';

export const CASE_PENALTY = 1;
export const NUMBER_PENALTY = 1;
export const PUNCTUATION_PENALTY = 1;
export const WHITESPACE_PENALTY = 1;
export const EXACT_SCORE = 100;
export const CONTEXT_SCORE = 101;

const NUMBER_PLACEHOLDER = '\u0000#';

export interface FuzzyOptions {
  /** Language hint passed to the tokenizer ('zh-cn', 'ja', 'en-us', ...). */
  lang?: string;
  /**
   * Scores that cannot reach this come back as 0 without the full computation (the distance is
   * capped). Scores at or above it are exact.
   */
  threshold?: number;
}

/** A segment's units, prepared once and compared with many candidates. */
export interface PreparedSegment {
  nfc: string;
  /** Lower-cased, numbers as placeholder, no punctuation: the base units. */
  norm: string[];
  /** Case kept (numbers placeholder, no punctuation); null when identical to `norm`. */
  cased: string[] | null;
  /** Numbers literal (lower case, no punctuation); null when the segment has no numbers. */
  numbered: string[] | null;
  /** Punctuation kept as units (lower case, numbers placeholder); null when it has none. */
  punctuated: string[] | null;
}

export function prepareSegment(text: string, lang?: string): PreparedSegment {
  const nfc = text.normalize('NFC');
  const tokens = tokenizeForMatch(nfc.normalize('NFKC'), lang);
  const norm: string[] = [];
  const cased: string[] = [];
  const numbered: string[] = [];
  const punctuated: string[] = [];
  let hasCase = false;
  let hasNumber = false;
  let hasPunct = false;
  for (const t of tokens) {
    if (t.kind === 'punct') {
      hasPunct = true;
      punctuated.push(t.text);
      continue;
    }
    if (t.kind === 'number') {
      hasNumber = true;
      norm.push(NUMBER_PLACEHOLDER);
      cased.push(NUMBER_PLACEHOLDER);
      numbered.push(t.text);
      punctuated.push(NUMBER_PLACEHOLDER);
      continue;
    }
    const lower = t.text.toLowerCase();
    if (lower !== t.text) hasCase = true;
    norm.push(lower);
    cased.push(t.text);
    numbered.push(lower);
    punctuated.push(lower);
  }
  return {
    nfc,
    norm,
    cased: hasCase ? cased : null,
    numbered: hasNumber ? numbered : null,
    punctuated: hasPunct ? punctuated : null,
  };
}

export interface FuzzyDetails {
  score: number;
  /** Normalized unit edit distance (capped when the score cannot reach the threshold). */
  distance: number;
  /** Longer normalized unit count. */
  length: number;
  penalties: { case: number; numbers: number; punctuation: number; whitespace: number };
}

function baseScore(distance: number, length: number): number {
  if (length === 0) return 100;
  return Math.floor((100 * (length - distance)) / length + 1e-9);
}

/** Scores two prepared segments; see the module comment for the rules. */
export function scorePrepared(a: PreparedSegment, b: PreparedSegment, minScore = 0): FuzzyDetails {
  const threshold = Math.min(Math.max(minScore, 0), EXACT_SCORE);
  const length = Math.max(a.norm.length, b.norm.length);
  const none = { case: 0, numbers: 0, punctuation: 0, whitespace: 0 };
  if (a.nfc === b.nfc) return { score: EXACT_SCORE, distance: 0, length, penalties: none };
  // Largest distance that still reaches the threshold (penalties only lower a score).
  const maxDistance = threshold > 0 ? Math.floor((length * (100 - threshold)) / 100 + 1e-9) : Infinity;
  const distance = levenshtein(a.norm, b.norm, maxDistance);
  if (distance > maxDistance) return { score: 0, distance, length, penalties: none };
  const penalties = { ...none };
  if (a.cased || b.cased) {
    if (levenshtein(a.cased ?? a.norm, b.cased ?? b.norm) > distance) penalties.case = CASE_PENALTY;
  }
  if (a.numbered || b.numbered) {
    const extra = levenshtein(a.numbered ?? a.norm, b.numbered ?? b.norm) - distance;
    penalties.numbers = Math.max(0, extra) * NUMBER_PENALTY;
  }
  if (a.punctuated || b.punctuated) {
    const withPunct = levenshtein(a.punctuated ?? a.norm, b.punctuated ?? b.norm);
    if (withPunct > distance) penalties.punctuation = PUNCTUATION_PENALTY;
  }
  if (distance === 0 && penalties.case + penalties.numbers + penalties.punctuation === 0) {
    penalties.whitespace = WHITESPACE_PENALTY;
  }
  const total = penalties.case + penalties.numbers + penalties.punctuation + penalties.whitespace;
  const score = Math.max(0, Math.min(99, baseScore(distance, length) - total));
  if (score < threshold) return { score: 0, distance, length, penalties };
  return { score, distance, length, penalties };
}

/** Score with the details (distance, penalties) behind it. */
export function fuzzyDetails(source: string, candidate: string, opts: FuzzyOptions = {}): FuzzyDetails {
  return scorePrepared(prepareSegment(source, opts.lang), prepareSegment(candidate, opts.lang), opts.threshold ?? 0);
}

/** Fuzzy score 0-100 (integer) of `candidate` against `source`. */
export function fuzzyScore(source: string, candidate: string, opts: FuzzyOptions = {}): number {
  return fuzzyDetails(source, candidate, opts).score;
}

export interface ContextOptions extends FuzzyOptions {
  /** The segment before `source` in the document ('' at the start of a document). */
  prevSource?: string | null;
  /** The segment stored before `candidate` (the TM entry's prev_source). */
  candidatePrevSource?: string | null;
}

/** True when both previous segments are known and identical (after NFC). */
export function contextMatches(prevSource?: string | null, candidatePrevSource?: string | null): boolean {
  if (prevSource == null || candidatePrevSource == null) return false;
  return prevSource.normalize('NFC') === candidatePrevSource.normalize('NFC');
}

/** 101 for an exact match whose previous segments are identical too, else fuzzyScore. */
export function matchScore(source: string, candidate: string, opts: ContextOptions = {}): number {
  const score = fuzzyScore(source, candidate, opts);
  return score === EXACT_SCORE && contextMatches(opts.prevSource, opts.candidatePrevSource) ? CONTEXT_SCORE : score;
}
