/**
 * Termbase lookup: every term of a text, from the user's own termbases (flag 1) and the system
 * ones, for a language pair; two-way termbases also give their entries stored the other way
 * round (matched by their translation). One `TermMatcher` (Aho-Corasick) per user and pair is
 * kept in memory and rebuilt when the relevant entries change: a cheap version query (count,
 * latest `updated_at`, sum of ids) is compared with the one the matcher was built at, so an
 * insert, update or delete (a deleted bank included) is seen on the next lookup.
 *
 * Each span of the text yields one term (leftmost-longest); when several entries share the term,
 * the user's own entry wins over a system one, then the older entry. The answer holds each term
 * once, with how many times it occurs.
 */
import type { Db } from '@mtp/platform';
import { TermMatcher } from '../matching/index';

export type TermLookupQuery = {
  userId: number;
  srcLang: string;
  tgtLang: string;
  text: string;
  /** Only these termbases (the public API's `tb_id`); absent: every visible one. */
  bankIds?: readonly number[] | undefined;
};

export type FoundTerm = {
  /** The term as stored (in `srcLang`). */
  source: string;
  /** Its translation (in `tgtLang`). */
  target: string;
  occurrences: number;
  entry_id: number;
  system: boolean;
};

type TermRow = { entry_id: string; system_or_individual: number; source: string; target: string };
type TermId = { entryId: number; system: boolean };

const MAX_CACHED = 500;

const WHERE = `b.flag = 1 AND (b.user_id = $1 OR b.system_or_individual = 0) AND ($4::int[] IS NULL OR b.bank_id = ANY($4::int[]))
  AND ((e.src_lang = $2 AND e.tgt_lang = $3) OR (b.tow_way = 1 AND e.src_lang = $3 AND e.tgt_lang = $2))`;

/** The banks of a matcher: null for every visible termbase, else the chosen ones (sorted, so a key is stable). */
type Banks = number[] | null;

type Cached = { version: string; matcher: TermMatcher<TermId> };
const matchers = new Map<string, Cached>();

async function versionOf(db: Db, userId: number, src: string, tgt: string, banks: Banks): Promise<string> {
  const { rows } = await db.query<{ v: string }>(
    `SELECT concat_ws('/', count(*), max(e.updated_at), sum(e.entry_id)) AS v
     FROM tm_entries e JOIN tm_banks b ON b.bank_id = e.bank_id WHERE ${WHERE}`,
    [userId, src, tgt, banks],
  );
  return rows[0]!.v;
}

async function build(db: Db, userId: number, src: string, tgt: string, banks: Banks): Promise<TermMatcher<TermId>> {
  const { rows } = await db.query<TermRow>(
    `SELECT e.entry_id, b.system_or_individual,
            CASE WHEN e.src_lang = $2 THEN e.source ELSE e.translated END AS source,
            CASE WHEN e.src_lang = $2 THEN e.translated ELSE e.source END AS target
     FROM tm_entries e JOIN tm_banks b ON b.bank_id = e.bank_id WHERE ${WHERE}
     ORDER BY b.system_or_individual DESC, e.entry_id`,
    [userId, src, tgt, banks],
  );
  return new TermMatcher(
    rows.map((r) => ({ id: { entryId: Number(r.entry_id), system: r.system_or_individual === 0 }, source: r.source, target: r.target })),
  );
}

/** The matcher for a user and pair, rebuilt when its entries changed. */
async function matcherFor(db: Db, userId: number, src: string, tgt: string, banks: Banks): Promise<TermMatcher<TermId>> {
  const key = `${userId}:${src}:${tgt}${banks ? `:${banks.join(',')}` : ''}`;
  const version = await versionOf(db, userId, src, tgt, banks);
  const cached = matchers.get(key);
  if (cached && cached.version === version) return cached.matcher;
  const matcher = await build(db, userId, src, tgt, banks);
  matchers.delete(key);
  if (matchers.size >= MAX_CACHED) matchers.delete(matchers.keys().next().value!);
  matchers.set(key, { version, matcher });
  return matcher;
}

export async function findTerms(db: Db, query: TermLookupQuery): Promise<FoundTerm[]> {
  const { text, ...pair } = query;
  return (await findTermsInEach(db, { ...pair, texts: [text] }))[0]!;
}

/**
 * The terms of each text, with the matcher resolved once (one version query) for them all: a
 * document's chunks each get their own terms without a lookup per chunk.
 */
export async function findTermsInEach(db: Db, query: Omit<TermLookupQuery, 'text'> & { texts: readonly string[] }): Promise<FoundTerm[][]> {
  if (query.texts.every((text) => text.trim().length === 0)) return query.texts.map(() => []);
  const banks = query.bankIds ? [...new Set(query.bankIds)].sort((a, b) => a - b) : null;
  const matcher = await matcherFor(db, query.userId, query.srcLang, query.tgtLang, banks);
  return query.texts.map((text) => termsIn(matcher, text));
}

function termsIn(matcher: TermMatcher<TermId>, text: string): FoundTerm[] {
  const found = new Map<string, FoundTerm>();
  let lastSpan = '';
  for (const hit of matcher.find(text)) {
    // Entries sharing a span come in build order (own first): keep the first.
    const span = `${hit.start}:${hit.end}`;
    if (span === lastSpan) continue;
    lastSpan = span;
    const key = hit.source.normalize('NFKC').toLowerCase();
    const known = found.get(key);
    if (known) known.occurrences += 1;
    else found.set(key, { source: hit.source, target: hit.target, occurrences: 1, entry_id: hit.id.entryId, system: hit.id.system });
  }
  return [...found.values()];
}

/** Drops every cached matcher (tests). */
export function clearTermCache(): void {
  matchers.clear();
}
