/**
 * Concordance (Alt+K in post-editing, as in Matecat and OmegaT): memory entries of a language
 * pair whose source (or target) contains a text, from the memories the fuzzy lookup searches
 * (the user's own, flag 0, and the system ones); two-way memories answer their entries stored
 * the other way round too, sides swapped. The user's own entries first, then the newest; paged.
 *
 * Why a token index and not a scan or trigrams: scanning the visible banks took about 0.2 s per
 * 100,000 entries, and trigram indexes made imports three times slower (migration 002). The
 * entries' match tokens (the writer's `matchTokens`: distinct normalized words, one token per
 * Han/kana character) are indexed with GIN (migration 008), so a text is looked up by its words
 * (`@>`, every word of the text) and then checked on the stored text (ILIKE, wildcards literal).
 * Entries holding the text's words as whole words rank first ("valve" finds "the VALVE,");
 * when they do not fill the page, those where the text's last word is cut short follow ("valve"
 * then finds "valves", "forty two green apple" finds "... apples"), from the bounded scan below.
 * A CJK text matches anywhere in one step, since each of its characters is a token.
 * How to read is chosen from PostgreSQL's statistics of the tokens (`token-frequency.ts`):
 * common words read each bank's newest entries until the page is full, rare ones the index.
 *
 * A side without tokens (the translation of one-way memories, which the writer does not
 * tokenize) or a text without a word (punctuation only) reads only the newest `SCAN_WINDOW`
 * entries of each bank: a bounded cost, at the price of missing older entries there.
 */
import type { Db } from '@mtp/platform';
import { likePattern } from '../banks/banks';
import { matchTokens } from '../matching/index';
import { tokenShares } from './token-frequency';

/** Entries read, newest first, per bank and direction where no token index can answer. */
export const SCAN_WINDOW = 5_000;
/**
 * From this expected share of entries holding the text's words, reading each bank's newest
 * entries fills a page sooner than the index reads every entry holding them (at 10,000,000
 * entries, 6 visible banks: a word in 1% of entries took 9 ms the first way, 100 ms the other).
 */
export const DENSE_SHARE = 0.002;

const ENDS_IN_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

export type ConcordanceQuery = {
  userId: number;
  srcLang: string;
  tgtLang: string;
  text: string;
  /** Which side holds `text`: the source (default) or the target. */
  side?: 'source' | 'target';
  limit?: number;
  /** Hits to skip (the previous pages), in the same order. */
  offset?: number;
};

export type ConcordanceHit = { entry_id: number; source: string; target: string; bank_name: string; system: boolean };

export async function findConcordance(db: Db, query: ConcordanceQuery): Promise<ConcordanceHit[]> {
  const text = query.text.trim();
  const limit = query.limit ?? 20;
  const offset = Math.max(0, Math.floor(query.offset ?? 0));
  if (text.length === 0 || limit <= 0) return [];
  const end = offset + limit;
  // Entries holding every word of the text as a whole word rank first.
  const whole = await ownThenSystem(db, query, text, matchTokens(text).tokens, end);
  // A Han or kana character is a token by itself: a text ending in one cannot be cut short.
  if (whole.length >= end || ENDS_IN_CJK.test(text)) return whole.slice(offset, end);
  // Then those where the last word is cut short, as typed or selected ("apple" in "apples"):
  // the text anywhere in the newest SCAN_WINDOW entries of each bank. Bounded on purpose: read
  // through the index of the other words, a phrase of common words that rarely stand together
  // walked whole banks (34 s at 10,000,000 entries).
  const seen = new Set(whole.map((h) => h.entry_id));
  const partial = (await ownThenSystem(db, query, text, [], end + whole.length)).filter((h) => !seen.has(h.entry_id));
  return [...whole, ...partial].slice(offset, end);
}

/**
 * The first `end` entries of the ranking: the user's own memories rank first, so the system ones
 * are read only when the own ones do not fill it (a phrase of common words read each of 7 banks
 * of 1M entries until it had `end` hits in each; the own ones alone usually fill the page).
 */
async function ownThenSystem(db: Db, query: ConcordanceQuery, text: string, tokens: string[], end: number): Promise<ConcordanceHit[]> {
  const own = await searchConcordance(db, query, text, tokens, end, true);
  if (own.length >= end) return own;
  return [...own, ...(await searchConcordance(db, query, text, tokens, end - own.length, false))];
}

