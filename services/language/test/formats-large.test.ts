import { describe, expect, it } from 'vitest';
import { readTmx, writeTmx, type Entry } from '../src/formats';

const UNITS = 100_000;

function* generate(): Generator<Entry> {
  for (let i = 0; i < UNITS; i++) {
    const entry: Entry = {
      source: `Sentence number ${i} with some padding text to make the unit realistic.`,
      target: `第 ${i} 句，带有一些填充文本，使翻译单元更真实。`,
    };
    if (i % 10 === 0) entry.note = `note ${i}`;
    yield entry;
  }
}

describe('readTmx on a large file', () => {
  it(`streams ${UNITS.toLocaleString('en')} units without holding them in memory`, async () => {
    // The writer is piped straight into the reader: the ~20 MB file never exists as one buffer.
    let bytes = 0;
    const source = writeTmx(generate(), { srcLang: 'en', tgtLang: 'zh-CN' }).on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let count = 0;
    let bytesAtFirstEntry = -1;
    for await (const entry of readTmx(source, { srcLang: 'en-US', tgtLang: 'zh' })) {
      if (count === 0) bytesAtFirstEntry = bytes;
      if (count === 12_345) expect(entry.target).toBe('第 12345 句，带有一些填充文本，使翻译单元更真实。');
      count++;
      if (count % 5000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(count).toBe(UNITS);
    expect(bytes).toBeGreaterThan(15_000_000);
    // Entries come out while the file is still being read, not after it was all loaded.
    expect(bytesAtFirstEntry).toBeLessThan(1_000_000);
    // A sanity bound, not a benchmark.
    expect(peak - before).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);
});
