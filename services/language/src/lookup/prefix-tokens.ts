/**
 * Prefix filtering for fuzzy candidates (the AllPairs / PPJoin scheme), on both sides.
 *
 * A stored segment of m units scoring >= t against a query of n units has edit distance
 * d <= (1 - t) * max(n, m) <= (1 - t) / t * min(n, m) (a match's lengths are within a factor t).
 * Each distinct token one side has and the other lacks costs at least one edit, so with O shared
 * distinct tokens, |tokens(query)| - O <= d and |tokens(entry)| - O <= d. Put all tokens in one
 * global order: fewer than d + k tokens precede the k-th shared one on either side. So the first
 * `maxEdits + 1` tokens of both share a token, and when a match must share 2 (O >= |tokens| - d
 * >= 2 for the query or for the entry), their first `maxEdits + 2` tokens share a pair.
 *
 * Entries store keys for those (`entryKeys`, for the lowest indexed threshold; `segmentKeys`
 * says which), and a lookup fetches the entries holding one of the query's keys: rare tokens
 * alone, common ones in pairs. A pair of common words is far rarer than either, so even a query
 * made of common words fetches few rows.
 *
 * The order puts rare tokens first. It must never change, so it is the token's id in `tm_tokens`,
 * assigned at first sight (`token-registry.ts`), highest (newest, usually rarer) first; common
 * words are met first in any memory.
 */

/** Lookups with a threshold below this cannot use the stored keys (they scan their banks). */
export const INDEXED_THRESHOLD = 70;

/** The most edits a match >= `threshold` with a segment of `units` units can have. */
export function maxEdits(units: number, threshold: number): number {
  const t = Math.min(100, Math.max(1, threshold));
  return Math.floor((units * (100 - t)) / t + 1e-9);
}

const PAIR_BASE = 2 ** 31;

/**
 * A pair's key (the common, higher id first): above every single token id, so the two kinds never
 * collide; exact as a double while the first id stays below 2^22 (it is at most COMMON_TOKENS).
 */
function pairKey(high: number, low: number): number {
  return high * PAIR_BASE + low;
}

/**
 * Tokens with an id up to this are "common" (the first ones met: a memory's most frequent words).
 * A common token's key alone would fetch a large share of the memory, so it is keyed only in
 * pairs; a rarer token is selective alone, so it is keyed as a single (one key instead of pairs).
 * Why 30,000 (2,000 until migration 010): at ten million units the tokens ranked 2,000-30,000 are
 * each held by thousands of entries, and their singles made most of a lookup's candidates
 * (language README, "Lookups at scale"). Changing it means keying every entry again (010).
 */
export const COMMON_TOKENS = 30_000;

/**
 * The keys of a segment whose distinct token ids are `ids` (`undefined`: a token no entry holds,
 * which comes first in the order but gives no key), given its most edits `edits`:
 * - single tokens among the first `edits + 1`: the rare ones; all of them when a match may share
 *   only one token (fewer than `edits + 2` distinct tokens);
 * - pairs among the first `edits + 2` whose first token is common (so both are).
 * Why a match always shares a key: let s1, s2 be the first two tokens the segments share. s1 is
 * among the first `edits + 1` on both sides. If it is rare, both have it as a single. If it is
 * common and the match shares only s1, both segments key all their singles. Otherwise s2 is
 * among the first `edits + 2` on both sides and comes after s1, and both have the pair (s1, s2).
 */
export function segmentKeys(ids: readonly (number | undefined)[], edits: number, common = COMMON_TOKENS): number[] {
  // Unknown tokens as Infinity (sort() would put undefined last whatever the comparator says).
  const ordered = ids.map((id) => id ?? Infinity).sort((a, b) => b - a);
  const keys: number[] = [];
  const allSingles = ordered.length - edits <= 1;
  for (const id of ordered.slice(0, edits + 1)) if (id !== Infinity && (allSingles || id > common)) keys.push(id);
  const head = ordered.slice(0, edits + 2);
  for (let i = 0; i < head.length; i++) {
    const high = head[i]!;
    if (high > common) continue;
    for (let j = i + 1; j < head.length; j++) keys.push(pairKey(high, head[j]!));
  }
  return keys;
}

/** The keys stored with an entry of `units` units whose distinct tokens have the ids `ids`. */
export function entryKeys(ids: readonly number[], units: number, common = COMMON_TOKENS): number[] {
  return segmentKeys(ids, maxEdits(units, INDEXED_THRESHOLD), common);
}
