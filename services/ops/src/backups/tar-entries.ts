/**
 * tar-stream, as promises: writing an entry from any byte source (hashing it on the way and
 * failing when it does not hold the size its header promised, which would corrupt the archive),
 * and reading a `.tar.gz` stream entry by entry.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import tar from 'tar-stream';

export type WrittenEntry = { bytes: number; sha256: string };

export async function writeEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  source: AsyncIterable<Buffer> | Buffer,
): Promise<WrittenEntry> {
  const hash = createHash('sha256');
  let bytes = 0;
  let settle!: (err?: Error | null) => void;
  const finished = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  const sink = pack.entry({ name, size, mtime: new Date(0) }, (err?: Error | null) => settle(err));
  const chunks = Buffer.isBuffer(source) ? [source] : source;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bytes > size) throw new Error(`${name} grew while it was archived`);
    hash.update(chunk);
    if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
  }
  if (bytes !== size) throw new Error(`${name} shrank while it was archived`);
  sink.end(undefined);
  await finished;
  return { bytes, sha256: hash.digest('hex') };
}

/** Each entry of a gzipped tar in order; the caller reads an entry whole before asking for the next. */
export async function* readEntries(source: Readable): AsyncGenerator<{ name: string; size: number; body: AsyncIterable<Buffer> }> {
  const gunzip = createGunzip();
  const extract = tar.extract();
  source.on('error', (err) => extract.destroy(err));
  gunzip.on('error', (err) => extract.destroy(err));
  source.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as AsyncIterable<Buffer> };
  }
}
