import { describe, expect, it } from 'vitest';
import { DynamicBatcher } from './dynamic-batcher';

describe('DynamicBatcher', () => {
  it('gathers concurrent requests for one key into one batch and answers each its own outputs', async () => {
    const calls: [string, string[]][] = [];
    const batcher = new DynamicBatcher<string, string>(
      async (key, items) => {
        calls.push([key, items]);
        return items.map((s) => s.toUpperCase());
      },
      { maxWaitMs: 20, maxBatch: 32 },
    );
    const [a, b, c] = await Promise.all([
      batcher.submit('en_zh', ['a', 'b']),
      batcher.submit('en_zh', ['c']),
      batcher.submit('zh_en', ['d']),
    ]);
    expect([a, b, c]).toEqual([['A', 'B'], ['C'], ['D']]);
    expect(calls).toEqual([
      ['en_zh', ['a', 'b', 'c']],
      ['zh_en', ['d']],
    ]);
  });

  it('flushes as soon as a batch is full', async () => {
    const sizes: number[] = [];
    const batcher = new DynamicBatcher<number, number>(
      async (_key, items) => {
        sizes.push(items.length);
        return items;
      },
      { maxWaitMs: 10_000, maxBatch: 3 },
    );
    await Promise.all([batcher.submit('k', [1, 2]), batcher.submit('k', [3])]);
    expect(sizes).toEqual([3]);
  });

  it('rejects every request of a failed batch', async () => {
    const batcher = new DynamicBatcher<number, number>(
      async () => {
        throw new Error('engine down');
      },
      { maxWaitMs: 5, maxBatch: 8 },
    );
    const results = await Promise.allSettled([batcher.submit('k', [1]), batcher.submit('k', [2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
