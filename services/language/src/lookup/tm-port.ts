/**
 * The translation memory as text translation sees it (the tasks service's `TmPort`, matched by
 * shape so neither package imports the other): an exact (100) or context (101) match for the
 * whole text, and the termbase terms found in it.
 */
import type { Db } from '@mtp/platform';
import { findTmMatches } from './fuzzy-lookup';
import { findTermsInEach, type FoundTerm } from './term-lookup';
import { batchedExactMatches } from './exact-lookup';
import { usableBankIds } from '../banks/usable-banks';

export type TmExact = { translated: string; score: number };
export type TmTerm = { source: string; target: string; occurrences: number };

export type LanguageTmPort = {
  exactMatch(userId: number, src: string, tgt: string, text: string, prev?: string | null): Promise<TmExact | null>;
  terms(userId: number, src: string, tgt: string, text: string): Promise<TmTerm[]>;
  /** The terms of each text (a document's chunks), with one matcher lookup for them all; `bankIds`: only those termbases. */
  termsOfEach(userId: number, src: string, tgt: string, texts: readonly string[], bankIds?: readonly number[]): Promise<TmTerm[][]>;
  /** Exact matches of a run of segments (a document), each in the context of the one before; `bankIds`: only those memories. */
  exactMatches(
    userId: number,
    src: string,
    tgt: string,
    segments: readonly string[],
    bankIds?: readonly number[],
  ): Promise<(TmExact | null)[]>;
  /** Which of `bankIds` the user may use: their own banks and the system ones, of the kind (`flag` 0 memories, 1 termbases). */
  usableBanks(userId: number, flag: 0 | 1, bankIds: readonly number[]): Promise<number[]>;
};

export function createTmPort(db: Db): LanguageTmPort {
  // Concurrent requests' exact lookups share a query (exact-lookup.ts).
  const exactMatches = batchedExactMatches(db);
  const termsOfEach: LanguageTmPort['termsOfEach'] = async (userId, src, tgt, texts, bankIds) => {
    const found = await findTermsInEach(db, { userId, srcLang: src, tgtLang: tgt, texts, bankIds });
    return found.map((terms) => terms.map(asTmTerm));
  };
  return {
    async exactMatch(userId, src, tgt, text, prev) {
      const [best] = await findTmMatches(db, {
        userId,
        srcLang: src,
        tgtLang: tgt,
        segment: text,
        prevSource: prev,
        threshold: 100,
        limit: 1,
      });
      return best ? { translated: best.target, score: best.score } : null;
    },
    exactMatches(userId, src, tgt, segments, bankIds) {
      return exactMatches({ userId, srcLang: src, tgtLang: tgt, segments, bankIds });
    },
    usableBanks(userId, flag, bankIds) {
      return usableBankIds(db, { userId, flag, bankIds });
    },
    async terms(userId, src, tgt, text) {
      return (await termsOfEach(userId, src, tgt, [text]))[0]!;
    },
    termsOfEach,
  };
}

const asTmTerm = (t: FoundTerm): TmTerm => ({ source: t.source, target: t.target, occurrences: t.occurrences });
