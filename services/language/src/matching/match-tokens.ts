/**
 * What the candidate filter of a fuzzy lookup works on, computed the same way for stored entries
 * (by the writer: imports tokenize in their own process, not in PostgreSQL) and for queries:
 * the distinct scoring units, normalized as the scorer normalizes them (words, numbers, Han/kana
 * characters; not punctuation), and the number of scoring units, which bounds a match's length.
 */
import { scanMatchUnits } from './tokenize-for-match';

export type MatchTokens = { tokens: string[]; units: number };

/** All numbers are one token, as the scorer compares them (a different number is a penalty, not an edit). */
export const NUMBER_TOKEN = '#';

/** Printable ASCII text is its own NFKC form; the check costs a third of normalizing (imports tokenize every row). */
const ASCII = /^[ -~\t\n\r]*$/;

export function matchTokens(text: string): MatchTokens {
  // Normalized as the scorer does (NFKC, lower case, numbers as one placeholder); punctuation is
  // neither a token nor a unit, because the scorer's lengths and distances leave it out.
  const normalized = (ASCII.test(text) ? text : text.normalize('NFKC')).trim();
  const tokens = new Set<string>();
  let count = 0;
  scanMatchUnits(normalized, (kind, start, end) => {
    if (kind === 'punct') return;
    count += 1;
    tokens.add(kind === 'number' ? NUMBER_TOKEN : normalized.slice(start, end).toLowerCase());
  });
  return { tokens: [...tokens], units: count };
}

/** Units a stored segment may have and still score >= `threshold` against a query of `units`. */
export function lengthBounds(units: number, threshold: number): { min: number; max: number } {
  const t = Math.min(100, Math.max(1, threshold)) / 100;
  return { min: Math.ceil(units * t - 1e-9), max: Math.floor(units / t + 1e-9) };
}
