import { describe, expect, it } from 'vitest';
import { pageChunks } from './page-chunks';

const texts = (n: number, chars: number) => Array.from({ length: n }, (_, i) => ({ text: `${i}`.padEnd(chars, 'x') }));

describe('pageChunks', () => {
  it('makes the first chunk the first screen: at most 40 texts', () => {
    const chunks = pageChunks(texts(130, 10));
    expect(chunks.map((c) => c.length)).toEqual([40, 40, 40, 10]);
  });

  it('cuts the first chunk at 3,000 characters however few texts that is, the rest by 40', () => {
    const chunks = pageChunks(texts(100, 500));
    expect(chunks[0]).toHaveLength(6);
    expect(chunks.slice(1).map((c) => c.length)).toEqual([40, 40, 14]);
    expect(chunks.flat()).toEqual(texts(100, 500));
  });

  it('keeps a first text longer than the screen alone in the first chunk, and an empty page has no chunk', () => {
    expect(pageChunks(texts(3, 5000)).map((c) => c.length)).toEqual([1, 2]);
    expect(pageChunks([])).toEqual([]);
  });
});
