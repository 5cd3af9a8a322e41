import { createReadStream } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, 'fixtures');
/** GPL/LGPL real-world files stay in the shared folder; suites using them skip when it is absent. */
export const SHARED_REAL = resolve(here, '../../..', '../shared/fixtures/real');

export const fixture = (name: string): Readable => createReadStream(join(FIXTURES, name), { highWaterMark: 4096 });

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

export async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Catches the error of an async iteration, for checking FormatError fields. */
export async function errorOf(items: AsyncIterable<unknown>): Promise<unknown> {
  try {
    await collect(items);
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}
