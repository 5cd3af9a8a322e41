/**
 * What the editor shows beside a segment: the best memory matches (fuzzy from
 * PE_LIMITS.fuzzyThreshold, at most PE_LIMITS.matches, 101 when the stored context is this
 * segment's previous source) and the termbase terms found in its source; and concordance, the
 * memory entries containing a text (Alt+K). Both only for the caller's own kept project.
 */
import type { Db } from '@mtp/platform';
import { AppError, PE_LIMITS, type PeConcordance, type PeConcordanceQuery, type PeMatches } from '@mtp/proto';
import type { PeLookupPort } from './pe-lookup-port';
import { findProject } from './pe-rows';

export async function peMatches(db: Db, lookup: PeLookupPort, userId: number, projectId: string, segIndex: number): Promise<PeMatches> {
  const project = await findProject(db, userId, projectId);
  const { rows } = await db.query<{ seg_index: number; source: string }>(
    'SELECT seg_index, source FROM pe_segments WHERE project_id = $1 AND seg_index IN ($2, $2 - 1)',
    [projectId, segIndex],
  );
  const segment = rows.find((r) => r.seg_index === segIndex);
  if (!segment) throw new AppError('PE_SEGMENT_NOT_FOUND');
  const prevSource = rows.find((r) => r.seg_index === segIndex - 1)?.source ?? '';
  const pair = { userId, srcLang: project.src_lang, tgtLang: project.tgt_lang };
  const [tm, terms] = await Promise.all([
    lookup.matches({ ...pair, segment: segment.source, prevSource, threshold: PE_LIMITS.fuzzyThreshold, limit: PE_LIMITS.matches }),
    lookup.termsOfEach(userId, project.src_lang, project.tgt_lang, [segment.source]),
  ]);
  return { tm, terms: terms[0] ?? [] };
}

export async function peConcordance(db: Db, lookup: PeLookupPort, userId: number, query: PeConcordanceQuery): Promise<PeConcordance> {
  const project = await findProject(db, userId, query.project_id);
  const list = await lookup.concordance({
    userId,
    srcLang: project.src_lang,
    tgtLang: project.tgt_lang,
    text: query.text,
    side: query.side ?? 'source',
    limit: PE_LIMITS.concordanceRows,
  });
  return { list };
}
