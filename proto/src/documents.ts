/**
 * Document translation (spec sections 2-4; ARCHITECTURE.md conventions).
 * `POST request_translate/doc/create` is a multipart form (`files` 1-5 parts, `src_lang`,
 * `tgt_lang`, `mode`, `translate_pictures`, `domain`) answering `{task_id, do_cat}`;
 * `POST request_translate/doc/estimate` (the same form) answers what the batch would cost;
 * `GET request_translate/doc/query?task_id=` answers the task with one item per file;
 * `GET request_translate/doc/download/{projectId}` streams a result;
 * `POST request_translate/doc/interrupt {task_id}` stops a task and refunds what was not done;
 * `POST request_translate/doc/retry {task_id, project_ids?}` starts interrupted files (and files
 * failed for a cause a new run can cure: 41005, 1203) again from their stored source;
 * `GET request_translate/doc/my_files` lists My Documents (paged) and
 * `DELETE request_translate/doc/my_files {project_ids}` deletes some of them.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { DomainCode, LanguageCode } from './translation';

/** Extensions a document upload accepts (legacy doc/ppt/xls and OpenDocument odt/ods/odp go through LibreOffice). */
export const DOC_EXTENSIONS = [
  'docx',
  'doc',
  'odt',
  'pptx',
  'ppt',
  'odp',
  'xlsx',
  'xls',
  'ods',
  'pdf',
  'txt',
  'html',
  'htm',
  'srt',
  'xliff',
  'xlf',
] as const;
export type DocExtension = (typeof DOC_EXTENSIONS)[number];

/** 0 translation only, 1 bilingual by paragraph, 2 bilingual by sentence. */
export const DOC_MODES = [0, 1, 2] as const;
export type DocMode = (typeof DOC_MODES)[number];

/** Task steps of spec section 4: 1 upload (working), 3 done, 4 error. */
export const DOC_STEPS = { upload: 1, done: 3, error: 4 } as const;

/** One file's state. */
export const DOC_FILE_STATUSES = ['queued', 'translating', 'done', 'failed', 'interrupted'] as const;
export type DocFileStatus = (typeof DOC_FILE_STATUSES)[number];

/**
 * The fields of `doc/create` beside its `files` parts. Multipart fields arrive as text, so the
 * numbers and switches are the strings a form sends; `parseDocCreateForm` gives their values.
 */
export const DocCreateForm = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  mode: Type.Optional(literalUnion(['0', '1', '2'] as const)),
  translate_pictures: Type.Optional(literalUnion(['0', '1', 'true', 'false'] as const)),
  /** Empty means general. */
  domain: Type.Optional(Type.Union([DomainCode, Type.Literal('')])),
});
export type DocCreateForm = Static<typeof DocCreateForm>;

/** What a checked `DocCreateForm` asks for. */
export type DocOptions = {
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  mode: DocMode;
  translate_pictures: boolean;
  domain: Static<typeof DomainCode>;
};

export function docOptionsOf(form: DocCreateForm): DocOptions {
  return {
    src_lang: form.src_lang,
    tgt_lang: form.tgt_lang,
    mode: Number(form.mode ?? '0') as DocMode,
    translate_pictures: form.translate_pictures === '1' || form.translate_pictures === 'true',
    domain: form.domain || 'general',
  };
}

export const DocCreateData = Type.Object({
  task_id: Type.String(),
  /** The site's do_cat setting: whether the result opens in post-editing. */
  do_cat: Type.Integer(),
});
export type DocCreateData = Static<typeof DocCreateData>;

/**
 * `POST request_translate/doc/estimate` (the same multipart form as `doc/create`): what the batch
 * would cost, before it starts. Each file answers its characters (the count its task reserves,
 * before translation-memory hits; pictures' text is counted only once they are read), or the
 * code and message it would fail with. `estimated` is false when the files together exceed
 * `LIMITS.docEstimateBytes` or no document worker answered: the cost is then counted as the
 * files are opened. Nothing is kept, reserved or taken (no trial).
 */
export const DocEstimateFile = Type.Object({
  name: Type.String(),
  chars: Type.Optional(Type.Integer({ minimum: 0 })),
  code: Type.Optional(Type.Integer()),
  msg: Type.Optional(Type.String()),
});
export type DocEstimateFile = Static<typeof DocEstimateFile>;
export const DocEstimateData = Type.Object({
  estimated: Type.Boolean(),
  files: Type.Array(DocEstimateFile),
  total_chars: Type.Integer({ minimum: 0 }),
  chars_left: Type.Integer(),
});
export type DocEstimateData = Static<typeof DocEstimateData>;

export const DocFileItem = Type.Object({
  projectId: Type.String(),
  file_name: Type.String(),
  status: literalUnion(DOC_FILE_STATUSES),
  /** Empty while all is well; the error message (in the caller's language) when it failed. */
  message: Type.String(),
  /** The error code when failed (1201, 1202, 41005, 1203...), else 0. */
  code: Type.Integer(),
  /** 0-100 for this file. */
  score: Type.Integer(),
  /** Characters charged for this file (settled when done). */
  chars: Type.Integer(),
  /** File name of the result, when done. */
  result_name: Type.Union([Type.String(), Type.Null()]),
  /** Whether `doc/retry` may start it again (interrupted, or failed with 41005 or 1203). */
  retryable: Type.Optional(Type.Boolean()),
});
export type DocFileItem = Static<typeof DocFileItem>;

export const DocQueryData = Type.Object({
  task_id: Type.String(),
  /** 0-100: translated segments over all segments of the task; 100 when every file ended. */
  score: Type.Integer(),
  step: Type.Integer(),
  doc_num: Type.Integer(),
  /** Characters reserved (while working) or charged (when done). */
  price: Type.Integer(),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  mode: Type.Integer(),
  translate_list: Type.Array(DocFileItem),
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type DocQueryData = Static<typeof DocQueryData>;

export const DocQueryQuery = Type.Object({ task_id: Type.String({ minLength: 1 }) });
export const DocInterruptBody = Type.Object({ task_id: Type.String({ minLength: 1 }) });
/** Without `project_ids`, every file of the task that may run again. */
export const DocRetryBody = Type.Object({
  task_id: Type.String({ minLength: 1 }),
  project_ids: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 5 })),
});
export type DocRetryBody = Static<typeof DocRetryBody>;
export const DocRetryData = Type.Object({ restarted: Type.Integer() });
export type DocRetryData = Static<typeof DocRetryData>;
export const DocDownloadParams = Type.Object({ projectId: Type.String({ minLength: 1 }) });

export const MyFilesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String()),
});
export type MyFilesQuery = Static<typeof MyFilesQuery>;

export const MyFileItem = Type.Object({
  projectId: Type.String(),
  task_id: Type.String(),
  file_name: Type.String(),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  mode: Type.Integer(),
  status: literalUnion(DOC_FILE_STATUSES),
  message: Type.String(),
  chars: Type.Integer(),
  retryable: Type.Optional(Type.Boolean()),
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type MyFileItem = Static<typeof MyFileItem>;

export const MyFilesData = Type.Object({
  list: Type.Array(MyFileItem),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type MyFilesData = Static<typeof MyFilesData>;

export const DeleteMyFilesBody = Type.Object({ project_ids: Type.Array(Type.String(), { minItems: 1, maxItems: 100 }) });
export type DeleteMyFilesBody = Static<typeof DeleteMyFilesBody>;
