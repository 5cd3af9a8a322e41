import type { PeSegment, PeSegmentStatus } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import { countReplacements, filterSegments, moveFrom, nextUnconfirmed, NO_FILTER } from './pe-filters';

const seg = (i: number, source: string, target: string, status: PeSegmentStatus): PeSegment => ({
  seg_index: i,
  paragraph: i,
  source,
  target,
  status,
  score: 0,
  revision: 0,
  updated_at: '2026-01-01T00:00:00Z',
});

const DOC = [
  seg(0, 'The cat sleeps.', 'Le chat dort.', 'translated'),
  seg(1, 'The dog runs.', 'Le chien court.', 'mt'),
  seg(2, 'A Cat again.', 'Un chat encore.', 'fuzzy'),
  seg(3, 'Done.', 'Fini.', 'approved'),
  seg(4, 'Last one.', '', 'new'),
];
const ids = (rows: PeSegment[]) => rows.map((s) => s.seg_index);

describe('filters', () => {
  it('keeps every row with no filter, and those of the chosen statuses', () => {
    expect(ids(filterSegments(DOC, NO_FILTER))).toEqual([0, 1, 2, 3, 4]);
    expect(ids(filterSegments(DOC, { ...NO_FILTER, statuses: ['mt', 'new'] }))).toEqual([1, 4]);
  });

  it('searches the source, the target or both, ignoring case', () => {
    expect(ids(filterSegments(DOC, { ...NO_FILTER, text: 'cat' }))).toEqual([0, 2]);
    expect(ids(filterSegments(DOC, { ...NO_FILTER, text: 'chat', side: 'source' }))).toEqual([]);
    expect(ids(filterSegments(DOC, { ...NO_FILTER, text: 'CHAT', side: 'target' }))).toEqual([0, 2]);
    expect(ids(filterSegments(DOC, { statuses: ['fuzzy'], text: 'chat', side: 'both' }))).toEqual([2]);
  });

  it('moves among the rows shown and stops at the ends', () => {
    const rows = filterSegments(DOC, { ...NO_FILTER, statuses: ['mt', 'fuzzy', 'new'] });
    expect(moveFrom(rows, 1, 1)).toBe(2);
    expect(moveFrom(rows, 2, -1)).toBe(1);
    expect(moveFrom(rows, 4, 1)).toBe(4);
    expect(moveFrom(rows, 1, -1)).toBe(1);
    // The active row filtered away: the first row shown.
    expect(moveFrom(rows, 0, 1)).toBe(1);
  });

  it('finds the next unconfirmed segment, wrapping, skipping translated and approved', () => {
    expect(nextUnconfirmed(DOC, 0)).toBe(1);
    expect(nextUnconfirmed(DOC, 2)).toBe(4);
    expect(nextUnconfirmed(DOC, 4)).toBe(1);
    expect(nextUnconfirmed([DOC[0]!, DOC[3]!], 0)).toBeNull();
  });

  it('counts the targets a replace would change', () => {
    expect(countReplacements(DOC, 'chat', false, false)).toBe(2);
    expect(countReplacements(DOC, 'Chat', true, false)).toBe(0);
    expect(countReplacements(DOC, 'ch', false, true)).toBe(0);
    expect(countReplacements(DOC, 'le', false, true)).toBe(2);
    expect(countReplacements(DOC, '', false, false)).toBe(0);
  });
});
