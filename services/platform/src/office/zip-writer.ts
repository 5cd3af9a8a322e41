/**
 * Writes a zip from new parts and parts copied from a `GuardedZip` as they were stored: a copied
 * entry is never inflated nor deflated again, so untouched images, embeddings and parts nobody
 * reads cost nothing and come out byte for byte. New parts are deflated by zlib on libuv's thread
 * pool (about twice as fast as a JavaScript deflate, and off the event loop); fflate's streaming
 * `Zip` lays out the archive, taking each entry's compressed bytes, checksum and size as given.
 */
import { Zip, type ZipInputFile } from 'fflate';
import { crc32, deflateRaw } from 'node:zlib';
import type { ZipEntry } from './guarded-zip';

/** A part with new content; `compress: false` stores it (media is already compressed). */
export type NewZipPart = { name: string; data: Uint8Array; compress: boolean };
/** An entry of another zip, copied as stored (`raw` is `GuardedZip.raw(entry)`). */
export type CopiedZipPart = { name: string; entry: ZipEntry; raw: Uint8Array };

type Laid = { name: string; method: number; crc: number; size: number; body: Uint8Array; modified: Date };

const deflate = (data: Uint8Array) =>
  new Promise<Buffer>((resolve, reject) => deflateRaw(data, (err, out) => (err ? reject(err) : resolve(out))));

/** DOS timestamps hold 1980-2107; anything else (a zero date in the source) becomes now. */
const dosDate = (date: Date) => (date.getFullYear() >= 1980 && date.getFullYear() < 2100 ? date : new Date());

async function lay(part: NewZipPart | CopiedZipPart): Promise<Laid> {
  if ('entry' in part) {
    const { entry } = part;
    return {
      name: part.name,
      method: entry.method,
      crc: entry.crc32,
      size: entry.declaredSize,
      body: part.raw,
      modified: dosDate(entry.modified),
    };
  }
  const body = part.compress ? await deflate(part.data) : part.data;
  return {
    name: part.name,
    method: part.compress ? 8 : 0,
    crc: crc32(part.data) >>> 0,
    size: part.data.length,
    body,
    modified: new Date(),
  };
}

export async function writeZip(parts: readonly (NewZipPart | CopiedZipPart)[]): Promise<Buffer> {
  const laid = await Promise.all(parts.map(lay));
  const chunks: Buffer[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure ??= err;
    else chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  });
  for (const part of laid) {
    const file: ZipInputFile = { filename: part.name, size: part.size, crc: part.crc, compression: part.method, mtime: part.modified };
    zip.add(file);
    // fflate only reads the bytes; whether they sit in a shared buffer makes no difference.
    file.ondata!(null, part.body as Uint8Array<ArrayBuffer>, true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}
