/**
 * What the page decides from a language detection before it pays for a translation:
 * - under `auto`, a detected language equal to the target turns the target to the other side
 *   (Chinese for a Chinese interface, English otherwise) instead of answering 40016;
 * - under a chosen source, a confident detection of another language on enough text holds the
 *   translation back (nothing is charged) until the user switches the source or goes on anyway.
 */
import type { LangidData, LanguageCode, UiLang } from '@mtp/proto';
import { AUTO, type SourceLang } from './languages';

/**
 * Thresholds of a "plain" mismatch, from what `langid` answers (workers/mt detect-language):
 * script rules give Han/Hangul/kana/Cyrillic text the share of its script (1 for pure text);
 * Latin or Cyrillic text under 20 letters is capped at 0.7, so short English never counts;
 * longer Latin text scores franc's trigram score times the Latin share. 0.8 is therefore "the
 * script is (nearly) all one language" and, for English, 20+ letters whose statistics agree.
 */
export const MISMATCH_MIN_CONFIDENCE = 0.8;
/** Fewer non-blank characters than this is too little text to contradict the user's choice. */
export const MISMATCH_MIN_CHARS = 8;

/** Languages that share a script detection cannot tell apart: Japanese written only in kanji reads as Chinese. */
const SHARED_SCRIPT: Partial<Record<LanguageCode, LanguageCode[]>> = { ja: ['zh-cn'] };

export function isSourceMismatch(src: SourceLang, found: LangidData, sample: string): boolean {
  if (src === AUTO || found.lang === 'unknown' || found.lang === src) return false;
  if (SHARED_SCRIPT[src]?.includes(found.lang)) return false;
  const chars = [...sample.replace(/\s+/gu, '')].length;
  return found.confidence >= MISMATCH_MIN_CONFIDENCE && chars >= MISMATCH_MIN_CHARS;
}

/** The interface's side of a pair: Chinese for a Chinese interface, English otherwise. */
function homeLanguage(uiLang: UiLang): LanguageCode {
  return uiLang === 'zh_CN' ? 'zh-cn' : 'en-us';
}

/**
 * The target to translate into: the chosen one, unless under `auto` the text turned out to be
 * in it; then the interface's language, or English when the text is in the interface's language.
 */
export function effectiveTarget(src: SourceLang, tgt: LanguageCode, detected: LanguageCode | null, uiLang: UiLang): LanguageCode {
  if (src !== AUTO || detected === null || detected !== tgt) return tgt;
  const home = homeLanguage(uiLang);
  if (detected !== home) return home;
  return home === 'zh-cn' ? 'en-us' : 'zh-cn';
}

/** A random id for one text box's drafts (services/tasks README "Drafts"). */
export function newDraftId(random: () => number = Math.random): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return Array.from({ length: 24 }, () => Math.floor(random() * 36).toString(36)).join('');
}

/** Thrown by a translate job held back because the text is plainly in another language. */
export class SourceMismatch extends Error {
  constructor(readonly lang: LanguageCode) {
    super(`the text looks like ${lang}`);
    this.name = 'SourceMismatch';
  }
}
