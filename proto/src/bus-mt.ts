/**
 * Messages of the MT workers (`mt.*` in the catalog): interactive text, segment jobs of documents,
 * async text tasks and pictures, their results, progress and withdrawals. Every job and result
 * carries its kind, so a result is routed by what it says it is, not by probing tables.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { DomainCode, LanguageCode } from './translation';

export const GlossaryEntry = Type.Object({ source: Type.String({ minLength: 1 }), target: Type.String() });
export type GlossaryEntry = Static<typeof GlossaryEntry>;

/** mt.translate: interactive text, answered while the user waits. */
export const TranslateTextRequest = Type.Object({
  texts: Type.Array(Type.String(), { minItems: 1 }),
  /** Resolved languages: detection (`auto`) happens before a message is sent. */
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  /** Termbase entries the output must contain. */
  glossary: Type.Optional(Type.Array(GlossaryEntry)),
});
export type TranslateTextRequest = Static<typeof TranslateTextRequest>;

export const TranslateTextReply = Type.Object({
  /** One per input text, in order. */
  translations: Type.Array(Type.String()),
  engine: Type.String(),
  model_version: Type.String(),
});
export type TranslateTextReply = Static<typeof TranslateTextReply>;

/**
 * What a segment job belongs to: `text` an async text task (its id is the task's), `doc` a chunk
 * of a document file (the id is the file's project id), `picture` the lines read in one picture
 * of a document being written (answered straight to the document worker that waits for it).
 */
export const SEGMENT_KINDS = ['text', 'doc', 'picture'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/** mt.jobs: one chunk of a document or async task, a batch of segments in document order. */
export const SegmentJob = Type.Object({
  kind: literalUnion(SEGMENT_KINDS),
  task_id: Type.String({ minLength: 1 }),
  chunk_index: Type.Integer({ minimum: 0 }),
  segments: Type.Array(Type.String()),
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  domain: Type.Optional(DomainCode),
  glossary: Type.Optional(Type.Array(GlossaryEntry)),
  /** `picture` jobs: the subject the translations go to (`PictureTexts`), not mt.results. */
  reply_to: Type.Optional(Type.String({ minLength: 1 })),
});
export type SegmentJob = Static<typeof SegmentJob>;

/** The job id of a chunk: republishing the same chunk (a sweeper, a retried upload) dedupes. */
export function segmentJobId(job: Pick<SegmentJob, 'task_id' | 'chunk_index'>): string {
  return `${job.task_id}:${job.chunk_index}`;
}

/**
 * mt.results: a translated chunk of a `text` or `doc` job, on its way to the tasks service. A
 * work queue, not an event: the worker acks its job only once the result is durably queued, so a
 * result cannot be lost between a worker that finished and a tasks service that was down. Its
 * job id is the chunk's (`segmentJobId`), and results are stored idempotently per task and chunk.
 */
export const SegmentResult = Type.Object({
  kind: literalUnion(['text', 'doc'] as const),
  task_id: Type.String({ minLength: 1 }),
  chunk_index: Type.Integer({ minimum: 0 }),
  translations: Type.Array(Type.String()),
  engine: Type.String(),
  model_version: Type.String(),
  device_id: Type.String(),
  /** Source characters translated, for settling the quota ledger. */
  chars: Type.Integer({ minimum: 0 }),
});
export type SegmentResult = Static<typeof SegmentResult>;

/**
 * A `picture` job's answer, sent to its `reply_to`: the translations, or why there are none (the
 * job died). Best effort: the document worker waiting for it gives up after a deadline.
 */
export const PictureTexts = Type.Object({
  task_id: Type.String({ minLength: 1 }),
  translations: Type.Array(Type.String()),
  error: Type.Optional(Type.String()),
});
export type PictureTexts = Static<typeof PictureTexts>;

/** mt.progress: best-effort progress of a chunk in flight, for live views; losing one is harmless. */
export const JobProgress = Type.Object({
  task_id: Type.String(),
  chunk_index: Type.Integer({ minimum: 0 }),
  done_segments: Type.Integer({ minimum: 0 }),
  total_segments: Type.Integer({ minimum: 0 }),
  device_id: Type.String(),
});
export type JobProgress = Static<typeof JobProgress>;

/**
 * mt.withdrawn: tasks whose queued chunks are no longer wanted (a document interrupted by its
 * user, a file failed): workers skip their jobs instead of translating them. Best effort: a
 * worker that missed it translates the chunks, and their results are ignored.
 */
export const JobsWithdrawn = Type.Object({ task_ids: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) });
export type JobsWithdrawn = Static<typeof JobsWithdrawn>;
