/**
 * Body handling both adapters share: writing a body to a file while counting its bytes against
 * a limit (the local adapter's temporary file, the S3 adapter's spool), and reading a stream
 * into memory.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageLimitError } from './port';

/** A file name no concurrent put can pick too. */
export function tempFileName(dir: string): string {
  return path.join(dir, `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}.part`);
}

/**
 * Writes body to file and resolves with its byte count. Past maxBytes it stops reading, deletes
 * the partial file and fails with StorageLimitError; any other failure also deletes the file.
 */
export async function spoolToFile(body: Readable | Buffer, file: string, key: string, maxBytes?: number): Promise<number> {
  if (Buffer.isBuffer(body) && maxBytes !== undefined && body.length > maxBytes) {
    // Refused before a single byte is written.
    throw new StorageLimitError(key, maxBytes);
  }
  const counter = new ByteCounter(key, maxBytes);
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  try {
    // 'wx': a name collision would be a bug; never write into someone else's file.
    await pipeline(source, counter, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return counter.bytes;
}

/** Passes bytes through, failing the pipeline as soon as more than maxBytes went by. */
class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private readonly key: string,
    private readonly maxBytes?: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.bytes += buf.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) {
      done(new StorageLimitError(this.key, this.maxBytes));
      return;
    }
    done(null, buf);
  }
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
