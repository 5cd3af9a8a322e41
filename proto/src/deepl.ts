/**
 * The DeepL API v2 shapes served under `/v2/` (issue 20): what DeepL's clients send and read
 * (deepl-node 1.28 is the reference). Bodies come as JSON or as forms (`text` repeated); flags
 * are booleans in JSON and "0"/"1" in forms. Language codes are DeepL's, in any case; the
 * gateway maps them to ours (gateway/README.md "DeepL-compatible API").
 */
import { Type, type Static } from 'typebox';

/** A DeepL switch: `true`/`false` (JSON) or "0"/"1" (forms). */
export const DeeplFlag = Type.Union([Type.Boolean(), Type.Literal('0'), Type.Literal('1')]);

/** At most this many `text` values a request (DeepL's own limit). */
export const DEEPL_MAX_TEXTS = 50;

export const DeeplTranslateBody = Type.Object(
  {
    text: Type.Array(Type.String(), { minItems: 1, maxItems: DEEPL_MAX_TEXTS, description: 'Repeat `text` for several texts' }),
    source_lang: Type.Optional(Type.String({ description: 'ZH, EN, JA, KO, RU; absent: detected' })),
    target_lang: Type.String({ description: 'ZH, ZH-HANS, EN-US, EN-GB, EN (deprecated), JA, KO, RU' }),
    glossary_id: Type.Optional(Type.String({ description: 'A glossary of the key owner (one of their termbases)' })),
    tag_handling: Type.Optional(Type.Union([Type.Literal('html'), Type.Literal('xml')])),
    preserve_formatting: Type.Optional(DeeplFlag),
    context: Type.Optional(Type.String({ description: 'Read, not translated and not charged' })),
    formality: Type.Optional(Type.String({ description: 'Accepted; no engine here changes its register' })),
    show_billed_characters: Type.Optional(DeeplFlag),
    split_sentences: Type.Optional(Type.String({ description: 'Accepted; each text is translated as it comes' })),
  },
  // Other DeepL parameters (outline_detection, model_type, ignore_tags...) are accepted and ignored.
  { additionalProperties: true },
);
export type DeeplTranslateBody = Static<typeof DeeplTranslateBody>;

export const DeeplTextResult = Type.Object({
  detected_source_language: Type.String(),
  text: Type.String(),
  billed_characters: Type.Optional(Type.Integer()),
});
export const DeeplTranslateData = Type.Object({ translations: Type.Array(DeeplTextResult) });
export type DeeplTranslateData = Static<typeof DeeplTranslateData>;

export const DeeplLanguagesQuery = Type.Object(
  { type: Type.Optional(Type.Union([Type.Literal('source'), Type.Literal('target')])) },
  { additionalProperties: true },
);
export const DeeplLanguage = Type.Object({
  language: Type.String(),
  name: Type.String(),
  supports_formality: Type.Optional(Type.Boolean()),
});
export const DeeplLanguagesData = Type.Array(DeeplLanguage);
export type DeeplLanguagesData = Static<typeof DeeplLanguagesData>;

/** `character_limit - character_count` is what the key owner has left. */
export const DeeplUsageData = Type.Object({ character_count: Type.Integer(), character_limit: Type.Integer() });
export type DeeplUsageData = Static<typeof DeeplUsageData>;

/** The fields of `POST /v2/document` (multipart, with the `file`). */
export const DeeplDocumentForm = Type.Object(
  {
    source_lang: Type.String({ minLength: 1 }),
    target_lang: Type.String({ minLength: 1 }),
    glossary_id: Type.Optional(Type.String()),
    formality: Type.Optional(Type.String()),
    filename: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type DeeplDocumentForm = Static<typeof DeeplDocumentForm>;

export const DeeplDocumentHandle = Type.Object({ document_id: Type.String(), document_key: Type.String() });
export type DeeplDocumentHandle = Static<typeof DeeplDocumentHandle>;
export const DeeplDocumentParams = Type.Object({ document_id: Type.String() });
export const DeeplDocumentKeyBody = Type.Object({ document_key: Type.String({ minLength: 1 }) }, { additionalProperties: true });

export const DeeplDocumentStatus = Type.Object({
  document_id: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('translating'), Type.Literal('done'), Type.Literal('error')]),
  seconds_remaining: Type.Optional(Type.Integer()),
  billed_characters: Type.Optional(Type.Integer()),
  error_message: Type.Optional(Type.String()),
});
export type DeeplDocumentStatus = Static<typeof DeeplDocumentStatus>;

export const DeeplGlossaryCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    source_lang: Type.String({ minLength: 1 }),
    target_lang: Type.String({ minLength: 1 }),
    entries: Type.String({ minLength: 1 }),
    entries_format: Type.Optional(Type.Union([Type.Literal('tsv'), Type.Literal('csv')], { default: 'tsv' })),
  },
  { additionalProperties: true },
);
export type DeeplGlossaryCreateBody = Static<typeof DeeplGlossaryCreateBody>;

export const DeeplGlossary = Type.Object({
  glossary_id: Type.String(),
  name: Type.String(),
  ready: Type.Boolean(),
  source_lang: Type.String(),
  target_lang: Type.String(),
  creation_time: Type.String({ format: 'date-time' }),
  entry_count: Type.Integer(),
});
export type DeeplGlossary = Static<typeof DeeplGlossary>;
export const DeeplGlossaryList = Type.Object({ glossaries: Type.Array(DeeplGlossary) });
export const DeeplGlossaryParams = Type.Object({ glossary_id: Type.String() });
export const DeeplGlossaryPairs = Type.Object({
  supported_languages: Type.Array(Type.Object({ source_lang: Type.String(), target_lang: Type.String() })),
});
export type DeeplGlossaryPairs = Static<typeof DeeplGlossaryPairs>;

/** Every DeepL error answer: its HTTP status says what happened. */
export const DeeplError = Type.Object({ message: Type.String() });
