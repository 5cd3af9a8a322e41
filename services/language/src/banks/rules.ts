/**
 * Section-5 rules for bank names and entries, and the section-6 plan limits. Each check throws
 * the code the client shows; the detail says which rule, in the spec's words.
 */
import { AppError, LANGUAGES, LIMITS, PLAN_ENTITLEMENTS, type LanguageCode, type PlanCode } from '@mtp/proto';
import { FLAG_NAMES, type Flag } from './types';

export const NAME_TOO_LONG_MESSAGE = `Enter a name of no more than ${LIMITS.bankNameChars} characters for the termbase`;
export const tooLongMessage = (n: number) => `No more than ${n} characters are allowed. Please re-enter.`;
export const EMPTY_ENTRY_MESSAGE = 'Translation and source text cannot be empty';

/** Characters (code points). A string no longer in UTF-16 units needs no count (imports check millions). */
const longerThan = (s: string, max: number) => s.length > max && [...s].length > max;

/** Answers the trimmed name, or throws NAME_REQUIRED / CONTENT_INVALID (more than 20 characters). */
export function checkBankName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new AppError('NAME_REQUIRED');
  if (longerThan(trimmed, LIMITS.bankNameChars)) throw new AppError('CONTENT_INVALID', NAME_TOO_LONG_MESSAGE);
  return trimmed;
}

/** The longest source an entry may have: Chinese 500 characters, other languages 1000. */
export function sourceLimit(srcLang: string): number {
  return srcLang === 'zh-cn' ? LIMITS.entrySourceZhChars : LIMITS.entrySourceEnChars;
}

export type EntryText = { source: string; translated: string; note: string };

/** Answers the trimmed texts, or throws CONTENT_INVALID naming the broken rule. */
export function checkEntry(input: { source: string; translated: string; note?: string | undefined }, srcLang: string): EntryText {
  const source = input.source.trim();
  const translated = input.translated.trim();
  const note = (input.note ?? '').trim();
  if (source.length === 0 || translated.length === 0) throw new AppError('CONTENT_INVALID', EMPTY_ENTRY_MESSAGE);
  const max = sourceLimit(srcLang);
  if (longerThan(source, max)) throw new AppError('CONTENT_INVALID', `source: ${tooLongMessage(max)}`);
  // The translation of a term or segment is held to the longer of the two source limits.
  if (longerThan(translated, LIMITS.entrySourceEnChars))
    throw new AppError('CONTENT_INVALID', `translated: ${tooLongMessage(LIMITS.entrySourceEnChars)}`);
  if (longerThan(note, LIMITS.entryNoteChars)) throw new AppError('CONTENT_INVALID', `note: ${tooLongMessage(LIMITS.entryNoteChars)}`);
  return { source, translated, note };
}

const isLanguage = (code: string | undefined): code is LanguageCode => (LANGUAGES as readonly string[]).includes(code ?? '');

/** `src_tgt` → the two codes when both are known and different, else null. */
export function parseLanguagePair(pair: string): { src: LanguageCode; tgt: LanguageCode } | null {
  const parts = pair.trim().split('_');
  if (parts.length !== 2) return null;
  const [src, tgt] = parts;
  if (!isLanguage(src) || !isLanguage(tgt) || src === tgt) return null;
  return { src, tgt };
}

/** How many individual banks of this kind the plan allows. */
export function bankLimit(plan: PlanCode, flag: Flag): number {
  const e = PLAN_ENTITLEMENTS[plan];
  return flag === 0 ? e.memories : e.termbases;
}

export function entryLimit(plan: PlanCode): number {
  return PLAN_ENTITLEMENTS[plan].entriesPerBank;
}

export function bankLimitError(plan: PlanCode, flag: Flag): AppError {
  const n = bankLimit(plan, flag);
  const kind = flag === 0 ? 'translation memories' : 'termbases';
  return new AppError('PLAN_LIMIT', `the ${plan} plan allows ${n} ${n === 1 ? FLAG_NAMES[flag] : kind}`);
}

export function entryLimitError(plan: PlanCode, flag: Flag): AppError {
  return new AppError('PLAN_LIMIT', `the ${plan} plan allows ${entryLimit(plan)} entries per ${FLAG_NAMES[flag]}`);
}

/** `GET check/term_language`: whether `src_tgt` names two known, different languages. */
export function checkTermLanguage(pair: string): { valid: boolean; src_lang: LanguageCode | null; tgt_lang: LanguageCode | null } {
  const parsed = parseLanguagePair(pair);
  return parsed ? { valid: true, src_lang: parsed.src, tgt_lang: parsed.tgt } : { valid: false, src_lang: null, tgt_lang: null };
}
