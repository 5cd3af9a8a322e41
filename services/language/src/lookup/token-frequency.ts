/**
 * How common a match token is, from PostgreSQL's own statistics of `tm_entries.match_tokens`
 * (ANALYZE keeps its most common elements with their share of rows), read at most every few
 * minutes per pool. The concordance uses it to choose how to read: a common word is found by
 * reading each bank's newest entries until the page is full; a rare one through the token index.
 */
import type { Db } from '@mtp/platform';

const REFRESH_MS = 10 * 60_000;

type Frequencies = { at: number; share: Map<string, number> };

const cache = new WeakMap<Db, Frequencies>();

/** Each token's share of entries holding it (0 for one outside the statistics: rarer than those in it). */
export async function tokenShares(db: Db, tokens: readonly string[]): Promise<number[]> {
  let known = cache.get(db);
  if (!known || Date.now() - known.at > REFRESH_MS) {
    const { rows } = await db.query<{ elems: string[] | null; freqs: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
       FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'tm_entries' AND attname = 'match_tokens'`,
    );
    const share = new Map<string, number>();
    const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
    elems?.forEach((token, i) => share.set(token, freqs?.[i] ?? 0));
    known = { at: Date.now(), share };
    cache.set(db, known);
  }
  return tokens.map((token) => known.share.get(token) ?? 0);
}
