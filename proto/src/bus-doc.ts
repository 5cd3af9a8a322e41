/**
 * Messages of the document workers (`doc.*` in the catalog). The gateway stores an upload and
 * queues `doc.prepare`; a document worker opens it, writes its sentences to storage and answers
 * `doc.prepared` on `doc.results`, keeping the opened document (it is now its holder). The tasks
 * service sends the chunks to MT, forwards each translated chunk to the holder (`layin`), and
 * once all are in asks the holder to write the file (`assemble`), or any worker through the
 * `doc.assemble` queue when the holder is gone; the writer answers `doc.assembled` or
 * `doc.failed`. Workers never touch the database: storage and the bus are all they share.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { DomainCode, LanguageCode } from './translation';

const Id = Type.String({ minLength: 1 });
/** 0 translation only, 1 bilingual by paragraph, 2 bilingual by sentence (DOC_MODES). */
const Mode = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

/** doc.prepare: open one uploaded file, check it, cut its sentences. */
export const PrepareDocumentJob = Type.Object({
  kind: Type.Literal('doc.prepare'),
  task_id: Id,
  project_id: Id,
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  /** Where the worker writes the sentences (a JSON array of strings, document order). */
  sentences_key: Id,
  src_lang: LanguageCode,
  /** A file of pictures only is fine when its pictures are to be translated. */
  translate_pictures: Type.Boolean(),
});
export type PrepareDocumentJob = Static<typeof PrepareDocumentJob>;

/** doc.assemble (any worker) and a holder's assemble request: write the translated file. */
export const AssembleDocumentJob = Type.Object({
  kind: Type.Literal('doc.assemble'),
  task_id: Id,
  project_id: Id,
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  /** Every sentence's translation in document order (a JSON array of strings), when it has text. */
  translations_key: Id,
  result_key: Id,
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  mode: Mode,
  domain: DomainCode,
  translate_pictures: Type.Boolean(),
  segments_total: Type.Integer({ minimum: 0 }),
  /** The MT pool the file's pictures are translated on. */
  pool: Type.String({ minLength: 1 }),
});
export type AssembleDocumentJob = Static<typeof AssembleDocumentJob>;

/** A holder's answer to an assemble request: it took the work (and answers on doc.results). */
export const AssembleAccepted = Type.Object({ accepted: Type.Boolean() });
export type AssembleAccepted = Static<typeof AssembleAccepted>;

/**
 * A holder's lay-in event: translations laid into the kept document as they come back, so the
 * final write has little left. `start` comes first, with what laying in needs: the output mode,
 * and which sentence each chunk's segments are (`mt_indices`, cut `chunk_sentences` at a time),
 * with the translation memory's answers by sentence (`indices`). Then one event per chunk
 * (`chunk_index`). Best effort: whatever was missed is read from the translations at assembly.
 */
export const DocLayIn = Type.Object({
  project_id: Id,
  start: Type.Optional(
    Type.Object({
      mode: Mode,
      tgt_lang: LanguageCode,
      mt_indices: Type.Array(Type.Integer({ minimum: 0 })),
      chunk_sentences: Type.Integer({ minimum: 1 }),
    }),
  ),
  chunk_index: Type.Optional(Type.Integer({ minimum: 0 })),
  /** With `start`: the sentences the translation memory answered. */
  indices: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
  translations: Type.Array(Type.String()),
});
export type DocLayIn = Static<typeof DocLayIn>;

export const DocPrepared = Type.Object({
  kind: Type.Literal('doc.prepared'),
  project_id: Id,
  /** The worker that keeps the opened document (its device id). */
  holder: Id,
  segments_total: Type.Integer({ minimum: 0 }),
  chars: Type.Integer({ minimum: 0 }),
});

