/**
 * The per-segment QA rules (pure; pe-qa.ts runs them over a project). Decisions, as in
 * Matecat's and OmegaT's checks (services/tasks/README.md, "Post-editing"):
 *
 * - Numbers are compared as multisets of values: NFKC first (full-width digits become ASCII),
 *   then `1,000`, `1 000` (space, no-break or narrow no-break space) and `1000` are one value, and
 *   a decimal comma (`3,5`) equals a decimal point (`3.5`). A group separator needs one to three
 *   digits before it and exactly three after (so `2020 100` stays two numbers). Numbers written
 *   in words (`五十`, `fifty`) are not read: a target that spells them out is flagged.
 * - Tags: every protected token of the source (proto `protectedTokens`: markup tags,
 *   placeholders, printf conversions, tabs) must be in the target as often.
 * - Terms: the term's translation must occur in the target (NFKC, case-insensitive).
 */
import { protectedTokens } from '@mtp/proto';

const NUMBER = /\d{1,3}([,\u00a0\u202f ])\d{3}(?:\1\d{3})*(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)?/g;
const GROUP = /[,\u00a0\u202f ](?=\d{3}(?:\D|$))/g;

/** One number's value as a canonical string. */
function valueOf(written: string): string {
  // A separator followed by exactly three digits inside a grouped number is a group separator.
  const grouped = /^\d{1,3}[,\u00a0\u202f ]\d{3}/.test(written) ? written.replace(GROUP, '') : written;
  return String(Number(grouped.replace(',', '.')));
}

/** The numbers of a text as values, in order. */
export function numbersIn(text: string): string[] {
  return (text.normalize('NFKC').match(NUMBER) ?? []).map(valueOf);
}

/** What `a` has more of than `b` (as a multiset). */
function surplus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

/** null when the numbers agree; else what the target lacks and what it added. */
export function numberMismatch(source: string, target: string): { missing: string[]; extra: string[] } | null {
  const inSource = numbersIn(source);
  const inTarget = numbersIn(target);
  const missing = surplus(inSource, inTarget);
  const extra = surplus(inTarget, inSource);
  return missing.length === 0 && extra.length === 0 ? null : { missing, extra };
}

/** The source's protected tokens the target lost (each as often as it is missing). */
export function lostTags(source: string, target: string): string[] {
  return surplus(protectedTokens(source), protectedTokens(target));
}

const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/** The terms whose translation the target does not contain. */
export function missingTerms<T extends { target: string }>(terms: readonly T[], target: string): T[] {
  const haystack = folded(target);
  return terms.filter((term) => term.target.trim() !== '' && !haystack.includes(folded(term.target)));
}