/** The first `end` entries of the own (or system) memories whose searched side holds `tokens` and contains `text`. */
async function searchConcordance(
  db: Db,
  query: ConcordanceQuery,
  text: string,
  tokens: string[],
  end: number,
  own: boolean,
): Promise<ConcordanceHit[]> {
  const params: unknown[] = [query.userId, query.srcLang, query.tgtLang, likePattern(text), end, end, 0];
  // Forward entries are searched on `source` for the source side; reversed (two-way) ones on
  // `translated`. Each column's tokens: forward sources and two-way translations have them.
  const sourceSide = query.side !== 'target';
  const searched = (reversed: boolean) =>
    sourceSide !== reversed
      ? { column: 'source', tokens: 'match_tokens' }
      : { column: 'translated', tokens: reversed ? 'reverse_tokens' : null };
  const sides = (reversed: boolean) =>
    reversed ? 'e.translated AS source, e.source AS target' : 'e.source AS source, e.translated AS target';
  // Added only when a part uses it (PostgreSQL cannot type a parameter no statement names).
  const tokensParam = () => (params.length === 7 ? `$${params.push(tokens)}` : '$8');
  // Expected share of entries holding every word, as if independent: from it, how to read. A
  // phrase of common words rarely side by side is slow either way (see the README).
  const shares = tokens.length > 0 ? await tokenShares(db, tokens) : [];
  const newestFirst = shares.length > 0 && shares.reduce((a, b) => a * b, 1) >= DENSE_SHARE;
  // Reading bank by bank, newest first, until the page is full: for common words, and for a side
  // without tokens (then at most SCAN_WINDOW entries a bank). Across the banks at once the newest
  // entries (another bank's) came first: the user's own were reached after millions of rows.
  const perBank = (reversed: boolean, indexed: string | null) => {
    const [src, tgt] = reversed ? ['$3', '$2'] : ['$2', '$3'];
    // The bank as a range of one, ordered by (bank_id, entry_id): only the bank index gives that
    // order. With `bank_id =` the planner walked the primary key backwards past every other
    // bank's newer entries (a bank imported before eight others of 100,000: 0.18 s, against 2 ms
    // through the bank index), whatever the ORDER BY said.
    const bank = `e.bank_id >= b.bank_id AND e.bank_id <= b.bank_id${reversed ? ' AND b.tow_way = 1' : ''}`;
    const pair = `e.src_lang = ${src} AND e.tgt_lang = ${tgt}`;
    const check = `${indexed ? `${indexed} AND ` : ''}e.${searched(reversed).column} ILIKE $4`;
    // The window is the bank's newest entries in either direction, so a direction the bank has
    // none of still reads at most SCAN_WINDOW of them.
    const from = indexed
      ? `tm_entries e WHERE ${bank} AND ${pair} AND`
      : `(SELECT * FROM tm_entries e WHERE ${bank} ORDER BY e.bank_id DESC, e.entry_id DESC LIMIT ${SCAN_WINDOW}) e WHERE ${pair} AND`;
    // The checks behind CASE: the planner neither estimates them (it read ILIKE '%…%' as matching
    // almost nothing) nor reads the token index for them, so it walks the bank's newest entries.
    return `(SELECT e.entry_id, ${sides(reversed)}, e.bank_id FROM banks b CROSS JOIN LATERAL (
       SELECT e.* FROM ${from} CASE WHEN ${check} THEN true ELSE false END ORDER BY e.bank_id DESC, e.entry_id DESC LIMIT $5) e)`;
  };
  // Rare words: every entry of the banks holding them, through the token index, once.
  const throughIndex = (reversed: boolean, indexed: string) => {
    const banks = `ARRAY(SELECT bank_id FROM banks${reversed ? ' WHERE tow_way = 1' : ''})`;
    const [src, tgt] = reversed ? ['$3', '$2'] : ['$2', '$3'];
    // OFFSET 0 fences the reading off from the ORDER BY ... LIMIT: given both, the planner walked
    // the primary key backwards, newest first, expecting the limit soon ("ho" at 10M units: 2M
    // entries read, 0.5-0.9 s), where the token index holds the few entries at once.
    return `(SELECT e.entry_id, ${sides(reversed)}, e.bank_id FROM (SELECT * FROM tm_entries e
       WHERE e.bank_id = ANY(${banks}) AND e.src_lang = ${src} AND e.tgt_lang = ${tgt} AND ${indexed}
         AND e.${searched(reversed).column} ILIKE $4 OFFSET 0) e ORDER BY e.entry_id DESC LIMIT $5)`;
  };
  const direction = (reversed: boolean) => {
    const { tokens: column } = searched(reversed);
    // reverse_tokens' index only holds two-way entries (the non-empty ones).
    const indexed =
      column && tokens.length > 0
        ? `e.${column} @> ${tokensParam()}::text[]${column === 'reverse_tokens' ? ` AND e.reverse_tokens <> '{}'` : ''}`
        : null;
    // Reversed entries are few or none in most two-way banks: reading a bank's newest entries for
    // them would read the whole bank, while the index holds only theirs (other entries' tokens
    // there are the other language's).
    if (!indexed || (newestFirst && !reversed)) return [perBank(reversed, indexed)];
    return [throughIndex(reversed, indexed)];
  };
  const { rows } = await db.query<{ entry_id: string; source: string; target: string; bank_name: string }>(
    `WITH banks AS MATERIALIZED (
       SELECT bank_id, name, tow_way FROM tm_banks
       WHERE flag = 0 AND (user_id = $1 OR system_or_individual = 0) AND system_or_individual = ${own ? 1 : 0})
     -- Materialized: the banks counted as one row, the planner ran the whole union once per bank.
     , hits AS MATERIALIZED (${[...direction(false), ...direction(true)].join(' UNION ALL ')})
     SELECT h.entry_id, h.source, h.target, b.name AS bank_name
     FROM hits h JOIN banks b ON b.bank_id = h.bank_id
     ORDER BY h.entry_id DESC LIMIT $6 OFFSET $7`,
    params,
  );
  return rows.map((r) => ({ entry_id: Number(r.entry_id), source: r.source, target: r.target, bank_name: r.bank_name, system: !own }));
}
