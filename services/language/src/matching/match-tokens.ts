/**
 * What the candidate filter of a fuzzy lookup works on, computed the same way for stored entries
 * (by the writer: imports tokenize in their own process, not in PostgreSQL) and for queries:
 * the distinct lower-cased scoring units that carry meaning (words, numbers, Han/kana characters;
 * not punctuation) and the number of all scoring units, which bounds the length of a match.
 */
import { tokenizeForMatch } from './tokenize-for-match';

export type MatchTokens = { tokens: string[]; units: number };

export function matchTokens(text: string): MatchTokens {
  const units = tokenizeForMatch(text.trim());
  const tokens = new Set<string>();
  for (const unit of units) if (unit.kind !== 'punct') tokens.add(unit.text.toLowerCase());
  return { tokens: [...tokens], units: units.length };
}

/** Units a stored segment may have and still score >= `threshold` against a query of `units`. */
export function lengthBounds(units: number, threshold: number): { min: number; max: number } {
  const t = Math.min(100, Math.max(1, threshold)) / 100;
  return { min: Math.ceil(units * t - 1e-9), max: Math.floor(units / t + 1e-9) };
}
