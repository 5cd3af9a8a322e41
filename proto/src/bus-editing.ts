/**
 * Messages of the document workers for post-editing and document scan (issue 21). As with
 * translation, workers never touch the database: they read the stored upload, write what they
 * made to storage and answer over the bus; the tasks service keeps the rows.
 *
 * - `doc.pe.segments` (request-reply): the sentences of a translated file, cut exactly as the
 *   translation cut them, written to `out_key` as JSON `[{text, paragraph}]` in document order.
 * - `doc.pe.export` (queue): write an edited document in a format; answered on `doc.pe.results`.
 * - `terms.extract` (queue): extract candidate terms; answered on `terms.results`.
 */
import { Type, type Static } from 'typebox';
import { DOC_FAILURE_CODES } from './bus-doc';
import { literalUnion } from './literal-union';
import { PeExportFormat } from './post-editing';
import { LanguageCode } from './translation';

const Id = Type.String({ minLength: 1 });
const Mode = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
const FailureCode = literalUnion(DOC_FAILURE_CODES);

export const PeSegmentsRequest = Type.Object({
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  src_lang: LanguageCode,
  /** Where the worker writes `[{text, paragraph}]`. */
  out_key: Id,
});
export type PeSegmentsRequest = Static<typeof PeSegmentsRequest>;

export const PeSegmentsReply = Type.Union([
  Type.Object({ outcome: Type.Literal('ok'), segments: Type.Integer({ minimum: 0 }), paragraphs: Type.Integer({ minimum: 0 }) }),
  Type.Object({ outcome: Type.Literal('refused'), code: FailureCode }),
]);
export type PeSegmentsReply = Static<typeof PeSegmentsReply>;

/** One segment as an export needs it (`segments_key` holds a JSON array of these, in order). */
export const PeExportSegment = Type.Object({
  source: Type.String(),
  target: Type.String(),
  status: Type.String(),
  paragraph: Type.Integer({ minimum: 0 }),
});
export type PeExportSegment = Static<typeof PeExportSegment>;

export const PeExportJob = Type.Object({
  kind: Type.Literal('pe.export'),
  export_id: Id,
  project_id: Id,
  format: PeExportFormat,
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  /** The translated file as the task wrote it (its translated pictures are kept in an original-format export). */
  result_key: Type.Union([Id, Type.Null()]),
  segments_key: Id,
  /** Where the export goes. */
  out_key: Id,
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  mode: Mode,
});
export type PeExportJob = Static<typeof PeExportJob>;

export const PeExportResult = Type.Union([
  Type.Object({ kind: Type.Literal('pe.exported'), export_id: Id, bytes: Type.Integer({ minimum: 0 }) }),
  Type.Object({ kind: Type.Literal('pe.export_failed'), export_id: Id, code: FailureCode, detail: Type.String() }),
]);
export type PeExportResult = Static<typeof PeExportResult>;

export const TermExtractionJob = Type.Object({
  kind: Type.Literal('terms.extract'),
  task_id: Id,
  file_name: Type.String(),
  ext: Type.String({ minLength: 1 }),
  source_key: Id,
  src_lang: LanguageCode,
  /** Where the worker writes the candidates (JSON array of ExtractedTerm, best first). */
  out_key: Id,
});
export type TermExtractionJob = Static<typeof TermExtractionJob>;

/** A candidate as the worker found it. */
export const ExtractedTerm = Type.Object({
  term: Type.String(),
  frequency: Type.Integer({ minimum: 1 }),
  score: Type.Number(),
  example: Type.String(),
});
export type ExtractedTerm = Static<typeof ExtractedTerm>;

export const TermExtractionDone = Type.Union([
  Type.Object({ kind: Type.Literal('terms.extracted'), task_id: Id, count: Type.Integer({ minimum: 0 }) }),
  Type.Object({ kind: Type.Literal('terms.failed'), task_id: Id, code: FailureCode, detail: Type.String() }),
]);
export type TermExtractionDone = Static<typeof TermExtractionDone>;
