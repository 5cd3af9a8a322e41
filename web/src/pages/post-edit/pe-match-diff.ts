/**
 * What a memory match's source has that the segment's source does not, and the other way round,
 * as Matecat highlights it: a word diff (`diff`'s diffWords); Chinese and Japanese have no spaces
 * between words, so there each character counts as one.
 */
import { diffChars, diffWords } from 'diff';

export type DiffPart = { text: string; kind: 'same' | 'added' | 'removed' };

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** `removed`: in the match, not in the segment; `added`: in the segment, missing from the match. */
export function matchDiff(matchSource: string, segmentSource: string): DiffPart[] {
  const byChar = CJK.test(matchSource) || CJK.test(segmentSource);
  const changes = byChar ? diffChars(matchSource, segmentSource) : diffWords(matchSource, segmentSource);
  return changes.map((c) => ({ text: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }));
}
