/**
 * Language pairs as model folder names: `<src>_<tgt>` in the spec's codes (`en-us_zh-cn`), and
 * the OPUS-MT codes the Hugging Face repos use (`zh-cn` -> `zh`, `en-us` -> `en`).
 */
import { LANGUAGES, type LanguageCode } from '@mtp/proto';

export type Pair = { src: LanguageCode; tgt: LanguageCode };

/** Pivot language for pairs without a direct model: OPUS-MT covers most languages to and from it. */
export const PIVOT: LanguageCode = 'en-us';

const OPUS_CODES: Record<LanguageCode, string> = { 'zh-cn': 'zh', 'en-us': 'en', ja: 'ja', ko: 'ko', ru: 'ru' };

export function isLanguage(code: string): code is LanguageCode {
  return (LANGUAGES as readonly string[]).includes(code);
}

export function pairName(pair: Pair): string {
  return `${pair.src}_${pair.tgt}`;
}

/** `en-us_zh-cn` -> {src, tgt}; undefined for anything else (other folders are ignored). */
export function parsePairName(name: string): Pair | undefined {
  const m = /^([a-z]{2}(?:-[a-z]{2})?)_([a-z]{2}(?:-[a-z]{2})?)$/.exec(name);
  if (!m || !isLanguage(m[1]!) || !isLanguage(m[2]!) || m[1] === m[2]) return undefined;
  return { src: m[1], tgt: m[2] };
}

export function opusCode(lang: LanguageCode): string {
  return OPUS_CODES[lang];
}
