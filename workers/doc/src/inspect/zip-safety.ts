/**
 * Zip bomb guard for the OOXML containers, run on the central directory before anything is
 * inflated: fflate's `unzipSync` hands each entry's declared sizes to the filter, and a filter
 * that accepts nothing inflates nothing. The limits are `@mtp/platform`'s OFFICE_ZIP_LIMITS
 * (entries, declared total, and the ratio of entries over 1 MB).
 *
 * Declared sizes can lie: the package reader (`formats/ooxml/zip-package.ts`) inflates only the
 * parts a format reads, each capped at its declared size and within a running budget.
 */
import { checkDeclaredSizes, OFFICE_ZIP_LIMITS, RATIO_LIMIT, ZipRefusedError } from '@mtp/platform';
import { unzipSync } from 'fflate';
import { DocumentError } from '../formats/types';

export const ZIP_MAX_TOTAL_BYTES = OFFICE_ZIP_LIMITS.maxDeclaredBytes;
export const ZIP_MAX_RATIO = RATIO_LIMIT;

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
  try {
    checkDeclaredSizes(
      entries.map((e) => ({ name: e.name, compressedSize: e.size, declaredSize: e.originalSize })),
      OFFICE_ZIP_LIMITS,
    );
  } catch (err) {
    if (err instanceof ZipRefusedError) throw new DocumentError(err.reason, err.message);
    throw err;
  }
  return entries;
}
