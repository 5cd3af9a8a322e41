/**
 * Which segments the table shows: the statuses chosen (none chosen: all) and a search in the
 * source, the target or both, case-insensitive. Ctrl+Up/Down and "next unconfirmed" move among
 * the rows shown, so a filtered view is worked through like the whole document.
 */
import type { PeSegment, PeSegmentStatus } from '@mtp/proto';

export type PeSearchSide = 'both' | 'source' | 'target';
export type PeFilter = { statuses: readonly PeSegmentStatus[]; text: string; side: PeSearchSide };

export const NO_FILTER: PeFilter = { statuses: [], text: '', side: 'both' };

/** Confirmed means the translator is done with it: Ctrl+Enter skips these. */
export const isConfirmed = (s: Pick<PeSegment, 'status'>) => s.status === 'translated' || s.status === 'approved';

export function filterSegments(segments: readonly PeSegment[], filter: PeFilter): PeSegment[] {
  const needle = filter.text.trim().toLocaleLowerCase();
  const statuses = new Set(filter.statuses);
  return segments.filter((s) => {
    if (statuses.size > 0 && !statuses.has(s.status)) return false;
    if (!needle) return true;
    const inSource = filter.side !== 'target' && s.source.toLocaleLowerCase().includes(needle);
    const inTarget = filter.side !== 'source' && s.target.toLocaleLowerCase().includes(needle);
    return inSource || inTarget;
  });
}

/** The row `by` away from the current one among those shown (stays put at either end). */
export function moveFrom(rows: readonly PeSegment[], current: number, by: 1 | -1): number {
  const at = rows.findIndex((s) => s.seg_index === current);
  if (at < 0) return rows[0]?.seg_index ?? current;
  return rows[Math.min(rows.length - 1, Math.max(0, at + by))]!.seg_index;
}

/** The next unconfirmed row after the current one, wrapping around; null when all are confirmed. */
export function nextUnconfirmed(rows: readonly PeSegment[], current: number): number | null {
  const at = rows.findIndex((s) => s.seg_index === current);
  for (let i = 1; i <= rows.length; i++) {
    const row = rows[(at + i + rows.length) % rows.length]!;
    if (row.seg_index !== current && !isConfirmed(row)) return row.seg_index;
  }
  return null;
}

/** How many targets a replace would change (the count shown before asking the server). */
export function countReplacements(segments: readonly PeSegment[], search: string, matchCase: boolean, wholeWord: boolean): number {
  if (!search) return 0;
  const escaped = search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(wholeWord ? `(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])` : escaped, matchCase ? 'u' : 'iu');
  return segments.filter((s) => re.test(s.target)).length;
}
