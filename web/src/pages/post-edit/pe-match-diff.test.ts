import { describe, expect, it } from 'vitest';
import { matchDiff } from './pe-match-diff';

describe('matchDiff', () => {
  it('marks the words a match has and the segment lacks, and the other way round', () => {
    const parts = matchDiff('Save the file now', 'Save the document now');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['file']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['document']);
    expect(
      parts
        .filter((p) => p.kind === 'same')
        .map((p) => p.text)
        .join(''),
    ).toContain('Save the');
  });

  it('compares Chinese character by character', () => {
    const parts = matchDiff('保存文件', '保存文档');
    expect(parts).toEqual([
      { text: '保存文', kind: 'same' },
      { text: '件', kind: 'removed' },
      { text: '档', kind: 'added' },
    ]);
  });

  it('has nothing highlighted for an exact match', () => {
    expect(matchDiff('Same text.', 'Same text.').every((p) => p.kind === 'same')).toBe(true);
  });
});
