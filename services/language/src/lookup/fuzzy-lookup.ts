/**
 * Fuzzy translation-memory lookup on the database: the prefix index finds candidates, the most
 * tokens shared with the query picks some, `rankMatches` scores them exactly (../matching/README.md).
 *
 * - Banks searched: the user's own memories (flag 0, individual) and every system memory (or,
 *   with `siteId`, the system memories of that site and those without a site).
 * - Forward: entries stored `srcLang → tgtLang`, matched on `source`. Two-way banks also answer
 *   entries stored `tgtLang → srcLang`, matched on `translated` (the pair reversed; such a match
 *   has no usable previous segment, so it never scores 101).
 * - Candidates hold one of the query's prefix keys (`prefix-tokens.ts`) and they have a
 *   length a match can have (`lengthBounds`): none scoring >= threshold is missed. Up to
 *   `PRESELECT` rows per direction, identical sources first, then those sharing the most tokens.
 *   At 10,000,000 entries a lookup fetches up to ~5,000 candidates: ordering the preselected ones
 *   by pg_trgm similarity cost ~25 µs each (5 ms a lookup), more than scoring them all here.
 * - Scores: 100 identical, 101 identical with the same previous segment (`prevSource`); below
 *   `threshold` dropped; sorted by score, then the user's own memories before system ones, then
 *   the ranking's order (smaller edit distance, higher similarity); `limit` kept.
 */
import type { Db } from '@mtp/platform';
import { lengthBounds, matchTokens, rankMatches, type MatchCandidate } from '../matching/index';
import { INDEXED_THRESHOLD, maxEdits, segmentKeys } from './prefix-tokens';
import { tokenRegistryOf } from './token-registry';

/** Rows per direction, those sharing the most tokens with the query, scored by `rankMatches`. */
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
  const params: unknown[] = [query.userId, query.srcLang, query.tgtLang, segment];
  let siteParam: string | null = null;
  if (query.siteId !== undefined) {
    params.push(query.siteId);
    siteParam = `$${params.length}`;
  }
  const banks = bankFilter(siteParam);
  const { tokens, units } = matchTokens(segment);
  if (tokens.length === 0) return [];
  const bounds = lengthBounds(units, threshold);
  const indexed = threshold >= INDEXED_THRESHOLD;
  const keys = indexed ? segmentKeys(await tokenRegistryOf(db).idsOf(tokens), maxEdits(units, threshold)) : [];
  // No key: every token is one no entry has (or too few are known): nothing can match.
  if (indexed && keys.length === 0) return [];
  params.push(tokens, PRESELECT, bounds.min, bounds.max);
  const [all, preselect, minLen, maxLen] = [3, 2, 1, 0].map((back) => `$${params.length - back}`);
  if (indexed) params.push(keys);
  const queryKeys = `$${params.length}`;
  /**
   * One direction's candidates: those holding one of the query's prefix keys (below the indexed
   * threshold: those sharing any token), identical ones first, then the `PRESELECT` sharing the
   * most of the query's tokens (counted in one pass over the entry's tokens: a containment check
   * per query token cost 3.4 µs a candidate, this 2 µs).
   */
  const direction = (side: 'match' | 'reverse') => {
    const reversed = side === 'reverse';
    const [src, tgt] = reversed ? ['$3', '$2'] : ['$2', '$3'];
    const shared = `(SELECT count(*) FROM unnest(e.tokens) AS t(token) WHERE t.token = ANY(${all}::text[]))`;
    const bankIds = `ARRAY(SELECT bank_id FROM banks${reversed ? ' WHERE tow_way = 1' : ''})`;
    // Indexed: the candidate function reads the key index (see migration 006). Below: a scan.
    const candidates = indexed
      ? `tm_${side}_candidates(${queryKeys}::int8[], ${minLen}, ${maxLen}, ${bankIds}, $2, $3)`
      : `(SELECT e.entry_id, e.bank_id, e.${reversed ? 'translated' : 'source'} AS source, e.${reversed ? 'source' : 'translated'} AS target,
                 ${reversed ? 'NULL::text' : 'e.prev_source'} AS prev_source, e.${side}_tokens AS tokens
          FROM tm_entries e WHERE e.bank_id = ANY(${bankIds}) AND e.src_lang = ${src} AND e.tgt_lang = ${tgt}
            AND e.${side}_tokens && ${all}::text[] AND e.${side}_len BETWEEN ${minLen} AND ${maxLen})`;
    return `SELECT e.entry_id, e.bank_id, b.name AS bank_name, b.system_or_individual, e.source, e.target, e.prev_source,
               ${reversed} AS reversed
        FROM ${candidates} e JOIN banks b ON b.bank_id = e.bank_id
        ORDER BY (e.source = $4) DESC, ${shared} DESC, b.system_or_individual DESC, e.entry_id LIMIT ${preselect}`;
  };
  const { rows } = await db.query<CandidateRow & { reversed: boolean }>(
    `WITH banks AS MATERIALIZED (SELECT b.bank_id, b.name, b.system_or_individual, b.tow_way FROM tm_banks b WHERE ${banks})
     (${direction('match')}) UNION ALL (${direction('reverse')})`,
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
