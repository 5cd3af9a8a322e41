/**
 * A zip read under a budget (see zip-limits.ts). yauzl reads the central directory; nothing is
 * inflated until a reader asks for one entry, and then zlib inflates it with its output capped
 * at the entry's declared size, which must itself fit the budget left. So an entry that lies
 * about its size stops at the lie, one that is honestly too big is refused before a byte is
 * inflated, and entries nobody asks for (media, unknown parts) cost nothing: `raw` hands their
 * stored bytes on untouched.
 */
import { crc32, inflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import yauzl from 'yauzl';
import { checkDeclaredSizes, ZipRefusedError, type ZipLimits } from './zip-limits';

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated (the only methods Office files use). */
  method: number;
  crc32: number;
  compressedSize: number;
  declaredSize: number;
  modified: Date;
  /** Where the stored bytes start in the file. */
  dataStart: number;
};

const STORED = 0;
const DEFLATED = 8;

const corrupt = (detail: string) => new ZipRefusedError('corrupt', detail);

const END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');
const END_RECORD_BYTES = 22;

/**
 * Real files (a Word 2010 document among POI's test data) end with a directory record whose
 * comment length disagrees with the bytes after it (a stray byte, or a comment cut short). Word
 * and LibreOffice open them; yauzl refuses them. The length is set to the bytes that are there,
 * in a copy, so such a file opens too.
 */
function withHonestComment(bytes: Buffer): Buffer {
  const at = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (at < 0 || at + END_RECORD_BYTES > bytes.length) return bytes;
  const present = bytes.length - at - END_RECORD_BYTES;
  if (bytes.readUInt16LE(at + 20) === present || present > 0xffff) return bytes;
  const copy = Buffer.from(bytes);
  copy.writeUInt16LE(present, at + 20);
  return copy;
}

async function readDirectory(bytes: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRefusedError('too_large', `zip lists ${zip.entryCount} entries (limit ${limits.maxEntries})`);
  }
  return new Promise((resolve, reject) => {
    const entries: ZipEntry[] = [];
    const fail = (err: unknown) => {
      zip.close();
      reject(err);
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.isEncrypted()) return fail(corrupt(`zip entry ${entry.fileName} is encrypted`));
      zip.readLocalFileHeaderPromise(entry, { minimal: true }).then(({ fileDataStart }) => {
        entries.push({
          name: entry.fileName,
          method: entry.compressionMethod,
          crc32: entry.crc32,
          compressedSize: entry.compressedSize,
          declaredSize: entry.uncompressedSize,
          modified: entry.getLastModDate(),
          dataStart: fileDataStart,
        });
        zip.readEntry();
      }, fail);
    });
    zip.readEntry();
  });
}

export class GuardedZip {
  private readonly byName: Map<string, ZipEntry>;
  private spent = 0;

  private constructor(
    private readonly bytes: Buffer,
    /** In central-directory order. */
    readonly entries: readonly ZipEntry[],
    private readonly limits: ZipLimits,
  ) {
    this.byName = new Map(entries.map((e) => [e.name, e]));
  }

  /** Reads the directory and checks what it declares; throws `ZipRefusedError`. */
  static async open(bytes: Buffer, limits: ZipLimits): Promise<GuardedZip> {
    let entries: ZipEntry[];
    bytes = withHonestComment(bytes);
    try {
      entries = await readDirectory(bytes, limits);
    } catch (err) {
      if (err instanceof ZipRefusedError) throw err;
      throw corrupt(`not a readable zip: ${(err as Error).message}`);
    }
    checkDeclaredSizes(entries, limits);
    return new GuardedZip(bytes, entries, limits);
  }

  /** Bytes inflated so far (what the running budget has spent). */
  get inflatedBytes(): number {
    return this.spent;
  }

  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name);
  }

  /** The entry's bytes as stored (compressed), for copying it into another zip unread. */
  raw(entry: ZipEntry): Buffer {
    return this.bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  }

  /** One entry's content, inflated on the event loop (bounded by `maxEntryBytes`). */
  inflateSync(entry: ZipEntry): Buffer {
    const cap = this.reserve(entry);
    if (entry.method === STORED) return this.accept(entry, this.raw(entry));
    try {
      return this.accept(entry, inflateRawSync(this.raw(entry), this.zlibOptions(cap)));
    } catch (err) {
      throw this.inflateError(entry, err);
    }
  }

  /** The same, inflated on libuv's thread pool so the event loop keeps answering. */
  async inflate(entry: ZipEntry): Promise<Buffer> {
    const cap = this.reserve(entry);
    if (entry.method === STORED) return this.accept(entry, this.raw(entry));
    const data = await new Promise<Buffer>((resolve, reject) =>
      inflateRaw(this.raw(entry), this.zlibOptions(cap), (err, out) => (err ? reject(this.inflateError(entry, err)) : resolve(out))),
    );
    return this.accept(entry, data);
  }

  /** Inflates every entry once, keeping none, to prove the whole file fits its budget. */
  async inflateAll(): Promise<void> {
    for (const entry of this.entries) if (!entry.name.endsWith('/')) await this.inflate(entry);
  }

  /** The output cap for one entry: its declared size, which must fit what is left of the budget. */
  private reserve(entry: ZipEntry): number {
    if (entry.method !== STORED && entry.method !== DEFLATED) throw corrupt(`zip entry ${entry.name}: compression method ${entry.method}`);
    const left = Math.min(this.limits.maxEntryBytes, this.limits.maxInflatedBytes - this.spent);
    if (entry.declaredSize > left) {
      throw new ZipRefusedError(
        'too_large',
        `zip entry ${entry.name} inflates to ${entry.declaredSize} bytes, over the ${left} left to inflate`,
      );
    }
    return entry.declaredSize;
  }

  private zlibOptions(cap: number): ZlibOptions {
    // zlib refuses a 0 cap; an empty entry inflating to 1 byte still fails the size check.
    return { maxOutputLength: Math.max(cap, 1), chunkSize: 64 * 1024 };
  }

  private accept(entry: ZipEntry, data: Buffer): Buffer {
    if (data.length !== entry.declaredSize) throw corrupt(`zip entry ${entry.name}: ${data.length} bytes, ${entry.declaredSize} declared`);
    if (crc32(data) >>> 0 !== entry.crc32 >>> 0) throw corrupt(`zip entry ${entry.name}: checksum mismatch`);
    this.spent += data.length;
    return data;
  }

  private inflateError(entry: ZipEntry, err: unknown): ZipRefusedError {
    if (err instanceof ZipRefusedError) return err;
    // zlib stopped at the cap: the entry inflates past the size its directory declared.
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      return new ZipRefusedError('too_large', `zip entry ${entry.name} inflates past its declared ${entry.declaredSize} bytes`);
    }
    return corrupt(`zip entry ${entry.name}: ${(err as Error).message}`);
  }
}
