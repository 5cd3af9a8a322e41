/** Reading post-editing: the caller's projects (newest edit first), one project, its segments in order. */
import { PE_LIMITS, type PeProject, type PeProjectList, type PeProjectsQuery, type PeSegmentList, type PeSegmentsQuery } from '@mtp/proto';
import type { PeDeps } from './pe-deps';
import { findProject, PROJECT_SELECT, SEGMENT_COLUMNS, toProject, toSegment, type ProjectRow, type SegmentRow } from './pe-rows';

const DEFAULT_PAGE_SIZE = 10;

export async function listPeProjects(deps: Pick<PeDeps, 'db' | 'memory'>, userId: number, query: PeProjectsQuery): Promise<PeProjectList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const total = (
    await deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pe_projects p JOIN doc_files f ON f.project_id = p.project_id JOIN doc_tasks t ON t.task_id = f.task_id
       WHERE p.user_id = $1 AND t.expires_at > now()`,
      [userId],
    )
  ).rows[0]!.n;
  const { rows } = await deps.db.query<ProjectRow>(`${PROJECT_SELECT} ORDER BY p.updated_at DESC, p.project_id LIMIT $2 OFFSET $3`, [
    userId,
    pageSize,
    (page - 1) * pageSize,
  ]);
  // One name lookup per memory, however many projects write to it.
  const names = new Map<number, string | null>();
  const list: PeProject[] = [];
  for (const row of rows) list.push(await toProject(row, deps.memory, names));
  return { list, total, page, page_size: pageSize };
}

export async function getPeProject(deps: Pick<PeDeps, 'db' | 'memory'>, userId: number, projectId: string): Promise<PeProject> {
  return toProject(await findProject(deps.db, userId, projectId), deps.memory);
}

export async function listPeSegments(deps: Pick<PeDeps, 'db'>, userId: number, query: PeSegmentsQuery): Promise<PeSegmentList> {
  const project = await findProject(deps.db, userId, query.project_id);
  const offset = query.offset ?? 0;
  const limit = Math.min(query.limit ?? PE_LIMITS.segmentsPerPage, PE_LIMITS.segmentsPerPage);
  const { rows } = await deps.db.query<SegmentRow>(
    `SELECT ${SEGMENT_COLUMNS} FROM pe_segments WHERE project_id = $1 AND seg_index >= $2 ORDER BY seg_index LIMIT $3`,
    [project.project_id, offset, limit],
  );
  return { segments: rows.map(toSegment), total: project.segments };
}
