/**
 * `POST post_edit/save`: every edit is saved as the translator types (`draft`), confirmed
 * (`translated`) or approved. A save names the revision it started from; a stale one (the
 * segment was saved meanwhile from another tab) changes nothing and answers 44073. Every save
 * keeps the document longer (the task's expiry moves to at least PE_LIMITS.keepDays from now).
 *
 * A confirm with a memory chosen writes source -> target with the segment before it as context
 * (so the pair later matches at 101%) through the memory port, after the segment is saved: a
 * refused write (the plan's entry limit, the memory deleted) leaves the segment saved and says
 * why in `memory_message`. `entry_id` remembers the entry holding the current target, so
 * confirming an unchanged target again writes nothing twice; any change of the target clears it.
 * A draft that is a memory match inserted unchanged (`match_score`) takes the match's status and
 * score (`fuzzy` 85, `tm100`...), as Matecat shows a suggestion's match; a confirm keeps the score.
 */
import { inTransaction } from '@mtp/platform';
import { AppError, detailIn, matchStatus, messageOf, PE_LIMITS, type PeSaveBody, type PeSaved, type UiLang } from '@mtp/proto';
import type { PeDeps } from './pe-deps';
import type { PeActor } from './pe-memory-port';
import { findProject, keepEdited, SEGMENT_COLUMNS, toSegment, type ProjectRow, type Queryable, type SegmentRow } from './pe-rows';

export async function savePeSegment(deps: PeDeps, actor: PeActor, body: PeSaveBody, lang: UiLang): Promise<PeSaved> {
  const { project, saved } = await inTransaction(deps.db, async (client) => {
    const project = await findProject(client, actor.userId, body.project_id);
    // A memory match inserted as it is shows as that match (its score) until it is edited.
    const match = body.status === 'draft' && body.match_score !== undefined ? body.match_score : null;
    const { rows } = await client.query<SegmentRow>(
      `UPDATE pe_segments
          SET target = $3, status = $4, revision = revision + 1, updated_at = now(),
              score = CASE WHEN $6::int IS NOT NULL THEN $6 WHEN target = $3 THEN score ELSE 0 END,
              entry_id = CASE WHEN target = $3 THEN entry_id ELSE NULL END
        WHERE project_id = $1 AND seg_index = $2 AND revision = $5
        RETURNING ${SEGMENT_COLUMNS}`,
      [project.project_id, body.seg_index, body.target, match === null ? body.status : matchStatus(match), body.revision, match],
    );
    if (!rows[0]) await refuseSave(client, project.project_id, body.seg_index);
    await keepEdited(client, project.project_id, project.task_id, PE_LIMITS.keepDays);
    return { project, saved: rows[0]! };
  });
  const answer: PeSaved = { segment: toSegment(saved), repetitions: [], entry_id: saved.entry_id === null ? null : Number(saved.entry_id) };
  if (body.status !== 'translated') return answer;
  answer.repetitions = await repetitionsOf(deps.db, project.project_id, saved);
  if (project.bank_id !== null && saved.entry_id === null && saved.target.trim() !== '') {
    const written = await writeToMemory(deps, actor, project, saved);
    if (written.ok) answer.entry_id = written.entryId;
    else answer.memory_message = [messageOf(written.error.codeName, lang), detailIn(written.error.detail, lang)].filter(Boolean).join(': ');
  }
  return answer;
}

/** Why nothing was updated: no such segment (44072) or a stale revision (44073). */
async function refuseSave(q: Queryable, projectId: string, segIndex: number): Promise<never> {
  const { rowCount } = await q.query('SELECT 1 FROM pe_segments WHERE project_id = $1 AND seg_index = $2', [projectId, segIndex]);
  throw new AppError(rowCount ? 'PE_STALE_REVISION' : 'PE_SEGMENT_NOT_FOUND');
}

/** Other segments of the same source not yet confirmed: offered for propagation. */
async function repetitionsOf(q: Queryable, projectId: string, segment: SegmentRow): Promise<number[]> {
  const { rows } = await q.query<{ seg_index: number }>(
    `SELECT seg_index FROM pe_segments
      WHERE project_id = $1 AND md5(source) = md5($2) AND source = $2 AND seg_index <> $3 AND status NOT IN ('translated', 'approved')
      ORDER BY seg_index`,
    [projectId, segment.source, segment.seg_index],
  );
  return rows.map((r) => r.seg_index);
}

async function writeToMemory(deps: PeDeps, actor: PeActor, project: ProjectRow, segment: SegmentRow) {
  const prev =
    segment.seg_index === 0
      ? null
      : ((
          await deps.db.query<{ source: string }>('SELECT source FROM pe_segments WHERE project_id = $1 AND seg_index = $2', [
            project.project_id,
            segment.seg_index - 1,
          ])
        ).rows[0]?.source ?? null);
  const written = await deps.memory.write(actor, project.bank_id!, {
    source: segment.source,
    target: segment.target,
    prevSource: prev,
    srcLang: project.src_lang,
    tgtLang: project.tgt_lang,
  });
  // Remembered only while the target is the one written (a save in between cleared nothing it should keep).
  if (written.ok) {
    await deps.db.query('UPDATE pe_segments SET entry_id = $4 WHERE project_id = $1 AND seg_index = $2 AND revision = $3', [
      project.project_id,
      segment.seg_index,
      segment.revision,
      written.entryId,
    ]);
  }
  return written;
}
