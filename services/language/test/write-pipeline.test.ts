/** The import's write pipeline: order, bounded queue, and failures carried to the end. */
import { describe, expect, it } from 'vitest';
import { WritePipeline } from '../src/transfer/write-pipeline';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WritePipeline', () => {
  it('keys and writes batches in order, keying ahead while a write is slow, with at most `depth` queued', async () => {
    const pipeline = new WritePipeline(3);
    const log: string[] = [];
    let queuedMax = 0;
    let queued = 0;
    for (let i = 0; i < 6; i++) {
      queued += 1;
      queuedMax = Math.max(queuedMax, queued);
      await pipeline.push(
        async () => {
          log.push(`key ${i}`);
          return i * 10;
        },
        async (keyed) => {
          await tick(i === 0 ? 30 : 1); // the first write stalls
          log.push(`write ${i}:${keyed}`);
          queued -= 1;
        },
      );
    }
    await pipeline.drain();
    expect(log.filter((l) => l.startsWith('write'))).toEqual([
      'write 0:0',
      'write 1:10',
      'write 2:20',
      'write 3:30',
      'write 4:40',
      'write 5:50',
    ]);
    // Batches 1 and 2 were keyed while write 0 stalled; no more than 3 were ever queued.
    expect(log.indexOf('key 2')).toBeLessThan(log.indexOf('write 0:0'));
    expect(queuedMax).toBeLessThanOrEqual(3);
  });

  it('skips the writes after a failed one and throws it', async () => {
    const pipeline = new WritePipeline(10);
    const written: number[] = [];
    for (let i = 0; i < 4; i++) {
      await pipeline.push(
        async () => i,
        async (n) => {
          if (n === 1) throw new Error('write 1 failed');
          written.push(n);
        },
      );
    }
    await expect(pipeline.drain()).rejects.toThrow('write 1 failed');
    await pipeline.settle();
    expect(written).toEqual([0]);
  });
});
