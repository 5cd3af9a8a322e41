/**
 * LibreTranslate's language codes and ours. Chinese is `zh` on the way out (the code the
 * LibreTranslate clients in the wild send; LibreTranslate 1.6+ itself says `zh-Hans`) and
 * `zh`, `zh-Hans` or `zh-CN` on the way in; English is `en`. Codes are read in any case, as
 * LibreTranslate lowercases them (language.py iso2model).
 */
import { LANGUAGE_NAMES, LANGUAGES, type LanguageCode, type LibreLanguage, type LibreLanguageList, type UiLang } from '@mtp/proto';
import type { MtPort } from '@mtp/tasks';
import { LibreError } from './libre-errors';

const OURS: Record<string, LanguageCode> = {
  zh: 'zh-cn',
  'zh-hans': 'zh-cn',
  'zh-cn': 'zh-cn',
  en: 'en-us',
  'en-us': 'en-us',
  ja: 'ja',
  ko: 'ko',
  ru: 'ru',
};

export const LIBRE_CODE: Record<LanguageCode, LibreLanguage> = { 'zh-cn': 'zh', 'en-us': 'en', ja: 'ja', ko: 'ko', ru: 'ru' };

/** A target (or a source other than auto) as our code; an unknown code is LibreTranslate's 400 "xx is not supported". */
export function ourLanguage(code: string): LanguageCode {
  const ours = OURS[code.trim().toLowerCase()];
  if (!ours) throw new LibreError(400, 'notSupported', code);
  return ours;
}

/** A source: our code, or `auto` (detect). */
export function ourSource(code: string): LanguageCode | 'auto' {
  return code.trim().toLowerCase() === 'auto' ? 'auto' : ourLanguage(code);
}

/**
 * `/languages`: the languages some engine serves now (from or into), each with the targets it can
 * be translated into (the same routes as the engine list), names in the caller's language
 * (LibreTranslate localizes them too). Like LibreTranslate, `auto` is not listed: its page adds
 * "Auto Detect" itself.
 */
export async function libreLanguages(mt: MtPort, lang: UiLang): Promise<LibreLanguageList> {
  const targetsOf = new Map<LanguageCode, LanguageCode[]>();
  for (const src of LANGUAGES) {
    const targets: LanguageCode[] = [];
    for (const tgt of LANGUAGES) if (tgt !== src && (await mt.route(src, tgt)).kind !== 'unavailable') targets.push(tgt);
    targetsOf.set(src, targets);
  }
  const served = new Set([...targetsOf].flatMap(([src, targets]) => (targets.length > 0 ? [src, ...targets] : [])));
  return LANGUAGES.filter((code) => served.has(code)).map((code) => ({
    code: LIBRE_CODE[code],
    name: LANGUAGE_NAMES[code][lang],
    targets: targetsOf.get(code)!.map((t) => LIBRE_CODE[t]),
  }));
}
