/**
 * Re-scores TM candidates (e.g. rows found with pg_trgm) exactly and keeps the best: scores below
 * the threshold are dropped, the rest sorted by score (desc), then by smaller edit distance, then
 * by input order, and cut to `limit`.
 */
import { contextMatches, CONTEXT_SCORE, EXACT_SCORE, prepareSegment, scorePrepared } from './fuzzy-score';

export const DEFAULT_THRESHOLD = 70;
export const DEFAULT_LIMIT = 5;

export interface MatchCandidate<Id = string | number> {
  id: Id;
  source: string;
  target: string;
  prev_source?: string | null;
}

export interface RankedMatch<Id = string | number> {
  id: Id;
  score: number;
  source: string;
  target: string;
}

export interface RankOptions {
  threshold?: number;
  limit?: number;
  /** The segment before `source` in the document, for 101 context matches. */
  prevSource?: string | null;
  lang?: string;
}

interface Scored<Id> {
  match: RankedMatch<Id>;
  distance: number;
  order: number;
}

function better<Id>(x: Scored<Id>, y: Scored<Id>): boolean {
  if (x.match.score !== y.match.score) return x.match.score > y.match.score;
  if (x.distance !== y.distance) return x.distance < y.distance;
  return x.order < y.order;
}

export function rankMatches<Id>(source: string, candidates: readonly MatchCandidate<Id>[], opts: RankOptions = {}): RankedMatch<Id>[] {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  if (limit <= 0) return [];
  const prepared = prepareSegment(source, opts.lang);
  // The best `limit` so far, best first; once full, its last score raises the bar for early bail-out.
  const top: Scored<Id>[] = [];
  candidates.forEach((c, order) => {
    const bar = top.length === limit ? Math.max(threshold, top[top.length - 1]!.match.score) : threshold;
    const details = scorePrepared(prepared, prepareSegment(c.source, opts.lang), Math.min(bar, EXACT_SCORE));
    let score = details.score;
    if (score === EXACT_SCORE && contextMatches(opts.prevSource, c.prev_source)) score = CONTEXT_SCORE;
    if (score < threshold) return;
    const entry: Scored<Id> = { match: { id: c.id, score, source: c.source, target: c.target }, distance: details.distance, order };
    let i = top.length;
    while (i > 0 && better(entry, top[i - 1]!)) i--;
    if (i >= limit) return;
    top.splice(i, 0, entry);
    if (top.length > limit) top.pop();
  });
  return top.map((s) => s.match);
}
