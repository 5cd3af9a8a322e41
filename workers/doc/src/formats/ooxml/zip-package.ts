/**
 * The OOXML container: a zip of XML parts, read under the budget of `@mtp/platform`'s
 * `GuardedZip` (OFFICE_ZIP_LIMITS). Opening reads only the central directory; a part is inflated
 * when a format first asks for it, within what is left of the file's budget, so parts no format
 * reads (media, fonts, embeddings, anything unknown) are never inflated. Writing copies every
 * untouched entry as stored and keeps the entry order, so images, styles and formulas survive
 * byte for byte.
 */
import { GuardedZip, OFFICE_ZIP_LIMITS, writeZip, ZipRefusedError, type CopiedZipPart, type NewZipPart } from '@mtp/platform';
import CFB from 'cfb';
import { DocumentError } from '../types.js';

/** Whole-package ceiling on what the directory declares: beyond it the file is treated as a zip bomb. */
export const MAX_UNCOMPRESSED_BYTES = OFFICE_ZIP_LIMITS.maxDeclaredBytes;

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** The parts of a package, inflated on first use and kept. */
export class PackageParts {
  private readonly inflated = new Map<string, Uint8Array>();

  constructor(readonly zip: GuardedZip) {}

  has(name: string): boolean {
    return this.zip.entry(name) !== undefined;
  }

  /** The part's bytes; a refusal of the budget is the file's fault (`DocumentError`). */
  get(name: string): Uint8Array | undefined {
    const cached = this.inflated.get(name);
    if (cached) return cached;
    const entry = this.zip.entry(name);
    if (!entry) return undefined;
    try {
      const data = this.zip.inflateSync(entry);
      this.inflated.set(name, data);
      return data;
    } catch (err) {
      throw asDocumentError(err);
    }
  }
}

export type OoxmlPackage = {
  /** Entry names in the original zip order (kept on write: [Content_Types].xml stays first). */
  names: string[];
  files: PackageParts;
};

function startsWith(input: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => input[i] === byte);
}

function asDocumentError(err: unknown): unknown {
  return err instanceof ZipRefusedError ? new DocumentError(err.reason, err.message) : err;
}

/** Office wraps a password-protected OOXML package in a CFB file with an EncryptedPackage stream. */
function refuseCfb(input: Buffer): never {
  let encrypted = false;
  try {
    const container = CFB.read(input, { type: 'buffer' });
    encrypted = CFB.find(container, 'EncryptedPackage') !== null;
  } catch {
    throw new DocumentError('corrupt', 'file is an unreadable OLE compound file, not an OOXML zip');
  }
  if (encrypted) throw new DocumentError('encrypted', 'the document is password-protected (EncryptedPackage)');
  throw new DocumentError('corrupt', 'file is an OLE compound file (legacy Office format), not an OOXML zip');
}

/** Reads the directory (nothing inflated): refuses non-zips, encrypted wrappers and declared bombs. */
export async function readPackage(input: Buffer): Promise<OoxmlPackage> {
  if (startsWith(input, CFB_MAGIC)) refuseCfb(input);
  let zip: GuardedZip;
  try {
    zip = await GuardedZip.open(input, OFFICE_ZIP_LIMITS);
  } catch (err) {
    throw asDocumentError(err);
  }
  const names = zip.entries.map((e) => e.name).filter((name) => !name.endsWith('/'));
  return { names, files: new PackageParts(zip) };
}

/** Zip method 0: the entry's bytes as they are (8 is deflate). */
const STORED = 0;

/**
 * A new zip with `changed` parts replaced; all other entries keep their stored bytes and position.
 * A changed part keeps its entry's compression: judging by the name (media "is already
 * compressed") stored EMF, WMF, TIFF, WAV and OLE `.bin` parts raw, which deflate 2-20 times, and
 * grew a 249 KB pptx to 1.8 MB.
 */
export function writePackage(pkg: OoxmlPackage, changed: ReadonlyMap<string, Uint8Array>): Promise<Buffer> {
  const { zip } = pkg.files;
  const parts: (NewZipPart | CopiedZipPart)[] = [];
  for (const name of pkg.names) {
    const data = changed.get(name);
    const entry = zip.entry(name);
    if (!entry) continue;
    if (data !== undefined) parts.push({ name, data, compress: entry.method !== STORED });
    else parts.push({ name, entry, raw: zip.raw(entry) });
  }
  return writeZip(parts);
}

export function partText(pkg: OoxmlPackage, name: string): string | undefined {
  const data = pkg.files.get(name);
  return data === undefined ? undefined : new TextDecoder('utf-8').decode(data);
}
