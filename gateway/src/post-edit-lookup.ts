/**
 * Post-editing's lookups (@mtp/tasks `PeLookupPort`) on the language service: fuzzy memory
 * matches, termbase terms (one matcher for all the texts of a QA run) and concordance, over the
 * same banks every lookup uses (the user's own and the system ones).
 */
import { findConcordance, findTermsInEach, findTmMatches } from '@mtp/language';
import type { Db } from '@mtp/platform';
import type { PeLookupPort } from '@mtp/tasks';

export function createPeLookupPort(db: Db): PeLookupPort {
  return {
    async matches(query) {
      const found = await findTmMatches(db, {
        userId: query.userId,
        srcLang: query.srcLang,
        tgtLang: query.tgtLang,
        segment: query.segment,
        prevSource: query.prevSource,
        threshold: query.threshold,
        limit: query.limit,
      });
      return found.map((m) => ({
        entry_id: m.entry_id,
        score: m.score,
        source: m.source,
        target: m.target,
        bank_name: m.bank_name,
        system: m.system,
      }));
    },
    async termsOfEach(userId, srcLang, tgtLang, texts) {
      const found = await findTermsInEach(db, { userId, srcLang, tgtLang, texts });
      return found.map((terms) => terms.map((t) => ({ source: t.source, target: t.target })));
    },
    async concordance(query) {
      const hits = await findConcordance(db, query);
      return hits.map((h) => ({ source: h.source, target: h.target, bank_name: h.bank_name }));
    },
  };
}
