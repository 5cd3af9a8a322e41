import { describe, expect, it } from 'vitest';
import { planBatches, splitLong, textsDone } from './batches';

describe('batches', () => {
  it('groups non-blank texts by 50 segments', () => {
    const texts = Array.from({ length: 120 }, (_, i) => (i % 10 === 0 ? ' ' : `t${i}`));
    const batches = planBatches(texts);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 8]);
    expect(batches.flat().every((p) => texts[p.text] === p.value)).toBe(true);
  });

  it('closes a batch before it passes the character limit', () => {
    const texts = ['a'.repeat(4000), 'b'.repeat(4000), 'c'.repeat(10)];
    expect(planBatches(texts, 50, 8000).map((b) => b.map((p) => p.text))).toEqual([[0, 1], [2]]);
  });

  it('splits a text over 5,000 characters at a space and keeps every character', () => {
    const long = `${'word '.repeat(1500)}end`;
    const pieces = splitLong(long);
    expect(pieces.every((p) => [...p].length <= 5000)).toBe(true);
    expect(pieces.join('')).toBe(long);
    expect(pieces[0]!.endsWith(' ')).toBe(true);
    const cjk = '字'.repeat(12_000);
    expect(splitLong(cjk).map((p) => p.length)).toEqual([5000, 5000, 2000]);
  });

  it('counts a text as done once all its pieces are, blanks from the start', () => {
    const texts = ['', 'x'.repeat(6000), 'y'];
    const batches = planBatches(texts, 1);
    expect(batches).toHaveLength(3);
    expect([0, 1, 2, 3].map((n) => textsDone(texts, batches, n))).toEqual([1, 1, 2, 3]);
  });
});
