/**
 * The entries of an uploaded file, chunk by chunk, for an import: TMX straight from the parser's
 * chunks (one await per chunk of the file, not per unit), the other formats grouped the same way.
 */
import type { ByteSource } from '../formats/decode';
import type { Entry } from '../formats/entry';
import { readCsv } from '../formats/csv';
import { restoreFormulaCells } from '../formats/formula-cells';
import { readSdltm } from '../formats/sdltm-reader';
import { readTbx } from '../formats/tbx-reader';
import { readTmxChunks } from '../formats/tmx-reader';
import { readTxt } from '../formats/txt';
import { readXlsx } from '../formats/xlsx';
import type { ImportFormat } from './import-entries';

/** Entries per chunk for the formats read one entry at a time. */
const CHUNK = 256;

export async function toBytes(source: ByteSource): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of source as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* entriesOf(format: ImportFormat, stream: ByteSource, srcLang: string, tgtLang: string): AsyncGenerator<Entry> {
  switch (format) {
    case 'tbx':
      yield* readTbx(stream, { srcLang, tgtLang });
      return;
    // Our CSV and TXT exports quote cells a spreadsheet would run ('=...): the quote goes again.
    case 'csv':
      yield* restoreFormulaCells(readCsv(stream, { srcLang, tgtLang }));
      return;
    case 'txt':
      yield* restoreFormulaCells(readTxt(stream));
      return;
    case 'xlsx':
      yield* await readXlsx(await toBytes(stream), { srcLang, tgtLang });
      return;
    case 'sdltm':
      yield* readSdltm(await toBytes(stream));
      return;
    case 'xls':
      // Converted before the transaction (see importEntries); reaching here is a bug.
      throw new Error('xls must be converted to xlsx before it is read');
  }
}

/** The file's entries in chunks (never empty). */
export async function* entryChunks(
  format: ImportFormat,
  stream: ByteSource,
  srcLang: string,
  tgtLang: string,
): AsyncGenerator<readonly Entry[]> {
  if (format === 'tmx') {
    yield* readTmxChunks(stream, { srcLang, tgtLang });
    return;
  }
  let chunk: Entry[] = [];
  for await (const entry of entriesOf(format, stream, srcLang, tgtLang)) {
    chunk.push(entry);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
