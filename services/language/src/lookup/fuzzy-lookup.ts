/**
 * Fuzzy translation-memory lookup on the database: pg_trgm finds candidates (GIN indexes on
 * `source` and `translated`), `rankMatches` re-scores them exactly (see ../matching/README.md).
 *
 * - Banks searched: the user's own memories (flag 0, individual) and every system memory (or,
 *   with `siteId`, the system memories of that site and those without a site).
 * - Forward: entries stored `srcLang → tgtLang`, matched on `source`. Two-way banks also answer
 *   entries stored `tgtLang → srcLang`, matched on `translated` (the pair reversed; such a match
 *   has no usable previous segment, so it never scores 101).
 * - Candidates share one of the query's rarest match tokens (`prefix-tokens.ts`) and have a
 *   length a match can have (`lengthBounds`): none scoring >= threshold is missed. Up to
 *   `CANDIDATES` rows per direction, identical sources first, then by pg_trgm similarity.
 * - Scores: 100 identical, 101 identical with the same previous segment (`prevSource`); below
 *   `threshold` dropped; sorted by score, then the user's own memories before system ones, then
 *   the ranking's order (smaller edit distance, higher similarity); `limit` kept.
 */
import type { Db } from '@mtp/platform';
import { lengthBounds, matchTokens, rankMatches, type MatchCandidate } from '../matching/index';
import { candidateFilter, tokenStatisticsOf } from './prefix-tokens';

export const CANDIDATES = 50;
/** Rows per direction pre-ranked by shared tokens before the (costlier) trigram similarity. */
export const PRESELECT = 200;

export type TmLookupQuery = {
  userId: number;
  siteId?: number;
  srcLang: string;
  tgtLang: string;
  segment: string;
  /** The segment before this one ('' at the start of a document), for 101 context matches. */
  prevSource?: string | null;
  threshold?: number;
  limit?: number;
};

export type TmMatch = {
  entry_id: number;
  bank_id: number;
  bank_name: string;
  score: number;
  /** The stored text that matched (in `srcLang`). */
  source: string;
  /** Its translation (in `tgtLang`). */
  target: string;
  /** A system memory's entry. */
  system: boolean;
  /** Found target → source in a two-way bank. */
  reversed: boolean;
};

type CandidateRow = {
  entry_id: string;
  bank_id: number;
  bank_name: string;
  system_or_individual: number;
  source: string;
  target: string;
  prev_source: string | null;
};

/** Visible memories: own individual ones, and system ones (of the site, when given). */
function bankFilter(siteParam: string | null): string {
  const system = siteParam
    ? `(b.system_or_individual = 0 AND (b.site_id = ${siteParam} OR b.site_id IS NULL))`
    : 'b.system_or_individual = 0';
  return `b.flag = 0 AND (b.user_id = $1 OR ${system})`;
}

export async function findTmMatches(db: Db, query: TmLookupQuery): Promise<TmMatch[]> {
  const segment = query.segment.trim();
  const threshold = query.threshold ?? 70;
  const limit = query.limit ?? 5;
  if (segment.length === 0 || limit <= 0) return [];
  const params: unknown[] = [query.userId, query.srcLang, query.tgtLang, segment, CANDIDATES];
  let siteParam: string | null = null;
  if (query.siteId !== undefined) {
    params.push(query.siteId);
    siteParam = `$${params.length}`;
  }
  const banks = bankFilter(siteParam);
  const stats = await tokenStatisticsOf(db).current();
  const { tokens, units } = matchTokens(segment);
  if (tokens.length === 0) return [];
  const filter = candidateFilter(tokens, units, threshold, stats);
  const bounds = lengthBounds(units, threshold);
  params.push(filter.tokens, tokens, PRESELECT, bounds.min, bounds.max);
  const [prefix, all, preselect, minLen, maxLen] = [4, 3, 2, 1, 0].map((back) => `$${params.length - back}`);
  const matchesFilter = (column: string) => {
    if (filter.kind === 'any') return `e.${column} && ${prefix}::text[]`;
    const pairs: string[] = [];
    for (let i = 1; i <= filter.tokens.length; i++) {
      for (let j = i + 1; j <= filter.tokens.length; j++) {
        pairs.push(`e.${column} @> ARRAY[(${prefix}::text[])[${i}], (${prefix}::text[])[${j}]]`);
      }
    }
    return `(${pairs.join(' OR ')})`;
  };
  /**
   * One direction's candidates: those sharing a prefix token, the `PRESELECT` sharing the most
   * of the query's tokens (cheap array checks), then ordered by pg_trgm similarity.
   */
  const direction = (column: 'source' | 'translated', tokenColumn: string, reversed: boolean) => {
    const shared = tokens.map((_, i) => `(e.${tokenColumn} @> ARRAY[(${all}::text[])[${i + 1}]])::int`).join(' + ');
    return `SELECT * FROM (
        SELECT e.entry_id, e.bank_id, b.name AS bank_name, b.system_or_individual, e.${column} AS source,
               e.${reversed ? 'source' : 'translated'} AS target, ${reversed ? 'NULL::text' : 'e.prev_source'} AS prev_source,
               ${reversed} AS reversed
        FROM tm_entries e JOIN tm_banks b ON b.bank_id = e.bank_id
        WHERE ${banks} AND e.src_lang = $${reversed ? 3 : 2} AND e.tgt_lang = $${reversed ? 2 : 3}
          ${reversed ? 'AND b.tow_way = 1' : ''} AND ${matchesFilter(tokenColumn)}
          AND e.${reversed ? 'reverse_len' : 'match_len'} BETWEEN ${minLen} AND ${maxLen}
        ORDER BY ${shared} DESC LIMIT ${preselect}
      ) c ORDER BY (c.source = $4) DESC, similarity(c.source, $4) DESC, c.system_or_individual DESC, c.entry_id LIMIT $5`;
  };
  const { rows } = await db.query<CandidateRow & { reversed: boolean }>(
    `(${direction('source', 'match_tokens', false)}) UNION ALL (${direction('translated', 'reverse_tokens', true)})`,
    params,
  );
  if (rows.length === 0) return [];

  const candidates: MatchCandidate<number>[] = rows.map((r, i) => ({
    id: i,
    source: r.source,
    target: r.target,
    prev_source: r.prev_source,
  }));
  const ranked = rankMatches(segment, candidates, {
    threshold,
    limit: candidates.length,
    prevSource: query.prevSource ?? null,
    lang: query.srcLang,
  });
  // Stable: within a score, own memories first, otherwise the ranking's order.
  const ordered = ranked
    .map((m, order) => ({ m, order, own: rows[m.id]!.system_or_individual === 1 ? 0 : 1 }))
    .sort((a, b) => b.m.score - a.m.score || a.own - b.own || a.order - b.order);
  return ordered.slice(0, limit).map(({ m }) => {
    const r = rows[m.id]!;
    return {
      entry_id: Number(r.entry_id),
      bank_id: r.bank_id,
      bank_name: r.bank_name,
      score: m.score,
      source: r.source,
      target: r.target,
      system: r.system_or_individual === 0,
      reversed: r.reversed,
    };
  });
}
