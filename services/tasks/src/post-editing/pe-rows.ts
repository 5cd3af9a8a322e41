/**
 * Reading projects and segments: the row shapes, the caller's project (44071 for anything that
 * is not theirs, not done or expired: the same answer, so ids of other users' files reveal
 * nothing), and the shape the calls answer.
 */
import type { Db, inTransaction } from '@mtp/platform';
import { AppError, type LanguageCode, type PeProject, type PeSegment, type PeSegmentStatus } from '@mtp/proto';
import { isUuid } from '../documents/doc-keys';
import type { PeMemoryPort } from './pe-memory-port';

/** The pool or a transaction's client. */
export type Queryable = Db | Parameters<Parameters<typeof inTransaction>[1]>[0];

export type SegmentRow = {
  seg_index: number;
  paragraph: number;
  source: string;
  target: string;
  status: PeSegmentStatus;
  score: number;
  revision: number;
  entry_id: string | null;
  updated_at: Date;
};

export const SEGMENT_COLUMNS = 'seg_index, paragraph, source, target, status, score, revision, entry_id, updated_at';

export function toSegment(row: SegmentRow): PeSegment {
  return {
    seg_index: row.seg_index,
    paragraph: row.paragraph,
    source: row.source,
    target: row.target,
    status: row.status,
    score: row.score,
    revision: row.revision,
    updated_at: row.updated_at.toISOString(),
  };
}

export type ProjectRow = {
  project_id: string;
  task_id: string;
  file_name: string;
  ext: string;
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  mode: number;
  segments: number;
  bank_id: number | null;
  counts: Record<string, number> | null;
  expires_at: Date;
  updated_at: Date;
};

/** Projects of a user that are still kept (their task not expired), with their counts per status. */
export const PROJECT_SELECT = `
  SELECT p.project_id, f.task_id, f.file_name, f.ext, t.src_lang, t.tgt_lang, t.mode, p.segments, p.bank_id,
         t.expires_at, p.updated_at,
         (SELECT jsonb_object_agg(c.status, c.n) FROM
            (SELECT s.status, count(*)::int AS n FROM pe_segments s WHERE s.project_id = p.project_id GROUP BY s.status) c) AS counts
  FROM pe_projects p JOIN doc_files f ON f.project_id = p.project_id JOIN doc_tasks t ON t.task_id = f.task_id
  WHERE p.user_id = $1 AND t.expires_at > now()`;

/** The caller's kept project, or 44071. */
export async function findProject(q: Queryable, userId: number, projectId: string): Promise<ProjectRow> {
  if (!isUuid(projectId)) throw new AppError('PE_FILE_NOT_READY');
  const { rows } = await q.query<ProjectRow>(`${PROJECT_SELECT} AND p.project_id = $2`, [userId, projectId]);
  if (!rows[0]) throw new AppError('PE_FILE_NOT_READY');
  return rows[0];
}

/** The answer's shape; the memory's name comes from the language service (null when it is gone). */
export async function toProject(row: ProjectRow, memory: PeMemoryPort, names = new Map<number, string | null>()): Promise<PeProject> {
  let bankName: string | null = null;
  if (row.bank_id !== null) {
    if (!names.has(row.bank_id)) names.set(row.bank_id, await memory.bankName(row.bank_id));
    bankName = names.get(row.bank_id) ?? null;
  }
  return {
    project_id: row.project_id,
    task_id: row.task_id,
    file_name: row.file_name,
    ext: row.ext,
    src_lang: row.src_lang,
    tgt_lang: row.tgt_lang,
    mode: row.mode,
    segments: row.segments,
    bank_id: row.bank_id,
    bank_name: bankName,
    counts: row.counts ?? {},
    expires_at: row.expires_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Days a document with post-editing is kept after an edit: the task's expiry moves to at least then. */
export async function keepEdited(q: Queryable, projectId: string, taskId: string, keepDays: number): Promise<void> {
  await q.query(`UPDATE doc_tasks SET expires_at = greatest(expires_at, now() + make_interval(days => $2)) WHERE task_id = $1`, [
    taskId,
    keepDays,
  ]);
  await q.query('UPDATE pe_projects SET updated_at = now() WHERE project_id = $1', [projectId]);
}
