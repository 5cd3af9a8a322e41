/**
 * Concordance (Alt+K in post-editing, as in Matecat and OmegaT): memory entries of a language
 * pair whose source (or target) contains a text, from the memories the fuzzy lookup searches
 * (the user's own, flag 0, and the system ones); two-way memories answer their entries stored
 * the other way round too, sides swapped. The user's own entries first, then the newest.
 *
 * Why no trigram index: migration 002 dropped the pg_trgm indexes on entries (they made imports
 * three times slower), and the prefix keys (006) only hold each entry's rarest tokens, so they
 * cannot answer "contains". The search reads the pair's entries of the visible banks (own
 * memories and system ones in separate parts, newest first, each cut at `limit`): measured about
 * 0.2 s for a bank of 100,000 entries, whether the text is common or absent (the planner filters
 * through `tm_entries_bank` and sorts), on a shared 2-core machine.
 */
import type { Db } from '@mtp/platform';
import { likePattern } from '../banks/banks';

export type ConcordanceQuery = {
  userId: number;
  srcLang: string;
  tgtLang: string;
  text: string;
  /** Which side holds `text`: the source (default) or the target. */
  side?: 'source' | 'target';
  limit?: number;
};

export type ConcordanceHit = { entry_id: number; source: string; target: string; bank_name: string; system: boolean };

export async function findConcordance(db: Db, query: ConcordanceQuery): Promise<ConcordanceHit[]> {
  const text = query.text.trim();
  const limit = query.limit ?? 20;
  if (text.length === 0 || limit <= 0) return [];
  // Forward entries are searched on `source` for the source side; reversed (two-way) ones on `translated`.
  const [forward, reverse] = query.side === 'target' ? ['translated', 'source'] : ['source', 'translated'];
  // One query per kind of bank and direction, each newest first and cut at the limit, so a
  // common text stops reading early and the user's own entries are never crowded out.
  const part = (own: boolean, reversed: boolean) => {
    const banks = `ARRAY(SELECT bank_id FROM banks WHERE own = ${own}${reversed ? ' AND tow_way = 1' : ''})`;
    const [src, tgt, column] = reversed ? ['$3', '$2', reverse] : ['$2', '$3', forward];
    const [source, target] = reversed ? ['e.translated', 'e.source'] : ['e.source', 'e.translated'];
    return `(SELECT e.entry_id, ${source} AS source, ${target} AS target, e.bank_id, ${own} AS own FROM tm_entries e
       WHERE e.bank_id = ANY(${banks}) AND e.src_lang = ${src} AND e.tgt_lang = ${tgt} AND e.${column} ILIKE $4
       ORDER BY e.entry_id DESC LIMIT $5)`;
  };
  const { rows } = await db.query<{ entry_id: string; source: string; target: string; bank_name: string; own: boolean }>(
    `WITH banks AS MATERIALIZED (
       SELECT bank_id, name, tow_way, system_or_individual = 1 AS own FROM tm_banks
       WHERE flag = 0 AND (user_id = $1 OR system_or_individual = 0))
     SELECT h.entry_id, h.source, h.target, b.name AS bank_name, h.own
     FROM (${part(true, false)} UNION ALL ${part(true, true)} UNION ALL ${part(false, false)} UNION ALL ${part(false, true)}) h
     JOIN banks b ON b.bank_id = h.bank_id
     ORDER BY h.own DESC, h.entry_id DESC LIMIT $5`,
    [query.userId, query.srcLang, query.tgtLang, likePattern(text), limit],
  );
  return rows.map((r) => ({ entry_id: Number(r.entry_id), source: r.source, target: r.target, bank_name: r.bank_name, system: !r.own }));
}
