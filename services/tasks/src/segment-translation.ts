/**
 * How one segment of text is translated, shared by `translateText` (one text) and
 * `translateBatch` (many): a TM exact match answers as it is; otherwise MT, with the segment's
 * termbase terms as its glossary and repaired by `enforceTerms` (never cached: the cache is per
 * model, not per user); otherwise the cache, then MT, whose answer is cached. Nothing here
 * touches the ledger: the callers reserve before and settle or refund after.
 */
import type { Domain, LanguageCode } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import type { MtPort, PairRoute, TmExactMatch, TmTerm } from './ports';
import { enforceTerms, type TermResult } from './text-terms';
import { readCache, writeCache } from './translation-cache';

/** The pair every segment of a call is translated in. */
export type SegmentPair = { src: LanguageCode; tgt: LanguageCode; domain: Domain; route: PairRoute };

export type SegmentTranslation = {
  translated: string;
  engine: string;
  cached: boolean;
  tm_score?: number;
  terms?: TermResult[];
};

/** Leading and trailing whitespace of `text` put around `inner`. */
function keepOuterSpace(text: string, inner: string): string {
  return (/^\s*/.exec(text)?.[0] ?? '') + inner + (/\s*$/.exec(text)?.[0] ?? '');
}

/** A TM hit as the answer: `tm:exact` (100) or `tm:context` (101), the text's outer spaces kept. */
export function fromMemory(text: string, exact: TmExactMatch): SegmentTranslation {
  const engine = exact.score > 100 ? 'tm:context' : 'tm:exact';
  return { translated: keepOuterSpace(text, exact.translated), engine, cached: false, tm_score: exact.score };
}

/** MT with the terms as glossary; the terms alone ride in the same batch, for the repair. */
export async function translateWithTerms(
  mt: MtPort,
  pair: SegmentPair,
  text: string,
  terms: readonly TmTerm[],
): Promise<SegmentTranslation> {
  const glossary = terms.map((t) => ({ source: t.source, target: t.target }));
  const result = await mt.translate([text, ...terms.map((t) => t.source)], pair.src, pair.tgt, pair.domain, glossary);
  const repaired = enforceTerms(result.translations[0] ?? '', terms, result.translations.slice(1));
  return { translated: repaired.text, engine: result.engine, cached: false, terms: repaired.terms };
}

/**
 * Segments without terms: each from the cache where the route's model version has it, the others
 * in one MT request, then cached under the version that really translated (which may be newer
 * than the route's).
 */
export async function translatePlain(
  deps: { db: Db; mt: MtPort },
  pair: SegmentPair,
  texts: readonly string[],
): Promise<SegmentTranslation[]> {
  const partsOf = (text: string, modelVersion: string) => ({ text, src: pair.src, tgt: pair.tgt, domain: pair.domain, modelVersion });
  const out: (SegmentTranslation | null)[] = await Promise.all(
    texts.map(async (text) => {
      const hit = pair.route.modelVersion ? await readCache(deps.db, partsOf(text, pair.route.modelVersion)) : null;
      return hit ? { translated: hit.translated, engine: hit.engine, cached: true } : null;
    }),
  );
  const missing = texts.map((_, i) => i).filter((i) => out[i] === null);
  if (missing.length > 0) {
    const result = await deps.mt.translate(
      missing.map((i) => texts[i]!),
      pair.src,
      pair.tgt,
      pair.domain,
    );
    for (const [n, i] of missing.entries()) {
      const translated = result.translations[n] ?? '';
      out[i] = { translated, engine: result.engine, cached: false };
      if (result.modelVersion) await writeCache(deps.db, partsOf(texts[i]!, result.modelVersion), translated, result.engine);
    }
  }
  return out as SegmentTranslation[];
}
