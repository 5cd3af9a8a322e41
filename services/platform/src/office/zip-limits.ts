/**
 * What a zip from a stranger may cost to open. Two kinds of limit: what the central directory
 * declares (checked before anything is inflated, so an absurd file is refused at once), and a
 * running budget on what is actually inflated (counted while inflating, whatever the
 * compression ratio, so a directory that lies about sizes stops at its lie).
 */

export type ZipLimits = {
  /** Most entries the central directory may list. */
  maxEntries: number;
  /** Most bytes all entries may declare together once inflated. */
  maxDeclaredBytes: number;
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Most bytes the entries a reader actually inflates may come to together. */
  maxInflatedBytes: number;
};

/** Why a zip was refused: over a limit, or not a zip we can read. */
export type ZipRefusal = 'too_large' | 'corrupt';

export class ZipRefusedError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    detail: string,
  ) {
    super(detail);
    this.name = 'ZipRefusedError';
  }
}

const MiB = 1024 * 1024;

/**
 * Office packages (docx/xlsx/pptx) of documents to translate. Uploads are at most 200 MB and
 * media is stored about 1:1, so 512 MiB declared leaves room for real files; the XML parts a
 * format reads are a few MB even for a 1000-page document, so 64 MiB a part and 256 MiB in all
 * are generous. Parts a format does not read are never inflated at all.
 */
export const OFFICE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxDeclaredBytes: 512 * MiB,
  maxEntryBytes: 64 * MiB,
  maxInflatedBytes: 256 * MiB,
};

/** Above this size an entry that inflates more than `RATIO_LIMIT`:1 is refused from its sizes alone. */
const RATIO_APPLIES_ABOVE = MiB;
export const RATIO_LIMIT = 200;

export type DeclaredEntry = { name: string; compressedSize: number; declaredSize: number };

/** Refuses from the central directory alone: too many entries, too many bytes declared, an absurd ratio. */
export function checkDeclaredSizes(entries: readonly DeclaredEntry[], limits: ZipLimits): void {
  if (entries.length > limits.maxEntries) {
    throw new ZipRefusedError('too_large', `zip lists ${entries.length} entries (limit ${limits.maxEntries})`);
  }
  let total = 0;
  for (const e of entries) {
    total += e.declaredSize;
    // Small XML parts legitimately compress better than 200:1 (runs of spaces, empty cells).
    const ratio = e.declaredSize / Math.max(e.compressedSize, 1);
    if (e.declaredSize > RATIO_APPLIES_ABOVE && ratio > RATIO_LIMIT) {
      throw new ZipRefusedError('too_large', `zip entry ${e.name} expands ${Math.round(ratio)}:1 (limit ${RATIO_LIMIT}:1)`);
    }
  }
  if (total > limits.maxDeclaredBytes) {
    throw new ZipRefusedError('too_large', `zip expands to ${total} bytes (limit ${limits.maxDeclaredBytes})`);
  }
}
