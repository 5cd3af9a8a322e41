/**
 * The lookup columns an entry is written with (see migrations 002/005): its source's match
 * tokens and length, and, in a two-way bank, its translation's, so it also matches in reverse.
 */
import { matchTokens } from '../matching/index';

export type MatchColumns = { match_tokens: string[]; match_len: number; reverse_tokens: string[]; reverse_len: number };

/** smallint columns: a segment longer than this counts as this long (no real segment is). */
const MAX_LEN = 32_767;

export function matchColumns(source: string, translated: string, twoWay: boolean): MatchColumns {
  const forward = matchTokens(source);
  const reverse = twoWay ? matchTokens(translated) : { tokens: [], units: 0 };
  return {
    match_tokens: forward.tokens,
    match_len: Math.min(MAX_LEN, forward.units),
    reverse_tokens: reverse.tokens,
    reverse_len: Math.min(MAX_LEN, reverse.units),
  };
}
