/**
 * Post-editing (`/translationedit`, issue 21): a translated document opened as a table of
 * segments that a translator edits, confirms into a memory, checks and exports. Calls under
 * /api/v1.0 (signed-in users whose plan and site allow post-editing; services/tasks README):
 *
 * - `POST post_edit/open {project_id}` -> `data PeProject`: the first open asks a document worker
 *   for the file's sentences (the gateway never opens documents) and stores them with their
 *   translations and where each came from; later opens answer the stored project.
 * - `GET post_edit/projects {page?, page_size?}` -> the caller's projects, newest edit first.
 * - `GET post_edit/segments {project_id, offset?, limit?}` -> `data {segments, total}` in order.
 * - `POST post_edit/save {project_id, seg_index, target, status, revision}` -> `data PeSaved`:
 *   every edit is saved as the user types (`draft`); `translated` confirms (and writes the pair,
 *   with the segment before it as context, to the project's memory), `approved` approves. A
 *   stale `revision` (saved meanwhile from another tab) answers 44073 with nothing changed.
 * - `POST post_edit/propagate {project_id, seg_index, to}`: the confirmed target copied to those
 *   repetitions (unconfirmed segments with the same source), confirmed too.
 * - `POST post_edit/replace {project_id, search, replace, ...}`: replace in targets.
 * - `POST post_edit/settings {project_id, bank_id}`: the memory confirmed segments go to.
 * - `GET post_edit/matches {project_id, seg_index}` -> the best memory matches and the terms.
 * - `GET post_edit/concordance {project_id, text, side}` -> memory entries containing `text`.
 * - `GET post_edit/qa {project_id}` -> what to check before export, each with its segment.
 * - `POST post_edit/export {project_id, format}` -> `{export_id}`; `GET post_edit/export_query
 *   {export_id}` until done; `GET post_edit/export_download/{export_id}` streams the file.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';

const Uuid = Type.String({ minLength: 1, maxLength: 64 });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * A segment's state, as Matecat shows it: `new` (no translation), `mt`, `tm100`, `context101`,
 * `fuzzy` (a memory match below 100, `score` says how good) as the document was translated;
 * `draft` once edited, `translated` once confirmed, `approved` once a reviewer approved it.
 */
export const PE_SEGMENT_STATUSES = ['new', 'mt', 'tm100', 'context101', 'fuzzy', 'draft', 'translated', 'approved'] as const;
export const PeSegmentStatus = literalUnion(PE_SEGMENT_STATUSES);
export type PeSegmentStatus = Static<typeof PeSegmentStatus>;
/** What a save may set. */
export const PeSaveStatus = literalUnion(['draft', 'translated', 'approved'] as const);
export type PeSaveStatus = Static<typeof PeSaveStatus>;

export const PE_EXPORT_FORMATS = ['original', 'tmx', 'xliff', 'bilingual_docx'] as const;
export const PeExportFormat = literalUnion(PE_EXPORT_FORMATS);
export type PeExportFormat = Static<typeof PeExportFormat>;

