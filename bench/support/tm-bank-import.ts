/**
 * Imports one generated TMX into one bank through the real `importEntries`, as the
 * `/tm/es_save_file` call does, and samples the process's memory as the file is read: at 10%,
 * 50% and 100% of its bytes (and of all the banks' units), not one peak, so growth with the file
 * shows. A counting Transform between the file and the import sees how far the import has read;
 * nothing forces a garbage collection, so a sample is what the process holds then.
 */
import { importEntries } from '@mtp/language';
import type { Db } from '@mtp/platform';
import { ROLES } from '@mtp/proto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline, Transform } from 'node:stream';
import type { BenchBank } from './tm-bench-setup';

export const MEMORY_FRACTIONS = [0.1, 0.5, 1] as const;

export type MemorySample = { rss: number; heapUsed: number };

/** Memory sampled the first time the progress reaches each fraction. */
export class MemoryPoints {
  readonly samples: (MemorySample | undefined)[] = MEMORY_FRACTIONS.map(() => undefined);

  reach(progress: number): void {
    MEMORY_FRACTIONS.forEach((fraction, i) => {
      if (this.samples[i] === undefined && progress >= fraction) {
        const { rss, heapUsed } = process.memoryUsage();
        this.samples[i] = { rss, heapUsed };
      }
    });
  }

  /** `a/b/c MB` of one measure at the three points. */
  format(measure: keyof MemorySample): string {
    return `${this.samples.map((s) => (s ? (s[measure] / 1024 / 1024).toFixed(0) : '?')).join('/')} MB`;
  }

  /** max/min - 1 of one measure over the points, as a percent. */
  spread(measure: keyof MemorySample): string {
    const values = this.samples.filter((s) => s !== undefined).map((s) => s[measure]);
    return `${((Math.max(...values) / Math.min(...values) - 1) * 100).toFixed(0)}%`;
  }
}

/** Passes the bytes through unchanged, telling `onProgress` the share of `size` read so far. */
function countingStream(size: number, onProgress: (fraction: number) => void): Transform {
  let read = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      onProgress(read / size);
      done(null, chunk);
    },
  });
}

export type BankImport = { imported: number; seconds: number; memory: MemoryPoints };

/**
 * Imports `file` into `bank` as its owner (staff: no plan cap) or, for a system bank, an
 * administrator. `overall` follows the progress over all the banks' units: `before` of `total`
 * were imported before this file.
 */
export async function importBankFile(
  db: Db,
  bank: BenchBank,
  siteId: number,
  file: string,
  overall?: { memory: MemoryPoints; before: number; total: number },
): Promise<BankImport> {
  const { size } = await stat(file);
  const memory = new MemoryPoints();
  const counted = countingStream(size, (fraction) => {
    memory.reach(fraction);
    overall?.memory.reach((overall.before + fraction * bank.units) / overall.total);
  });
  const actor = bank.ownerId === null ? { userId: 0, role: ROLES.ADMIN, siteId } : { userId: bank.ownerId, role: ROLES.MANAGER, siteId };
  const started = performance.now();
  const { imported } = await importEntries(db, actor, async () => 'enterprise', {
    flag: 0,
    systemOrIndividual: bank.ownerId === null ? 0 : 1,
    bankId: bank.bankId,
    format: 'tmx',
    // pipeline: a read error fails the import instead of leaving it waiting for bytes.
    stream: pipeline(createReadStream(file), counted, () => {}),
  });
  return { imported, seconds: (performance.now() - started) / 1000, memory };
}
