/**
 * Zip bomb guard for the OOXML containers, run on the central directory before anything is
 * inflated: fflate's `unzipSync` hands each entry's declared sizes to the filter, and a filter
 * that accepts nothing inflates nothing.
 *
 * The ratio test applies per entry and only above 1 MB unpacked: small XML parts of real files
 * (runs of spaces, repeated empty cells) legitimately compress better than 200:1. Declared
 * sizes can lie; the formats that inflate parts must still cap what they inflate.
 */
import { unzipSync } from 'fflate';
import { DocumentError } from '../formats/types';

export const ZIP_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
export const ZIP_MAX_RATIO = 200;
const RATIO_APPLIES_ABOVE = 1024 * 1024;

export type ZipEntryInfo = { name: string; size: number; originalSize: number };

/** Lists the entries without inflating any; throws 'corrupt' when it is not a readable zip. */
export function listZipEntries(data: Uint8Array): ZipEntryInfo[] {
  const entries: ZipEntryInfo[] = [];
  try {
    unzipSync(data, {
      filter: (f) => {
        entries.push({ name: f.name, size: f.size, originalSize: f.originalSize });
        return false;
      },
    });
  } catch (e) {
    throw new DocumentError('corrupt', `unreadable zip container: ${(e as Error).message}`);
  }
  return entries;
}

export function checkZipSafety(data: Uint8Array): ZipEntryInfo[] {
  const entries = listZipEntries(data);
  let total = 0;
  for (const e of entries) {
    total += e.originalSize;
    if (e.originalSize > RATIO_APPLIES_ABOVE && e.originalSize > ZIP_MAX_RATIO * Math.max(e.size, 1)) {
      throw new DocumentError(
        'too_large',
        `zip entry ${e.name} expands ${Math.round(e.originalSize / Math.max(e.size, 1))}:1 (limit ${ZIP_MAX_RATIO}:1)`,
      );
    }
  }
  if (total > ZIP_MAX_TOTAL_BYTES) {
    throw new DocumentError('too_large', `zip expands to ${total} bytes (limit ${ZIP_MAX_TOTAL_BYTES})`);
  }
  return entries;
}
