/**
 * Termbase entries whose source is one of a list of terms, ignoring case (document scan, issue
 * 21: a candidate term is "in the termbase" when an entry's source is the term itself, not when
 * the term merely contains one, as `findTerms` answers). Termbases are small next to memories
 * (plan limits hold individual ones), so the entries are reached through their banks' index and
 * compared in lower case, which finds "Machine Translation" for "machine translation".
 */
import type { Db } from '@mtp/platform';

export type TermbaseEntryHit = { translated: string; bankId: number };

type Row = { i: string; translated: string; bank_id: number; own: boolean };

/**
 * For each term (same order): the translation of an entry whose source is the term, from the
 * user's own termbases first, then the system ones, or null. Two-way termbases answer from their
 * target side too. `bankId`: only that termbase (is the term there already?).
 */
export async function findTermbaseEntries(
  db: Db,
  query: { userId: number; srcLang: string; tgtLang: string; terms: readonly string[]; bankId?: number | undefined },
): Promise<(TermbaseEntryHit | null)[]> {
  if (query.terms.length === 0) return [];
  const lowered = query.terms.map((t) => t.trim().toLowerCase());
  const { rows } = await db.query<Row>(
    `WITH wanted AS (SELECT t, i FROM unnest($4::text[]) WITH ORDINALITY AS u(t, i)),
          banks AS (SELECT bank_id, tow_way, user_id IS NOT NULL AND user_id = $1 AS own FROM tm_banks
                    WHERE flag = 1 AND (user_id = $1 OR system_or_individual = 0) AND ($5::int IS NULL OR bank_id = $5))
     SELECT w.i::text AS i, e.translated, e.bank_id, b.own
     FROM banks b JOIN tm_entries e ON e.bank_id = b.bank_id AND e.src_lang = $2 AND e.tgt_lang = $3
     JOIN wanted w ON w.t = lower(trim(e.source))
     UNION ALL
     SELECT w.i::text, e.source, e.bank_id, b.own
     FROM banks b JOIN tm_entries e ON e.bank_id = b.bank_id AND b.tow_way = 1 AND e.src_lang = $3 AND e.tgt_lang = $2
     JOIN wanted w ON w.t = lower(trim(e.translated))`,
    [query.userId, query.srcLang, query.tgtLang, lowered, query.bankId ?? null],
  );
  const best = new Map<number, Row>();
  for (const row of rows) {
    const index = Number(row.i) - 1;
    const held = best.get(index);
    if (!held || (row.own && !held.own)) best.set(index, row);
  }
  return query.terms.map((_, index) => {
    const row = best.get(index);
    return row ? { translated: row.translated, bankId: row.bank_id } : null;
  });
}
