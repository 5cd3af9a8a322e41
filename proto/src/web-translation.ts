/**
 * Web page translation (`/webpage`, issue 22). Calls under /api/v1.0 (signed-in users; free
 * users have 3 trials):
 *
 * - `POST web/translate {url, src_lang, tgt_lang}` -> `{task_id}`; a document worker fetches the
 *   page (SSRF-filtered), translates it and stores the translated HTML (never the gateway).
 * - `GET web/query {task_id}` -> the task's state (`WebTaskStatus`); the page polls it.
 * - `GET web/page/{task_id}?version=original|translated` -> the page's HTML, served with `Content-Security-Policy:
 *   sandbox` and no script source, so none of the page's scripts run on our origin.
 *
 * Bus (workers never touch the database): `web.translate` (queue) -> the worker asks
 * `web.charge` (request-reply, the tasks service reserves the page's characters on the ledger)
 * -> MT `picture`-kind jobs on `mt.jobs` answered to `doc.holder.<worker>.webtexts` -> the
 * translated HTML to storage -> `web.results` (queue): settled, or refunded with its code.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { LanguageCode } from './translation';

const Id = Type.String({ minLength: 1, maxLength: 64 });

export const WEB_PAGE_LIMITS = {
  /** A URL longer than this is no page address a person typed or pasted. */
  urlChars: 2048,
  /** Why 5 MB: real article pages are well under 1 MB of HTML; past this it is a dump or an attack. */
  maxBytes: 5 * 1024 * 1024,
  /** Why 15 s: a page that takes longer to arrive is down or hostile; the user is waiting. */
  fetchTimeoutMs: 15_000,
  /** Redirects followed (each checked again); browsers allow 20, pages need 1 or 2. */
  maxRedirects: 5,
  /** Why 40: a chunk of a page's texts is one MT job, as a document chunk is. */
  segmentsPerJob: 40,
  /**
   * The first chunk is about the first screenful: at most this many texts (in document order,
   * the title and meta description first) and this many characters, then a partial page is
   * written. Why 3,000: a desktop screen above the fold holds a few hundred words.
   */
  firstScreenUnits: 40,
  firstScreenChars: 3000,
} as const;

/**
 * Why a page could not be translated: each is an error code of its own (44091-44098), so the
 * user reads what went wrong (a private address, a page too large...), not "failed".
 */
export const WEB_FAILURE_CODES = [
  'WEB_URL_SCHEME',
  'WEB_ADDRESS_PRIVATE',
  'WEB_ADDRESS_LOOPBACK',
  'WEB_ADDRESS_LINK_LOCAL',
  'WEB_PAGE_TOO_LARGE',
  'WEB_FETCH_TIMEOUT',
  'WEB_NOT_HTML',
  'WEB_FETCH_FAILED',
  'CHARS_NOT_ENOUGH',
  'FILE_NO_TEXT',
  'FILE_TRANSLATION_FAILED',
] as const;
export type WebFailureCode = (typeof WEB_FAILURE_CODES)[number];

export const WebTranslateBody = Type.Object({
  // Longer than urlChars gets its own code (44116) from the check; past 4x it is not even read.
  url: Type.String({ maxLength: WEB_PAGE_LIMITS.urlChars * 4 }),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
});
export type WebTranslateBody = Static<typeof WebTranslateBody>;

export const WebTranslateCreated = Type.Object({ task_id: Id });
export type WebTranslateCreated = Static<typeof WebTranslateCreated>;

export const WebTaskQuery = Type.Object({ task_id: Id });
export type WebTaskQuery = Static<typeof WebTaskQuery>;

export const WEB_TASK_STATES = ['working', 'done', 'failed'] as const;

export const WebTaskStatus = Type.Object({
  task_id: Id,
  url: Type.String(),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  status: literalUnion(WEB_TASK_STATES),
  /** A failure's error code (0 while working or done) and its message in the caller's language. */
  code: Type.Integer(),
  message: Type.String(),
  /** Characters charged (done) or reserved (working). */
  chars: Type.Integer({ minimum: 0 }),
  /** Texts translated so far, 0-100 (100 when done). */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** While working: the first screen is translated and `page_url` serves it (the rest still in the source language). */
  partial: Type.Boolean(),
  /** Where the translated page is served (done, or working with a partial page), else null. */
  page_url: Type.Union([Type.String(), Type.Null()]),
});
export type WebTaskStatus = Static<typeof WebTaskStatus>;

export const WebTranslateJob = Type.Object({
  kind: Type.Literal('web.translate'),
  task_id: Id,
  url: Type.String({ minLength: 1 }),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  pool: Type.String({ minLength: 1 }),
  /** Where the worker writes the translated HTML. */
  out_key: Id,
  /** Where it writes the original (links made absolute too), shown beside the translation. */
  original_key: Id,
});
export type WebTranslateJob = Static<typeof WebTranslateJob>;

export const WebChargeRequest = Type.Object({ task_id: Id, chars: Type.Integer({ minimum: 1 }) });
export type WebChargeRequest = Static<typeof WebChargeRequest>;
export const WebChargeReply = Type.Object({ granted: Type.Boolean() });
export type WebChargeReply = Static<typeof WebChargeReply>;

export const WebTranslateDone = Type.Union([
  /** After each chunk: `done` of `total` texts translated; `partial`: page.html holds the first screen at least. */
  Type.Object({
    kind: Type.Literal('web.progress'),
    task_id: Id,
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 1 }),
    partial: Type.Boolean(),
  }),
  Type.Object({ kind: Type.Literal('web.translated'), task_id: Id, chars: Type.Integer({ minimum: 0 }), final_url: Type.String() }),
  Type.Object({ kind: Type.Literal('web.failed'), task_id: Id, code: literalUnion(WEB_FAILURE_CODES), detail: Type.String() }),
]);
export type WebTranslateDone = Static<typeof WebTranslateDone>;