/** One editable sentence of the document. */
export const PeSegment = Type.Object({
  seg_index: Type.Integer({ minimum: 0 }),
  /** The paragraph (table cell, slide text...) it belongs to, numbered from 0 in document order. */
  paragraph: Type.Integer({ minimum: 0 }),
  source: Type.String(),
  target: Type.String(),
  status: PeSegmentStatus,
  /** The memory score the translation came with (100, 101, or a fuzzy score); 0 for MT and edits. */
  score: Type.Integer({ minimum: 0, maximum: 101 }),
  /** Grows by one with every save; a save names the revision it started from. */
  revision: Type.Integer({ minimum: 0 }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type PeSegment = Static<typeof PeSegment>;

export const PeProject = Type.Object({
  project_id: Uuid,
  task_id: Uuid,
  file_name: Type.String(),
  ext: Type.String(),
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  mode: Type.Integer(),
  segments: Type.Integer(),
  /** The memory confirmed segments are written to (null: none chosen, nothing is written). */
  bank_id: NullableInt,
  bank_name: NullableString,
  /** Segments per status. */
  counts: Type.Record(Type.String(), Type.Integer()),
  /** The document and its edits are kept until then (pushed on by every save). */
  expires_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type PeProject = Static<typeof PeProject>;

export const PeOpenBody = Type.Object({ project_id: Uuid });
export type PeOpenBody = Static<typeof PeOpenBody>;

export const PeProjectsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PeProjectsQuery = Static<typeof PeProjectsQuery>;

export const PeProjectList = Type.Object({
  list: Type.Array(PeProject),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type PeProjectList = Static<typeof PeProjectList>;

export const PeProjectQuery = Type.Object({ project_id: Uuid });
export type PeProjectQuery = Static<typeof PeProjectQuery>;

export const PeSegmentsQuery = Type.Object({
  project_id: Uuid,
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Default and maximum: PE_LIMITS.segmentsPerPage (a whole document at the section 5 limits). */
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type PeSegmentsQuery = Static<typeof PeSegmentsQuery>;

export const PeSegmentList = Type.Object({ segments: Type.Array(PeSegment), total: Type.Integer() });
export type PeSegmentList = Static<typeof PeSegmentList>;

export const PE_LIMITS = {
  /** A target's length in characters (far above any sentence; stops abuse of the save call). */
  targetChars: 20_000,
  segmentsPerPage: 20_000,
  /** Memory matches shown per segment (Ctrl+1/2/3 insert them). */
  matches: 3,
  /** The lowest fuzzy score shown (ARCHITECTURE.md: 70% by default). */
  fuzzyThreshold: 70,
  concordanceRows: 20,
  /** Days a document with post-editing is kept after its last save. */
  keepDays: 7,
} as const;

export const PeSaveBody = Type.Object({
  project_id: Uuid,
  seg_index: Type.Integer({ minimum: 0 }),
  target: Type.String({ maxLength: PE_LIMITS.targetChars }),
  status: PeSaveStatus,
  revision: Type.Integer({ minimum: 0 }),
  /**
   * A draft that is a memory match inserted as it is (Ctrl+1/2/3): the match's score. The segment
   * then shows that match (`fuzzy` with the score, `tm100`, `context101`) until it is edited.
   */
  match_score: Type.Optional(Type.Integer({ minimum: 1, maximum: 101 })),
});
export type PeSaveBody = Static<typeof PeSaveBody>;

/** The status of a segment holding a memory match of `score`, as inserted. */
export function matchStatus(score: number): PeSegmentStatus {
  return score >= 101 ? 'context101' : score >= 100 ? 'tm100' : 'fuzzy';
}

export const PeSaved = Type.Object({
  segment: PeSegment,
  /** On a confirm: other unconfirmed segments with the same source, offered for propagation. */
  repetitions: Type.Array(Type.Integer()),
  /** On a confirm with a memory chosen: the entry written (null: none written). */
  entry_id: NullableInt,
  /** Why the confirmed pair was not written to the memory (the plan's entry limit, the memory deleted); the segment is saved all the same. */
  memory_message: Type.Optional(Type.String()),
});
export type PeSaved = Static<typeof PeSaved>;

export const PePropagateBody = Type.Object({
  project_id: Uuid,
  seg_index: Type.Integer({ minimum: 0 }),
  to: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: PE_LIMITS.segmentsPerPage }),
});
export type PePropagateBody = Static<typeof PePropagateBody>;

export const PeReplaceBody = Type.Object({
  project_id: Uuid,
  search: Type.String({ minLength: 1, maxLength: 1000 }),
  replace: Type.String({ maxLength: 1000 }),
  match_case: Type.Optional(Type.Boolean()),
  whole_word: Type.Optional(Type.Boolean()),
  /** Only these segments (absent: every segment whose target contains `search`). */
  seg_indices: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: PE_LIMITS.segmentsPerPage })),
});
export type PeReplaceBody = Static<typeof PeReplaceBody>;

/** Segments changed by propagate or replace. */
export const PeChangedSegments = Type.Object({ segments: Type.Array(PeSegment) });
export type PeChangedSegments = Static<typeof PeChangedSegments>;

export const PeSettingsBody = Type.Object({ project_id: Uuid, bank_id: NullableInt });
export type PeSettingsBody = Static<typeof PeSettingsBody>;

export const PeMatchesQuery = Type.Object({ project_id: Uuid, seg_index: Type.Integer({ minimum: 0 }) });
export type PeMatchesQuery = Static<typeof PeMatchesQuery>;

export const PeMatch = Type.Object({
  entry_id: Type.Integer(),
  score: Type.Integer(),
  source: Type.String(),
  target: Type.String(),
  bank_name: Type.String(),
  system: Type.Boolean(),
});
export type PeMatch = Static<typeof PeMatch>;

export const PeTerm = Type.Object({ source: Type.String(), target: Type.String() });
export type PeTerm = Static<typeof PeTerm>;

export const PeMatches = Type.Object({ tm: Type.Array(PeMatch), terms: Type.Array(PeTerm) });
export type PeMatches = Static<typeof PeMatches>;

export const PeConcordanceQuery = Type.Object({
  project_id: Uuid,
  text: Type.String({ minLength: 1, maxLength: 200 }),
  side: Type.Optional(literalUnion(['source', 'target'] as const)),
});
export type PeConcordanceQuery = Static<typeof PeConcordanceQuery>;

export const PeConcordance = Type.Object({
  list: Type.Array(Type.Object({ source: Type.String(), target: Type.String(), bank_name: Type.String() })),
});
export type PeConcordance = Static<typeof PeConcordance>;

/** What QA flags: a termbase term whose translation is missing, numbers that differ, protected tokens lost, no translation. */
export const PE_QA_KINDS = ['missing_term', 'number_mismatch', 'tag_lost', 'empty_target'] as const;
export const PeQaKind = literalUnion(PE_QA_KINDS);
export type PeQaKind = Static<typeof PeQaKind>;

export const PeQaIssue = Type.Object({
  seg_index: Type.Integer(),
  kind: PeQaKind,
  /**
   * What is missing or differs: `missing_term` the term and its translation (`valve → 阀门`);
   * `number_mismatch` `-n` for each number the target lacks and `+n` for each it adds (`-1 +3`);
   * `tag_lost` the tokens lost; `empty_target` nothing.
   */
  detail: Type.String(),
});
export type PeQaIssue = Static<typeof PeQaIssue>;

export const PeQaReport = Type.Object({ issues: Type.Array(PeQaIssue) });
export type PeQaReport = Static<typeof PeQaReport>;

export const PeExportBody = Type.Object({ project_id: Uuid, format: PeExportFormat });
export type PeExportBody = Static<typeof PeExportBody>;

export const PeExportCreated = Type.Object({ export_id: Uuid });
export type PeExportCreated = Static<typeof PeExportCreated>;

export const PeExportQuery = Type.Object({ export_id: Uuid });
export type PeExportQuery = Static<typeof PeExportQuery>;

export const PeExportState = Type.Object({
  export_id: Uuid,
  project_id: Uuid,
  format: PeExportFormat,
  status: literalUnion(['working', 'done', 'failed'] as const),
  message: Type.String(),
  /** The download's name (the document's name with the target language, and the format's extension). */
  file_name: Type.String(),
});
export type PeExportState = Static<typeof PeExportState>;

/**
 * Inline tags and placeholders a translation must keep as they are: markup tags, `{0}` / `{{name}}`
 * placeholders, printf conversions, tabs. The editor shows each as one token that typing cannot
 * break, and QA flags a target that lost one. Documents reach post-editing as plain text (the
 * writer keeps run formatting itself, ../workers/doc), so these are the tags a segment can hold.
 */
const PROTECTED_TOKEN = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>|\{\{[^{}]{1,40}\}\}|\{\d{1,3}\}|%(?:\d+\$)?[sdif@]|\t/g;

export function protectedTokens(text: string): string[] {
  return text.match(PROTECTED_TOKEN) ?? [];
}

/** Splits text into plain stretches and protected tokens, in order (the editor's view). */
export function splitProtected(text: string): { text: string; token: boolean }[] {
  const out: { text: string; token: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(PROTECTED_TOKEN)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), token: false });
    out.push({ text: m[0], token: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), token: false });
  return out;
}
