/**
 * The lookup columns an entry is written with (see migrations 002/005/006): its source's match
 * tokens and length, and, in a two-way bank, its translation's, so it also matches in reverse;
 * and the prefix keys of both (see lookup/prefix-tokens.ts), which the fuzzy lookup's index holds.
 */
import { entryKeys } from '../lookup/prefix-tokens';
import type { TokenRegistry } from '../lookup/token-registry';
import { matchTokens } from '../matching/index';

export type TokenColumns = { match_tokens: string[]; match_len: number; reverse_tokens: string[]; reverse_len: number };
export type MatchColumns = TokenColumns & { match_keys: number[]; reverse_keys: number[] };

/** smallint columns: a segment longer than this counts as this long (no real segment is). */
const MAX_LEN = 32_767;

export function tokenColumns(source: string, translated: string, twoWay: boolean): TokenColumns {
  const forward = matchTokens(source);
  const reverse = twoWay ? matchTokens(translated) : { tokens: [], units: 0 };
  return {
    match_tokens: forward.tokens,
    match_len: Math.min(MAX_LEN, forward.units),
    reverse_tokens: reverse.tokens,
    reverse_len: Math.min(MAX_LEN, reverse.units),
  };
}

/** Registers the tokens of `rows` (one query when any is new) and adds their keys. */
export async function withPrefixes(registry: TokenRegistry, rows: readonly TokenColumns[]): Promise<MatchColumns[]> {
  const ids = await registry.register(rows.flatMap((r) => [r.match_tokens, r.reverse_tokens]));
  return rows.map((r, i) => ({
    match_tokens: r.match_tokens,
    match_len: r.match_len,
    reverse_tokens: r.reverse_tokens,
    reverse_len: r.reverse_len,
    match_keys: entryKeys(ids[2 * i]!, r.match_len),
    reverse_keys: entryKeys(ids[2 * i + 1]!, r.reverse_len),
  }));
}

/** The lookup columns of one entry. */
export async function matchColumns(registry: TokenRegistry, source: string, translated: string, twoWay: boolean): Promise<MatchColumns> {
  return (await withPrefixes(registry, [tokenColumns(source, translated, twoWay)]))[0]!;
}

/** The values for `match_tokens, match_len, reverse_tokens, reverse_len, match_keys, reverse_keys`. */
export function lookupValues(c: MatchColumns): unknown[] {
  return [c.match_tokens, c.match_len, c.reverse_tokens, c.reverse_len, c.match_keys, c.reverse_keys];
}
