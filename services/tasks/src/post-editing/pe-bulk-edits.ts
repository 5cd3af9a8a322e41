/**
 * Edits of many segments at once. `propagate`: a confirmed target copied to repetitions of its
 * source (only segments whose source is exactly the same and not yet confirmed; anything else
 * in `to` is left alone), which become confirmed too. They are not written to the memory one by
 * one: the pair is already there from the confirm. `replace`: a search and replace in targets,
 * the search taken literally (regex-escaped), optionally case-sensitive and whole-word; changed
 * segments become drafts (the translator confirms them). Both bump each changed segment's
 * revision (an open tab's next save of it answers 44073) and keep the document longer.
 */
import { inTransaction } from '@mtp/platform';
import { AppError, PE_LIMITS, type PeChangedSegments, type PePropagateBody, type PeReplaceBody } from '@mtp/proto';
import type { PeDeps } from './pe-deps';
import { findProject, keepEdited, SEGMENT_COLUMNS, toSegment, type SegmentRow } from './pe-rows';

export async function propagatePeSegment(deps: Pick<PeDeps, 'db'>, userId: number, body: PePropagateBody): Promise<PeChangedSegments> {
  return inTransaction(deps.db, async (client) => {
    const project = await findProject(client, userId, body.project_id);
    const { rows: from } = await client.query<SegmentRow>(
      `SELECT ${SEGMENT_COLUMNS} FROM pe_segments WHERE project_id = $1 AND seg_index = $2`,
      [project.project_id, body.seg_index],
    );
    const source = from[0];
    if (!source) throw new AppError('PE_SEGMENT_NOT_FOUND');
    const { rows } = await client.query<SegmentRow>(
      `UPDATE pe_segments SET target = $3, status = 'translated', score = 0, entry_id = NULL, revision = revision + 1, updated_at = now()
        WHERE project_id = $1 AND seg_index = ANY($4::int[]) AND seg_index <> $2 AND md5(source) = md5($5) AND source = $5
          AND status NOT IN ('translated', 'approved')
        RETURNING ${SEGMENT_COLUMNS}`,
      [project.project_id, source.seg_index, source.target, body.to, source.source],
    );
    if (rows.length > 0) await keepEdited(client, project.project_id, project.task_id, PE_LIMITS.keepDays);
    return { segments: rows.sort((a, b) => a.seg_index - b.seg_index).map(toSegment) };
  });
}

/** The search as a pattern: literal text, whole words bounded by anything that is not a letter, digit or `_`. */
export function replacePattern(search: string, opts: { matchCase?: boolean | undefined; wholeWord?: boolean | undefined }): RegExp {
  const literal = search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = opts.wholeWord ? `(?<![\\p{L}\\p{N}_])${literal}(?![\\p{L}\\p{N}_])` : literal;
  return new RegExp(body, `gu${opts.matchCase ? '' : 'i'}`);
}

export async function replaceInPeTargets(deps: Pick<PeDeps, 'db'>, userId: number, body: PeReplaceBody): Promise<PeChangedSegments> {
  const pattern = replacePattern(body.search, { matchCase: body.match_case, wholeWord: body.whole_word });
  return inTransaction(deps.db, async (client) => {
    const project = await findProject(client, userId, body.project_id);
    // A cheap first cut in SQL (the literal text, case-folded), the exact pattern in code.
    const { rows } = await client.query<{ seg_index: number; target: string }>(
      `SELECT seg_index, target FROM pe_segments
        WHERE project_id = $1 AND strpos(lower(target), lower($2)) > 0 AND ($3::int[] IS NULL OR seg_index = ANY($3::int[]))
        FOR UPDATE`,
      [project.project_id, body.search, body.seg_indices ?? null],
    );
    const changed = rows
      .map((row) => ({ seg_index: row.seg_index, target: row.target.replace(pattern, () => body.replace) }))
      .filter((row, i) => row.target !== rows[i]!.target);
    if (changed.length === 0) return { segments: [] };
    const { rows: updated } = await client.query<SegmentRow>(
      `UPDATE pe_segments s SET target = u.target, status = 'draft', score = 0, entry_id = NULL, revision = s.revision + 1, updated_at = now()
         FROM unnest($2::int[], $3::text[]) AS u(seg_index, target)
        WHERE s.project_id = $1 AND s.seg_index = u.seg_index
        RETURNING ${SEGMENT_COLUMNS.split(', ')
          .map((c) => `s.${c}`)
          .join(', ')}`,
      [project.project_id, changed.map((c) => c.seg_index), changed.map((c) => c.target)],
    );
    await keepEdited(client, project.project_id, project.task_id, PE_LIMITS.keepDays);
    return { segments: updated.sort((a, b) => a.seg_index - b.seg_index).map(toSegment) };
  });
}