export const DocAssembled = Type.Object({
  kind: Type.Literal('doc.assembled'),
  project_id: Id,
  holder: Id,
  /** The writing attempt (picture characters are reserved under it). */
  attempt: Id,
  result_key: Id,
  /** Characters of the picture text translated, and their reservations (`doc.charge`) to settle. */
  picture_chars: Type.Integer({ minimum: 0 }),
  picture_reservations: Type.Array(Id),
  /** Sentences whose translation came back empty and kept their source, and their characters (not charged). */
  untranslated_segments: Type.Optional(Type.Integer({ minimum: 0 })),
  untranslated_chars: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** The spec's codes a document worker answers for a file it refused or could not write. */
export const DOC_FAILURE_CODES = [
  'FILE_CONVERT_FAILED',
  'FILE_PARSE_FAILED',
  'FILE_ENCRYPTED',
  'FILE_FORMAT_UNKNOWN',
  'FILE_TOO_LARGE',
  'FILE_TRANSLATION_FAILED',
  'FILE_NO_TEXT',
  'STORAGE_FULL',
] as const;

/** A file the worker refused or could not write; `code` names the spec's code, `detail` is for the log. */
export const DocFailed = Type.Object({
  kind: Type.Literal('doc.failed'),
  project_id: Id,
  stage: literalUnion(['prepare', 'assemble'] as const),
  code: literalUnion(DOC_FAILURE_CODES),
  detail: Type.String(),
  attempt: Type.Optional(Id),
});

/** doc.results: what the document workers report, each with its kind. */
export const DocResult = Type.Union([DocPrepared, DocAssembled, DocFailed]);
export type DocResult = Static<typeof DocResult>;
export type DocFailureCode = Static<typeof DocFailed>['code'];

/**
 * doc.estimate: what one stored upload would cost, before any task exists. The worker opens and
 * plans it as `doc.prepare` would (same checks), keeps nothing and answers the characters that
 * preparing would report (sentences' code points; memory hits and pictures are not counted),
 * or the code the file would fail with.
 */
export const EstimateDocumentRequest = Type.Object({
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  src_lang: LanguageCode,
  /** A file of pictures only is fine (0 characters) when its pictures are to be translated. */
  translate_pictures: Type.Boolean(),
});
export type EstimateDocumentRequest = Static<typeof EstimateDocumentRequest>;

export const EstimateDocumentReply = Type.Union([
  Type.Object({ outcome: Type.Literal('ok'), chars: Type.Integer({ minimum: 0 }), segments: Type.Integer({ minimum: 0 }) }),
  Type.Object({ outcome: Type.Literal('refused'), code: literalUnion(DOC_FAILURE_CODES) }),
]);
export type EstimateDocumentReply = Static<typeof EstimateDocumentReply>;

/** doc.charge: reserve the characters of one picture's text before translating it. */
export const PictureChargeRequest = Type.Object({
  project_id: Id,
  attempt: Id,
  /** The picture's number within the attempt (1, 2, ...). */
  picture: Type.Integer({ minimum: 1 }),
  chars: Type.Integer({ minimum: 1 }),
});
export type PictureChargeRequest = Static<typeof PictureChargeRequest>;

/** `granted: false` when the user's characters do not cover it (the picture stays as it is). */
export const PictureChargeReply = Type.Object({ granted: Type.Boolean(), reservation_id: Type.String() });
export type PictureChargeReply = Static<typeof PictureChargeReply>;

/** doc.progress: best-effort news of a file in a document worker, for live views and tests. */
export const DocProgress = Type.Object({
  project_id: Id,
  holder: Id,
  stage: literalUnion(['prepare', 'assemble'] as const),
  step: Type.String(),
});
export type DocProgress = Static<typeof DocProgress>;

/**
 * doc.picture.reencode: a picture the platform will serve on its own pages (a site logo) is
 * decoded by its content, never its declared type or name, and drawn again into a fresh PNG, so
 * not one byte of the upload is ever served. Only keys travel (NATS payloads are ~1 MB at most).
 */
export const ReencodePictureRequest = Type.Object({
  source_key: Id,
  /** Where the worker writes the PNG; nothing is written when the picture is refused. */
  result_key: Id,
  /** The largest width or height accepted, read from the header before anything is decoded. */
  max_side: Type.Integer({ minimum: 1 }),
});
export type ReencodePictureRequest = Static<typeof ReencodePictureRequest>;

/** `ok`, or why the picture was refused: not a PNG or JPEG, too many pixels, or bytes that do not decode. */
export const ReencodePictureReply = Type.Object({
  outcome: literalUnion(['ok', 'not_a_picture', 'too_large', 'undecodable'] as const),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
});
export type ReencodePictureReply = Static<typeof ReencodePictureReply>;
