/**
 * The glossary repair of text translation: termbase terms go to MT as its glossary, and the
 * output is checked (and repaired where it can be) so that each term's target appears.
 */
import type { TmTerm } from './ports';

export type TermResult = { source: string; target: string; applied: boolean };

/**
 * The glossary repair. For each term (in order): if the output already contains its target
 * (case-insensitively), it is `applied`. Otherwise, if MT's translation of the term on its own
 * (`termTranslations[i]`, translated in the same batch) occurs in the output, its first
 * `occurrences` occurrences (as many as the term occurs in the source) are replaced with the
 * target, and it is `applied`. Otherwise the output is left as it is and the term reported with
 * `applied: false`.
 */
export function enforceTerms(
  output: string,
  terms: readonly TmTerm[],
  termTranslations: readonly string[],
): { text: string; terms: TermResult[] } {
  let text = output;
  const results = terms.map((term, i): TermResult => {
    const target = term.target.trim();
    if (target.length === 0 || text.toLowerCase().includes(target.toLowerCase()))
      return { source: term.source, target: term.target, applied: true };
    const mt = (termTranslations[i] ?? '').trim();
    if (mt.length === 0 || !text.includes(mt)) return { source: term.source, target: term.target, applied: false };
    for (let n = 0, from = 0; n < Math.max(1, term.occurrences); n++) {
      const at = text.indexOf(mt, from);
      if (at < 0) break;
      text = text.slice(0, at) + target + text.slice(at + mt.length);
      from = at + target.length;
    }
    return { source: term.source, target: term.target, applied: true };
  });
  return { text, terms: results };
}
