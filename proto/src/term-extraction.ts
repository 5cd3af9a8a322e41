/**
 * Document scan (`/docScan`, issue 21): upload a document, get candidate terms ranked by how
 * term-like and frequent they are, review them in pages of 10, and add the chosen ones to a
 * termbase. Calls under /api/v1.0 (signed-in users; ScanDoc feature):
 *
 * - `GET saas/sites_term_language_list` (whitelisted) -> `data {list}`: the language pairs a scan
 *   can run on (source languages with a tokenizer: zh-cn, en-us, ja, ru).
 * - `POST saas/term_extraction_create` multipart `file`, `src_lang`, `tgt_lang` -> `{task_id}`;
 *   a document worker opens the file and extracts the terms (never the gateway).
 * - `GET saas/term_extraction_query {task_id, page?, page_size? (10), keyword?, chosen?}` ->
 *   the task's state and one page of candidates, best first.
 * - `POST saas/term_extraction_update {task_id, term_id, term?, translation?, chosen?}`.
 * - `POST saas/term_extraction_to_termbase {task_id, bank_id, term_ids?}`: the chosen (or the
 *   named) candidates with a translation go into that termbase; ones already there are skipped.
 * - `GET saas/term_extraction_deleteall {task_id}`: the task and its candidates are deleted.
 * - `GET saas/term_extraction_latest`: the caller's newest scan (the page's kept state).
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { LanguageCode } from './translation';

const Uuid = Type.String({ minLength: 1, maxLength: 64 });

/** Source languages a scan can cut into words: jieba (zh), kuromoji (ja), noun phrases (en, ru). */
export const TERM_SOURCE_LANGS = ['zh-cn', 'en-us', 'ja', 'ru'] as const;

export const TERM_EXTRACTION_LIMITS = {
  /** The spec's page size for term extraction lists. */
  pageSize: 10,
  /** Candidates kept per scan (best first). */
  maxCandidates: 500,
  termChars: 100,
  translationChars: 200,
} as const;

export const TermLanguagePair = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  /** "Chinese → English" in the caller's interface language. */
  name: Type.String(),
});
export type TermLanguagePair = Static<typeof TermLanguagePair>;

export const TermLanguageList = Type.Object({ list: Type.Array(TermLanguagePair) });
export type TermLanguageList = Static<typeof TermLanguageList>;

export const TermExtractionCreated = Type.Object({ task_id: Uuid });
export type TermExtractionCreated = Static<typeof TermExtractionCreated>;

export const TermExtractionStatus = literalUnion(['working', 'done', 'failed'] as const);
export type TermExtractionStatus = Static<typeof TermExtractionStatus>;

export const TermCandidate = Type.Object({
  term_id: Type.Integer(),
  term: Type.String(),
  /** A translation from the memories or the termbases, or the user's own ('' when none). */
  translation: Type.String(),
  frequency: Type.Integer(),
  /** Termhood (C-value) times what frequency adds; higher is more term-like. */
  score: Type.Number(),
  /** The term is already an entry of one of the caller's (or the system's) termbases. */
  in_termbase: Type.Boolean(),
  chosen: Type.Boolean(),
  /** A sentence of the document that uses it. */
  example: Type.String(),
});
export type TermCandidate = Static<typeof TermCandidate>;

export const TermExtractionQuery = Type.Object({
  task_id: Uuid,
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  chosen: Type.Optional(Type.Boolean()),
});
export type TermExtractionQuery = Static<typeof TermExtractionQuery>;

export const TermExtractionResult = Type.Object({
  task_id: Uuid,
  file_name: Type.String(),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  status: TermExtractionStatus,
  /** Why it failed, in the caller's language ('' otherwise). */
  message: Type.String(),
  list: Type.Array(TermCandidate),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});
export type TermExtractionResult = Static<typeof TermExtractionResult>;

export const TermExtractionUpdateBody = Type.Object({
  task_id: Uuid,
  term_id: Type.Integer({ minimum: 1 }),
  term: Type.Optional(Type.String({ minLength: 1, maxLength: TERM_EXTRACTION_LIMITS.termChars })),
  translation: Type.Optional(Type.String({ maxLength: TERM_EXTRACTION_LIMITS.translationChars })),
  chosen: Type.Optional(Type.Boolean()),
});
export type TermExtractionUpdateBody = Static<typeof TermExtractionUpdateBody>;

export const TermExtractionToTermbaseBody = Type.Object({
  task_id: Uuid,
  bank_id: Type.Integer({ minimum: 1 }),
  term_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: TERM_EXTRACTION_LIMITS.maxCandidates })),
});
export type TermExtractionToTermbaseBody = Static<typeof TermExtractionToTermbaseBody>;

export const TermExtractionAdded = Type.Object({ added: Type.Integer(), skipped: Type.Integer() });
export type TermExtractionAdded = Static<typeof TermExtractionAdded>;

export const TermExtractionTaskQuery = Type.Object({ task_id: Uuid });
export type TermExtractionTaskQuery = Static<typeof TermExtractionTaskQuery>;
