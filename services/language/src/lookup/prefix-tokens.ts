/**
 * Prefix filtering for fuzzy candidates. A stored segment that scores >= t against a query of n
 * units has edit distance d <= (1 - t) * L, where L (the longer length) <= n / t; each edit
 * removes at most one of the query's distinct tokens from what the two share. So the candidate
 * shares at least (distinct - floor(n * (1 - t) / t)) of the query's distinct tokens, and any
 * floor(n * (1 - t) / t) + 1 of them include one it has: looking up only those finds every
 * candidate. Choosing the rarest ones (PostgreSQL's most-common-element statistics of the token
 * column) keeps the posting lists short.
 */
import type { Db } from '@mtp/platform';

/** How many of the query's tokens must be looked up so no match >= `threshold` is missed. */
export function prefixSize(units: number, threshold: number): number {
  const t = Math.min(100, Math.max(1, threshold)) / 100;
  return Math.floor((units * (1 - t)) / t + 1e-9) + 1;
}

/** The `k` rarest tokens: least frequent first (unknown ones count as rare), then longer first. */
export function rarestTokens(tokens: readonly string[], k: number, frequency: ReadonlyMap<string, number>): string[] {
  return [...tokens]
    .sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, k);
}

/** Frequencies of the most common tokens, from `pg_stats` (refreshed by ANALYZE / autovacuum). */
export class TokenStatistics {
  private cached: { at: number; frequency: Map<string, number> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  async frequency(): Promise<ReadonlyMap<string, number>> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached.frequency;
    const { rows } = await this.db.query<{ elems: string[] | null; freqs: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
       FROM pg_stats WHERE tablename = 'tm_entries' AND attname IN ('match_tokens', 'reverse_tokens')`,
    );
    const frequency = new Map<string, number>();
    for (const row of rows) {
      row.elems?.forEach((token, i) => frequency.set(token, Math.max(frequency.get(token) ?? 0, row.freqs?.[i] ?? 0)));
    }
    this.cached = { at: Date.now(), frequency };
    return frequency;
  }
}

const statistics = new WeakMap<Db, TokenStatistics>();

/** One statistics cache per database pool. */
export function tokenStatisticsOf(db: Db): TokenStatistics {
  let stats = statistics.get(db);
  if (!stats) {
    stats = new TokenStatistics(db);
    statistics.set(db, stats);
  }
  return stats;
}
