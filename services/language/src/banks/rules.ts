/**
 * Section-5 rules for bank names and entries, and the section-6 plan limits. Each check throws
 * the code the client shows; the detail says which rule, in the spec's words, in both interface
 * languages (the gateway answers the caller's, so a Chinese screen never gets an English tail).
 */
import { AppError, LANGUAGES, LIMITS, PLAN_ENTITLEMENTS, type LanguageCode, type LocalizedText, type PlanCode } from '@mtp/proto';
import type { Flag } from './types';

export const NAME_TOO_LONG_MESSAGE: LocalizedText = {
  zh_CN: `请输入不超过${LIMITS.bankNameChars}个字符的名称`,
  en_US: `Enter a name of no more than ${LIMITS.bankNameChars} characters for the termbase`,
};
export const tooLongMessage = (n: number): LocalizedText => ({
  zh_CN: `最多允许输入${n}个字符，请重新输入`,
  en_US: `No more than ${n} characters are allowed. Please re-enter.`,
});
export const EMPTY_ENTRY_MESSAGE: LocalizedText = { zh_CN: '原文和译文不能为空', en_US: 'Translation and source text cannot be empty' };

const FIELD_NAMES = {
  source: { zh_CN: '原文', en_US: 'source' },
  translated: { zh_CN: '译文', en_US: 'translation' },
  note: { zh_CN: '备注', en_US: 'note' },
} as const;
const fieldTooLong = (field: keyof typeof FIELD_NAMES, n: number): LocalizedText => ({
  zh_CN: `${FIELD_NAMES[field].zh_CN}：${tooLongMessage(n).zh_CN}`,
  en_US: `${FIELD_NAMES[field].en_US}: ${tooLongMessage(n).en_US}`,
});

export const PLAN_NAMES: Record<PlanCode, LocalizedText> = {
  free: { zh_CN: '免费版', en_US: 'free' },
  standard: { zh_CN: '标准版', en_US: 'standard' },
  professional: { zh_CN: '专业版', en_US: 'professional' },
  enterprise: { zh_CN: '企业版', en_US: 'enterprise' },
};
const BANK_NAMES: Record<Flag, { zh_CN: string; one: string; many: string }> = {
  0: { zh_CN: '记忆库', one: 'translation memory', many: 'translation memories' },
  1: { zh_CN: '术语库', one: 'termbase', many: 'termbases' },
};

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
/**
 * PostgreSQL text cannot hold U+0000 (the whole write would be refused as an internal error);
 * a NUL in a CSV or a pasted text carries nothing a person could see, so it is dropped.
 */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

export function checkEntry(input: { source: string; translated: string; note?: string | undefined }, srcLang: string): EntryText {
  const source = withoutNul(input.source).trim();
  const translated = withoutNul(input.translated).trim();
  const note = withoutNul(input.note ?? '').trim();
  if (source.length === 0 || translated.length === 0) throw new AppError('CONTENT_INVALID', EMPTY_ENTRY_MESSAGE);
  const max = sourceLimit(srcLang);
  if (longerThan(source, max)) throw new AppError('CONTENT_INVALID', fieldTooLong('source', max));
  // The translation of a term or segment is held to the longer of the two source limits.
  if (longerThan(translated, LIMITS.entrySourceEnChars))
    throw new AppError('CONTENT_INVALID', fieldTooLong('translated', LIMITS.entrySourceEnChars));
  if (longerThan(note, LIMITS.entryNoteChars)) throw new AppError('CONTENT_INVALID', fieldTooLong('note', LIMITS.entryNoteChars));
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
  const names = BANK_NAMES[flag];
  return new AppError('PLAN_LIMIT', {
    zh_CN: `${PLAN_NAMES[plan].zh_CN}最多可建 ${n} 个${names.zh_CN}`,
    en_US: `the ${PLAN_NAMES[plan].en_US} plan allows ${n} ${n === 1 ? names.one : names.many}`,
  });
}

export function entryLimitError(plan: PlanCode, flag: Flag): AppError {
  const n = entryLimit(plan);
  const names = BANK_NAMES[flag];
  return new AppError('PLAN_LIMIT', {
    zh_CN: `${PLAN_NAMES[plan].zh_CN}每个${names.zh_CN}最多 ${n} 条`,
    en_US: `the ${PLAN_NAMES[plan].en_US} plan allows ${n} entries per ${names.one}`,
  });
}

/** What the caller's plan allows, shown before it blocks (`get_list`'s `limits`). */
export function planLimits(plan: PlanCode, flag: Flag): { entries_per_bank: number; banks: number } {
  return { entries_per_bank: entryLimit(plan), banks: bankLimit(plan, flag) };
}

/** `GET check/term_language`: whether `src_tgt` names two known, different languages. */
export function checkTermLanguage(pair: string): { valid: boolean; src_lang: LanguageCode | null; tgt_lang: LanguageCode | null } {
  const parsed = parseLanguagePair(pair);
  return parsed ? { valid: true, src_lang: parsed.src, tgt_lang: parsed.tgt } : { valid: false, src_lang: null, tgt_lang: null };
}
