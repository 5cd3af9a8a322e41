import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { decodeStream, type ByteSource } from './decode';
import { FormatError, type Entry } from './entry';
import { neutralizeFormula, NEUTRALIZED_CELL } from './formula-cells';
import { matchLang } from './lang';

export type ReadCsvOptions = {
  /** Field delimiter; default ",". */
  delimiter?: string;
  /** When given, a first row naming these languages (e.g. "en,zh-CN") is taken as a header too. */
  srcLang?: string;
  tgtLang?: string;
};

const SOURCE_NAMES = new Set(['source', 'src', 'source text', 'term', 'source term']);
const TARGET_NAMES = new Set(['target', 'tgt', 'target text', 'translation', 'target term']);
const NOTE_NAMES = new Set(['note', 'notes', 'comment', 'comments', 'description', 'definition']);

type Columns = { source: number; target: number; note: number };

/** Column positions when `row` is a header row, otherwise undefined (then columns are source, target, note). */
export function detectHeader(row: readonly string[], srcLang?: string, tgtLang?: string): Columns | undefined {
  const cells = row.map((c) => c.trim().toLowerCase());
  const find = (names: Set<string>): number => cells.findIndex((c) => names.has(c));
  let source = find(SOURCE_NAMES);
  let target = find(TARGET_NAMES);
  if ((source < 0 || target < 0) && srcLang && tgtLang) {
    source = cells.findIndex((c) => matchLang(c, srcLang) >= 2);
    target = cells.findIndex((c, i) => i !== source && matchLang(c, tgtLang) >= 2);
  }
  if (source < 0 || target < 0) return undefined;
  return { source, target, note: find(NOTE_NAMES) };
}

/**
 * Reads a CSV of pairs, streamed: optional header (`source,target,note` in any order, or the
 * language codes), otherwise the first two columns are source and target and the third a note.
 * UTF-8 (BOM optional) or UTF-16 with BOM; quoted fields may hold newlines.
 */
export async function* readCsv(source: ByteSource, options: ReadCsvOptions = {}): AsyncGenerator<Entry> {
  let lastLine = 0;
  // End line of each parsed record, in order; on_record runs while parsing, ahead of consumption.
  const recordLines: number[] = [];
  const parser = parse({
    bom: true,
    delimiter: options.delimiter ?? ',',
    relax_column_count: true,
    skip_empty_lines: true,
    on_record: (record: string[], context) => {
      // Remembered so an unterminated quote is reported at the line where its record opened.
      lastLine = context.lines;
      recordLines.push(context.lines);
      return record;
    },
  });
  Readable.from(decodeStream(source)).pipe(parser);
  let columns: Columns | undefined;
  let first = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const lines = recordLines.shift() ?? lastLine;
      if (first) {
        first = false;
        columns = detectHeader(record, options.srcLang, options.tgtLang);
        if (columns) continue;
      }
      if (record.every((c) => c.trim() === '')) continue;
      const cols = columns ?? { source: 0, target: 1, note: 2 };
      const src = record[cols.source];
      const tgt = record[cols.target];
      if (src === undefined || tgt === undefined) {
        throw new FormatError({ format: 'csv', line: lines, message: 'expected a source and a target column', reason: 'columns' });
      }
      const entry: Entry = { source: src, target: tgt };
      const note = cols.note >= 0 ? record[cols.note] : undefined;
      if (note) entry.note = note;
      yield entry;
    }
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse reports the end of the file; the user needs the line where the quote opened.
      throw new FormatError({
        format: 'csv',
        line: lastLine + 1,
        message: 'unterminated quoted field (the record starting on this line never closes its quote)',
        reason: 'quote',
      });
    }
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw new FormatError({ format: 'csv', line, message: err.message.replace(/^Invalid Opening Quote: /, '') });
    }
    throw err;
  }
}

/**
 * Streams entries as CSV with a `source,target,note` header and a UTF-8 BOM (so Excel reads CJK
 * right). A cell a spreadsheet would run as a formula is written `'=...`, quoted (formula-cells.ts).
 */
export function writeCsv(entries: AsyncIterable<Entry> | Iterable<Entry>): Readable {
  const quoted_match = [/^\s|\s$/, NEUTRALIZED_CELL];
  async function* generate(): AsyncGenerator<string> {
    yield '\ufeff' + stringify([['source', 'target', 'note']], { record_delimiter: 'windows' });
    for await (const e of entries) {
      const cells = [e.source, e.target, e.note ?? ''].map(neutralizeFormula);
      yield stringify([cells], { record_delimiter: 'windows', quoted_match });
    }
  }
  return Readable.from(generate(), { objectMode: false });
}
