/**
 * QA before export (`GET post_edit/qa`): every segment of the caller's project checked for an
 * empty target, numbers that differ, protected tokens lost and termbase terms whose translation
 * is missing (pe-qa-checks.ts has the rules). The terms of all sources come from one lookup.
 * Issues are in segment order, each naming its segment; a segment with no target is reported
 * as empty only (its numbers, tags and terms are all "missing" and would say nothing more).
 */
import type { Db } from '@mtp/platform';
import type { PeQaIssue, PeQaReport } from '@mtp/proto';
import type { PeLookupPort } from './pe-lookup-port';
import { lostTags, missingTerms, numberMismatch } from './pe-qa-checks';
import { findProject } from './pe-rows';

type Row = { seg_index: number; source: string; target: string };

export async function peQa(db: Db, lookup: PeLookupPort, userId: number, projectId: string): Promise<PeQaReport> {
  const project = await findProject(db, userId, projectId);
  const { rows } = await db.query<Row>('SELECT seg_index, source, target FROM pe_segments WHERE project_id = $1 ORDER BY seg_index', [
    projectId,
  ]);
  const terms = await lookup.termsOfEach(
    userId,
    project.src_lang,
    project.tgt_lang,
    rows.map((r) => r.source),
  );
  const issues: PeQaIssue[] = [];
  rows.forEach((row, i) => {
    const at = (kind: PeQaIssue['kind'], detail: string) => issues.push({ seg_index: row.seg_index, kind, detail });
    if (row.target.trim() === '') {
      if (row.source.trim() !== '') at('empty_target', '');
      return;
    }
    const numbers = numberMismatch(row.source, row.target);
    if (numbers) at('number_mismatch', [...numbers.missing.map((n) => `-${n}`), ...numbers.extra.map((n) => `+${n}`)].join(' '));
    const tags = lostTags(row.source, row.target);
    if (tags.length > 0) at('tag_lost', tags.join(' '));
    for (const term of missingTerms(terms[i] ?? [], row.target)) at('missing_term', `${term.source} → ${term.target}`);
  });
  return { issues };
}
