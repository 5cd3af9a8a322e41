/**
 * The native public API under `/api/v1.0/open/` (issue 20 item 2; gateway README "Public API:
 * native calls"). Every call but `open/token` (app-keys.ts) sends `Authorization: Bearer <token>`.
 * Answers are the envelope with `errorMsg` beside `msg` (spec section 3), always HTTP 200; errors
 * use the public-API catalogue (10001-10029 of error-codes.ts, plus 41005 not enough characters).
 *
 * - `POST open/translate[?format=text]` {text (a string or 1-50 strings), src_lang (`auto`
 *   detects), tgt_lang, domain?, tm_id?, tb_id?} -> `data {translations, src_lang, tgt_lang, chars}`
 * - `POST open/doc/translate` (multipart, one file of at most 1 MB) -> the translated file
 * - `POST open/doc/create` (multipart, 1-5 files) -> `data {task_id}`
 * - `GET open/doc/query?task_id=` -> `data {task_id, status, progress, files}`
 * - `GET open/doc/download?task_id=&file_id=` -> the translated file
 * - `POST open/langid {text}` -> `data {lang, confidence}`; `GET open/enginelist` -> `data {enginelist}`
 * - `GET open/tm_list`, `GET open/tb_list` -> `data {tm_list | tb_list}` (items with bank_name)
 * - `POST open/error_report {...}` -> `data {succeMsg}`
 * - `POST open/web/translate {url, src_lang, tgt_lang}` -> `data {task_id}`;
 *   `GET open/web/query?task_id=` -> `data {task_id, status, progress, ...}`;
 *   `GET open/web/download?task_id=` -> the translated page (text/html)
 */
import { Type, type Static, type TSchema } from 'typebox';
import { LIMITS } from './constants';
import { literalUnion } from './literal-union';
import { DOC_FILE_STATUSES } from './documents';
import { DomainCode, LanguageCode, SourceLanguageCode } from './translation';

/** At most this many segments in one `open/translate` call. */
export const OPEN_TRANSLATE_MAX_SEGMENTS = 50;
/** At most this many banks in one `tm_id` / `tb_id`. */
export const OPEN_BANKS_MAX = 10;
/** `open/doc/translate` answers synchronously: at most 1 MB, translated within 60 s (gateway README). */
export const OPEN_DOC_SYNC = { maxBytes: 1024 * 1024, waitMs: 60_000 } as const;

/** The native envelope: `errorMsg` repeats `msg` on errors (spec section 3, "API error body"). */
export const NativeReply = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    errorMsg: Type.Optional(Type.String({ description: 'On errors: the same message as `msg`.' })),
    data: Type.Union([data, Type.Null()]),
  });

const Segment = Type.String({ maxLength: LIMITS.textChars, description: `At most ${LIMITS.textChars} characters.` });
const BankIds = (what: string) =>
  Type.Union([Type.Integer({ minimum: 1 }), Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: OPEN_BANKS_MAX })], {
    description: `Only these ${what} (one id or a list of up to ${OPEN_BANKS_MAX}): your own or system ones, from open/${what === 'memories' ? 'tm_list' : 'tb_list'}. Absent: all of them.`,
  });

export const OpenTranslateBody = Type.Object({
  text: Type.Union([Segment, Type.Array(Segment, { minItems: 1, maxItems: OPEN_TRANSLATE_MAX_SEGMENTS })], {
    description: `One text, or a list of 1-${OPEN_TRANSLATE_MAX_SEGMENTS} segments translated together (one charge).`,
  }),
  src_lang: SourceLanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  tm_id: Type.Optional(BankIds('memories')),
  tb_id: Type.Optional(BankIds('termbases')),
});
export type OpenTranslateBody = Static<typeof OpenTranslateBody>;

/** `format=text`: the translations as text/plain, one a line; errors as `[err] <message>`. */
export const OpenFormatQuery = Type.Object({ format: Type.Optional(literalUnion(['json', 'text'] as const)) });
export type OpenFormatQuery = Static<typeof OpenFormatQuery>;

export const OpenTranslation = Type.Object({
  translated: Type.String(),
  /** Characters charged for this segment (a blank one: 0). */
  chars: Type.Integer(),
  /** `tm:exact` / `tm:context` (a memory answered), else the engine and model. */
  engine: Type.String(),
  tm_score: Type.Optional(Type.Integer()),
});
export const OpenTranslateData = Type.Object({
  /** In the order of `text` (one item for a single string). */
  translations: Type.Array(OpenTranslation),
  /** The detected language when `src_lang` was `auto`. */
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  /** Characters charged for the whole call. */
  chars: Type.Integer(),
});
export type OpenTranslateData = Static<typeof OpenTranslateData>;

