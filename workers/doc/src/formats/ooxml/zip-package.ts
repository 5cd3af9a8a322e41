/**
 * The OOXML container: a zip of XML parts. Reading refuses what must never be inflated (zip
 * bombs, encrypted CFB wrappers, non-zips) before any part is decompressed; writing keeps every
 * untouched entry's bytes and the entry order, so images, styles and formulas survive as-is.
 */
import CFB from 'cfb';
import { unzipSync } from 'fflate';
import yazl from 'yazl';
import { DocumentError } from '../types.js';

/** Whole-package ceiling once inflated: beyond it the file is treated as a zip bomb. */
export const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
/** A single entry this large ... */
const RATIO_CHECK_MIN_BYTES = 10 * 1024 * 1024;
/** ... that inflates more than this many times its stored size is absurd for XML or media. */
const MAX_COMPRESSION_RATIO = 200;

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export type OoxmlPackage = {
  /** Entry names in the original zip order (kept on write: [Content_Types].xml stays first). */
  names: string[];
  files: Map<string, Uint8Array>;
};

function startsWith(input: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => input[i] === byte);
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

/** Sizes come from the zip's central directory: nothing is inflated while checking them. */
function checkDeclaredSizes(input: Uint8Array): void {
  let total = 0;
  let bomb: string | undefined;
  unzipSync(input, {
    filter(file) {
      total += file.originalSize;
      const ratio = file.originalSize / Math.max(file.size, 1);
      if (file.originalSize > RATIO_CHECK_MIN_BYTES && ratio > MAX_COMPRESSION_RATIO) bomb ??= file.name;
      return false;
    },
  });
  if (bomb !== undefined) throw new DocumentError('too_large', `zip entry ${bomb} has an absurd compression ratio`);
  if (total > MAX_UNCOMPRESSED_BYTES) throw new DocumentError('too_large', `package inflates to ${total} bytes (over 1 GiB)`);
}

export function readPackage(input: Buffer): OoxmlPackage {
  if (startsWith(input, CFB_MAGIC)) refuseCfb(input);
  const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  let unzipped: Record<string, Uint8Array>;
  try {
    checkDeclaredSizes(bytes);
    unzipped = unzipSync(bytes);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('corrupt', `not a readable zip: ${(error as Error).message}`);
  }
  // The directory could lie about sizes; the inflated total is the ground truth.
  const inflated = Object.values(unzipped).reduce((sum, data) => sum + data.byteLength, 0);
  if (inflated > MAX_UNCOMPRESSED_BYTES) throw new DocumentError('too_large', 'package inflates to over 1 GiB');
  const names = Object.keys(unzipped).filter((name) => !name.endsWith('/'));
  return { names, files: new Map(names.map((name) => [name, unzipped[name] as Uint8Array])) };
}

/**
 * A new zip with `changed` parts replaced; all other entries keep their bytes and position.
 * yazl deflates with Node's zlib on the libuv thread pool: about twice as fast as fflate's
 * JavaScript deflate on a large document part, and off the event loop.
 */
export function writePackage(pkg: OoxmlPackage, changed: ReadonlyMap<string, Uint8Array>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const name of pkg.names) {
    const data = changed.get(name) ?? pkg.files.get(name);
    if (data === undefined) continue;
    // Media is already compressed; storing it avoids burning CPU for nothing.
    const compress = !/\.(png|jpe?g|gif|emf|wmf|tiff?|mp[34]|wav|bin)$/i.test(name);
    zip.addBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), name, { compress });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export function partText(pkg: OoxmlPackage, name: string): string | undefined {
  const data = pkg.files.get(name);
  return data === undefined ? undefined : new TextDecoder('utf-8').decode(data);
}
