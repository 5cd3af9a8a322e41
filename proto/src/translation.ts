/**
 * Text translation, language detection, language and domain lists, and the engine list
 * (ARCHITECTURE.md conventions: `POST try_translate` / `POST text/translate` take
 * `{text, src_lang, tgt_lang, domain?}`; `POST langid {text}` answers `{lang, confidence}`).
 */
import { Type, type Static } from 'typebox';
import type { LocalizedText } from './app-error';
import { LANGUAGES, LIMITS } from './constants';
import { literalUnion } from './literal-union';

/** Language codes as the spec writes them, plus `auto` (detect) for sources. */
export const LanguageCode = literalUnion(LANGUAGES);
export type LanguageCode = (typeof LANGUAGES)[number];
export const SourceLanguageCode = literalUnion([...LANGUAGES, 'auto'] as const);

/** Names of each language in both interface languages (language lists answer these). */
export const LANGUAGE_NAMES: Record<LanguageCode, { zh_CN: string; en_US: string }> = {
  'zh-cn': { zh_CN: '中文(简体)', en_US: 'Chinese (Simplified)' },
  'en-us': { zh_CN: '英语', en_US: 'English' },
  ja: { zh_CN: '日语', en_US: 'Japanese' },
  ko: { zh_CN: '韩语', en_US: 'Korean' },
  ru: { zh_CN: '俄语', en_US: 'Russian' },
};

/**
 * The detail of 40034 (PAIR_UNAVAILABLE) for a pair: language names in each interface language,
 * never codes, so the message reads "… (from English into Japanese)".
 */
export function pairDetail(src: LanguageCode, tgt: LanguageCode): LocalizedText {
  const name = (code: LanguageCode, lang: keyof LocalizedText) => LANGUAGE_NAMES[code][lang];
  return {
    zh_CN: `从${name(src, 'zh_CN')}译为${name(tgt, 'zh_CN')}`,
    en_US: `from ${name(src, 'en_US')} into ${name(tgt, 'en_US')}`,
  };
}

/**
 * Domains a request may name. A pair without a model trained for a domain falls back to its
 * general model; the answer's `engine` says which model translated.
 */
export const DOMAINS = ['general', 'it', 'medical', 'legal', 'finance', 'patent'] as const;
export type Domain = (typeof DOMAINS)[number];
export const DOMAIN_NAMES: Record<Domain, { zh_CN: string; en_US: string }> = {
  general: { zh_CN: '通用', en_US: 'General' },
  it: { zh_CN: '信息技术', en_US: 'Information technology' },
  medical: { zh_CN: '医疗', en_US: 'Medical' },
  legal: { zh_CN: '法律', en_US: 'Legal' },
  finance: { zh_CN: '金融', en_US: 'Finance' },
  patent: { zh_CN: '专利', en_US: 'Patent' },
};
export const DomainCode = literalUnion(DOMAINS);

export const TranslateBody = Type.Object({
  // The limit is applied by the service (the excess is cut and reported), not by the schema.
  text: Type.String({ maxLength: LIMITS.textChars * 4 }),
  src_lang: SourceLanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  /**
   * One id per text box and page session (random). A logged-in `text/translate` call with it is
   * charged only for what its text adds to the text the draft was last charged for, so
   * translate-as-you-type costs the final text once (services/tasks README, "Drafts").
   * Ignored by `try_translate` and the async call.
   */
  draft_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
});
export type TranslateBody = Static<typeof TranslateBody>;

export const TranslateData = Type.Object({
  translated: Type.String(),
  /** The source language used: the detected one when the request said `auto`. */
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  /** True when the text was longer than the limit and only its first 5000 characters were translated. */
  truncated: Type.Boolean(),
  /** Characters charged (the translated part only). */
  chars: Type.Integer(),
  /** Which engine and model translated: e.g. `local:en-us_zh-cn@3f2a…`, `pivot:ja>en-us>zh-cn`. */
  engine: Type.String(),
  cached: Type.Boolean(),
  /** A logged-in user's termbase terms found in the text; `applied`: the output holds the term's target. */
  terms: Type.Optional(Type.Array(Type.Object({ source: Type.String(), target: Type.String(), applied: Type.Boolean() }))),
  /** Set when a translation memory answered (engine `tm:exact` 100, `tm:context` 101). */
  tm_score: Type.Optional(Type.Integer()),
});
export type TranslateData = Static<typeof TranslateData>;

export const LangidBody = Type.Object({ text: Type.String({ maxLength: LIMITS.textChars * 4 }) });
export type LangidBody = Static<typeof LangidBody>;
export const LangidData = Type.Object({
  lang: Type.Union([LanguageCode, Type.Literal('unknown')]),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
});
export type LangidData = Static<typeof LangidData>;

export const LanguageItem = Type.Object({ language: Type.String(), language_code: LanguageCode });
export type LanguageItem = Static<typeof LanguageItem>;
export const DomainItem = Type.Object({ domain: Type.String(), domain_code: DomainCode });
export type DomainItem = Static<typeof DomainItem>;

/** `flag`: which feature asks (0 text, 1 document, 2 picture, 3 web); lists may differ per feature. */
export const LanguageListQuery = Type.Object({ flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })) });
export type LanguageListQuery = Static<typeof LanguageListQuery>;
export const DomainListQuery = Type.Object({
  flag: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  /** `src_tgt`, e.g. `en-us_zh-cn`. */
  language_pair: Type.Optional(Type.String({ maxLength: 20 })),
});
export type DomainListQuery = Static<typeof DomainListQuery>;

export const LanguageList = Type.Object({ language_list: Type.Array(LanguageItem) });
export type LanguageList = Static<typeof LanguageList>;
export const DomainList = Type.Object({ domain_list: Type.Array(DomainItem) });
export type DomainList = Static<typeof DomainList>;
export const LanguageAndDomainList = Type.Object({ language_list: Type.Array(LanguageItem), domain_list: Type.Array(DomainItem) });
export type LanguageAndDomainList = Static<typeof LanguageAndDomainList>;

export const EnginePair = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  /** direct: a model for the pair; pivot: through English; unavailable: no way to translate it. */
  kind: Type.Union([Type.Literal('direct'), Type.Literal('pivot'), Type.Literal('unavailable')]),
  engine: Type.String(),
});
export type EnginePair = Static<typeof EnginePair>;
export const EngineList = Type.Object({ enginelist: Type.Array(EnginePair) });
export type EngineList = Static<typeof EngineList>;

export const TextTaskData = Type.Object({ task_id: Type.String() });
export type TextTaskData = Static<typeof TextTaskData>;
export const TextTaskQuery = Type.Object({ task_id: Type.String({ format: 'uuid' }) });
export type TextTaskQuery = Static<typeof TextTaskQuery>;
export const TextTaskStatusData = Type.Object({
  task_id: Type.String(),
  /** queued: waiting or translating; done: `translated` holds the result; failed: `message` says why. */
  status: Type.Union([Type.Literal('queued'), Type.Literal('done'), Type.Literal('failed')]),
  translated: Type.Union([Type.String(), Type.Null()]),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  truncated: Type.Boolean(),
  chars: Type.Integer(),
  engine: Type.Union([Type.String(), Type.Null()]),
  message: Type.Union([Type.String(), Type.Null()]),
});
export type TextTaskStatusData = Static<typeof TextTaskStatusData>;
