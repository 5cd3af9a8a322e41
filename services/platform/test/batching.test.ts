/**
 * `batched`: calls made while a batch runs go together in the next one, each caller gets its own
 * outcome, and a failing batch fails only its own items.
 */
import { describe, expect, it } from 'vitest';
import { batched, type Outcome } from '../src';

/** A run that records its batches and waits for `release` before answering. */
function recordingRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (items: number[]): Promise<Outcome<number>[]> => {
    batches.push(items);
    await new Promise<void>((r) => releases.push(r));
    return items.map((n) => (n < 0 ? { error: new Error(`refused ${n}`) } : { value: n * 10 }));
  };
  return { batches, run, releaseNext: () => releases.shift()!() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('batched', () => {
  it('sends the calls of one tick together, and those made meanwhile in the next batch', async () => {
    const { batches, run, releaseNext } = recordingRun();
    const call = batched(run, { maxBatch: 100 });
    const first = [call(1), call(2)];
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const later = [call(3), call(4), call(5)];
    await tick();
    expect(batches).toHaveLength(1); // the first batch still runs
    releaseNext();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    releaseNext();
    expect(await Promise.all(later)).toEqual([30, 40, 50]);
  });

  it('answers each item its own outcome and keeps batches within maxBatch and the concurrency', async () => {
    const { batches, run, releaseNext } = recordingRun();
    const call = batched(run, { maxBatch: 2, concurrency: 2 });
    const calls = [1, -2, 3, 4, 5].map((n) =>
      call(n).then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await tick();
    expect(batches).toEqual([
      [1, -2],
      [3, 4],
    ]);
    releaseNext();
    releaseNext();
    await tick();
    releaseNext();
    expect(await Promise.all(calls)).toEqual([{ v: 10 }, { e: 'refused -2' }, { v: 30 }, { v: 40 }, { v: 50 }]);
    expect(batches).toEqual([[1, -2], [3, 4], [5]]);
  });

  it('fails every item of a batch whose run throws, and runs the next batch anyway', async () => {
    let n = 0;
    const call = batched(
      async (items: string[]): Promise<Outcome<string>[]> => {
        if (n++ === 0) throw new Error('connection lost');
        return items.map((s) => ({ value: s.toUpperCase() }));
      },
      { maxBatch: 10 },
    );
    const failed = [call('a'), call('b')].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    expect(await call('c')).toBe('C');
  });
});
