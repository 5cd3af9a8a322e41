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

/**
 * The candidate filter. Usually "shares one of the prefix tokens". When that prefix must include
 * common tokens (a short segment of common words) it would fetch a large share of the memory; if
 * a match must share at least 2 distinct tokens, any `r + 2` of them include 2 it has, so "shares
 * both tokens of one pair among the r + 2 rarest" finds every candidate with far fewer rows (GIN
 * intersects the two posting lists).
 */
export type CandidateFilter = { kind: 'any' | 'pairs'; tokens: string[] };

/** Rows a single-token prefix may be expected to fetch before pairs are used instead. */
export const PAIR_MODE_ROWS = 500;

export function candidateFilter(
  tokens: readonly string[],
  units: number,
  threshold: number,
  stats: { frequency: ReadonlyMap<string, number>; rows: number },
): CandidateFilter {
  const k = prefixSize(units, threshold);
  const single = rarestTokens(tokens, k, stats.frequency);
  const minShared = tokens.length - (k - 1);
  const expected = single.reduce((n, t) => n + (stats.frequency.get(t) ?? 0) * stats.rows, 0);
  if (minShared < 2 || expected <= PAIR_MODE_ROWS) return { kind: 'any', tokens: single };
  return { kind: 'pairs', tokens: rarestTokens(tokens, k + 1, stats.frequency) };
}

/** Frequencies of the most common tokens, from `pg_stats` (refreshed by ANALYZE / autovacuum). */
export class TokenStatistics {
  private cached: { at: number; frequency: Map<string, number>; rows: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  /** The frequencies and the table's estimated row count. */
  async current(): Promise<{ frequency: ReadonlyMap<string, number>; rows: number }> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached;
    const { rows } = await this.db.query<{ elems: string[] | null; freqs: number[] | null }>(
      `SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
       FROM pg_stats WHERE tablename = 'tm_entries' AND attname IN ('match_tokens', 'reverse_tokens')`,
    );
    const frequency = new Map<string, number>();
    for (const row of rows) {
      row.elems?.forEach((token, i) => frequency.set(token, Math.max(frequency.get(token) ?? 0, row.freqs?.[i] ?? 0)));
    }
    const counted = await this.db.query<{ rows: number }>(
      `SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE relname = 'tm_entries'`,
    );
    this.cached = { at: Date.now(), frequency, rows: counted.rows[0]?.rows ?? 0 };
    return this.cached;
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
