/**
 * DeepL's language codes and ours (gateway/README.md "DeepL-compatible API"). DeepL's clients
 * send codes in any case (deepl-node lowercases them: `en`, `en-US`, `zh-HANS`); sources are
 * base languages, targets may name a variant. English and Chinese each have one model here,
 * so EN-US, EN-GB and the deprecated EN all mean `en-us`, and ZH and ZH-HANS mean `zh-cn`.
 */
import { LANGUAGE_NAMES, type LanguageCode } from '@mtp/proto';
import { DeeplRefusal } from './deepl-errors';

/** Base codes, as DeepL answers `detected_source_language` and lists sources. */
const BASE: Record<LanguageCode, string> = { 'zh-cn': 'ZH', 'en-us': 'EN', ja: 'JA', ko: 'KO', ru: 'RU' };

const SOURCES: Record<string, LanguageCode> = { ZH: 'zh-cn', EN: 'en-us', JA: 'ja', KO: 'ko', RU: 'ru' };

/** Source codes plus the variants; a regional code as a source is read as its base language. */
const TARGETS: Record<string, LanguageCode> = {
  ...SOURCES,
  'ZH-HANS': 'zh-cn',
  'EN-US': 'en-us',
  'EN-GB': 'en-us',
};

/** The target list DeepL's clients read (EN itself is accepted but, as at DeepL, not listed). */
const TARGET_LIST: { code: string; lang: LanguageCode; name: string }[] = [
  { code: 'EN-GB', lang: 'en-us', name: 'English (British)' },
  { code: 'EN-US', lang: 'en-us', name: 'English (American)' },
  { code: 'JA', lang: 'ja', name: 'Japanese' },
  { code: 'KO', lang: 'ko', name: 'Korean' },
  { code: 'RU', lang: 'ru', name: 'Russian' },
  { code: 'ZH', lang: 'zh-cn', name: 'Chinese (simplified)' },
  { code: 'ZH-HANS', lang: 'zh-cn', name: 'Chinese (simplified)' },
];

function lookup(table: Record<string, LanguageCode>, code: string, field: string): LanguageCode {
  const ours = table[code.trim().toUpperCase()];
  if (!ours) throw new DeeplRefusal(400, { en_US: `Value for '${field}' not supported.`, zh_CN: `不支持的 '${field}' 取值。` });
  return ours;
}

/** `source_lang` (a base code; a regional one is read as its base). */
export function sourceLanguageOf(code: string): LanguageCode {
  return lookup(SOURCES, code.trim().split('-')[0]!, 'source_lang');
}

export function targetLanguageOf(code: string): LanguageCode {
  return lookup(TARGETS, code, 'target_lang');
}

/** Our code as DeepL names a detected source (and a glossary's languages, lower-cased). */
export function deeplBaseCode(lang: LanguageCode): string {
  return BASE[lang];
}

/** `GET /v2/languages`: sources are base codes, targets name their variants. */
export function deeplLanguageList(type: 'source' | 'target'): { language: string; name: string; supports_formality?: boolean }[] {
  if (type === 'target') return TARGET_LIST.map((t) => ({ language: t.code, name: t.name, supports_formality: false }));
  return (Object.keys(BASE) as LanguageCode[])
    .map((lang) => ({ language: BASE[lang], name: LANGUAGE_NAMES[lang].en_US }))
    .sort((a, b) => a.language.localeCompare(b.language));
}

/** Every ordered pair of different languages: a glossary may be made for any of them. */
export function glossaryLanguagePairs(): { source_lang: string; target_lang: string }[] {
  const codes = Object.values(BASE).map((c) => c.toLowerCase());
  return codes.flatMap((source) => codes.filter((t) => t !== source).map((target) => ({ source_lang: source, target_lang: target })));
}