export const OpenLangidBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: LIMITS.textChars }) });
export type OpenLangidBody = Static<typeof OpenLangidBody>;

export const OpenBankQuery = Type.Object({ src_lang: Type.Optional(LanguageCode), tgt_lang: Type.Optional(LanguageCode) });
export type OpenBankQuery = Static<typeof OpenBankQuery>;
export const OpenBankItem = Type.Object({
  bank_id: Type.Integer(),
  bank_name: Type.String(),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  /** Number of entries. */
  entries: Type.Integer(),
  /** 0: a system bank, 1: your own. */
  system_or_individual: Type.Integer(),
  /** 1: two-way (also used for tgt_lang -> src_lang). */
  tow_way: Type.Integer(),
  domain: Type.String(),
});
export type OpenBankItem = Static<typeof OpenBankItem>;
export const OpenTmList = Type.Object({ tm_list: Type.Array(OpenBankItem) });
export const OpenTbList = Type.Object({ tb_list: Type.Array(OpenBankItem) });

export const OpenErrorReportBody = Type.Object({
  source: Type.String({ minLength: 1, maxLength: LIMITS.textChars * 4 }),
  output: Type.String({ minLength: 1, maxLength: LIMITS.textChars * 4 }),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  error_type: Type.Integer({
    description: '1 mistranslation, 2 omission or addition, 3 terminology, 4 grammar or fluency, 5 formatting or punctuation, 6 other',
  }),
  proposal: Type.Optional(Type.String({ maxLength: LIMITS.textChars * 4 })),
});
export type OpenErrorReportBody = Static<typeof OpenErrorReportBody>;
export const OpenErrorReportData = Type.Object({ succeMsg: Type.String() });

export const OpenWebTranslateBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'An http(s) address.' }),
  // A page's language is not detected: the caller names it.
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
});
export type OpenWebTranslateBody = Static<typeof OpenWebTranslateBody>;
export const OpenWebTranslateData = Type.Object({ task_id: Type.String() });
export const OpenWebQueryQuery = Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type OpenWebQueryQuery = Static<typeof OpenWebQueryQuery>;
export const OpenWebQueryData = Type.Object({
  task_id: Type.String(),
  url: Type.String(),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  status: literalUnion(['working', 'done', 'failed'] as const),
  /** 0-100; 100 when done. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Characters reserved (working) or charged (done); 0 when failed (refunded). */
  chars: Type.Integer({ minimum: 0 }),
  /** 0 unless failed: the web error's own code (44091-44099) and its message in the caller's language. */
  code: Type.Integer(),
  message: Type.String(),
});
export type OpenWebQueryData = Static<typeof OpenWebQueryData>;
export const OpenWebDownloadQuery = Type.Object({
  task_id: Type.String({ minLength: 1, maxLength: 64 }),
  version: Type.Optional(literalUnion(['translated', 'original'] as const)),
});
export type OpenWebDownloadQuery = Static<typeof OpenWebDownloadQuery>;

/** The multipart fields of `open/doc/create` and `open/doc/translate` beside the file(s). */
export const OpenDocForm = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  /** 0 translation only, 1 bilingual by paragraph, 2 bilingual by sentence. */
  mode: Type.Optional(literalUnion(['0', '1', '2'] as const)),
  translate_pictures: Type.Optional(literalUnion(['0', '1'] as const)),
});
export const OpenDocCreateData = Type.Object({ task_id: Type.String() });

export const OpenDocQueryQuery = Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type OpenDocQueryQuery = Static<typeof OpenDocQueryQuery>;
export const OpenDocFile = Type.Object({
  file_id: Type.String(),
  file_name: Type.String(),
  status: literalUnion(DOC_FILE_STATUSES),
  /** Empty while all is well; why it failed, in the caller's language. */
  message: Type.String(),
  /** 0 unless failed (the document error's code). */
  code: Type.Integer(),
  /** 0-100 for this file. */
  progress: Type.Integer(),
  /** Characters reserved (while working) or charged (when done). */
  chars: Type.Integer(),
});
export const OpenDocQueryData = Type.Object({
  task_id: Type.String(),
  /** `working` until every file ended; then `done` (some file done) or `failed` (none). */
  status: literalUnion(['working', 'done', 'failed'] as const),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  files: Type.Array(OpenDocFile),
});
export type OpenDocQueryData = Static<typeof OpenDocQueryData>;
export const OpenDocDownloadQuery = Type.Object({
  task_id: Type.String({ minLength: 1, maxLength: 64 }),
  file_id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type OpenDocDownloadQuery = Static<typeof OpenDocDownloadQuery>;
