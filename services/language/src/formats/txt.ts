import { Readable } from 'node:stream';
import { decodeStream, type ByteSource } from './decode';
import { FormatError, type Entry } from './entry';
import { neutralizeFormula } from './formula-cells';

/**
 * Splits one line into source, target and optional note. A tab is the separator (as written by
 * writeTxt; a third tab-separated field is the note). Lines without a tab fall back to the first
 * "=" and then the first "|", trimming spaces around them ("cat = chat"), as hand-made glossaries do.
 */
export function splitTermLine(line: string): { source: string; target: string; note?: string } | undefined {
  if (line.includes('\t')) {
    const [source = '', target = '', ...rest] = line.split('\t');
    const note = rest.join('\t');
    return note ? { source, target, note } : { source, target };
  }
  for (const sep of ['=', '|']) {
    const at = line.indexOf(sep);
    if (at > 0) return { source: line.slice(0, at).trim(), target: line.slice(at + 1).trim() };
  }
  return undefined;
}

/** Reads a tab-separated term list, streamed; blank lines and lines starting with "#" are skipped. */
export async function* readTxt(source: ByteSource): AsyncGenerator<Entry> {
  let lineNo = 0;
  let pending = '';
  const parseLine = (raw: string): Entry | undefined => {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || line.startsWith('#')) return undefined;
    const pair = splitTermLine(line);
    if (!pair || !pair.source || !pair.target) {
      throw new FormatError({ format: 'txt', line: lineNo, message: 'expected "source<TAB>target" (or "=" / "|")', reason: 'separator' });
    }
    return pair;
  };
  for await (const chunk of decodeStream(source)) {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      const entry = parseLine(raw);
      if (entry) yield entry;
    }
  }
  const last = parseLine(pending);
  if (last) yield last;
}

/**
 * Writes `source<TAB>target[<TAB>note]` lines (UTF-8, LF); tabs and line breaks inside a field
 * become spaces. Spreadsheets open tab-separated text too: a field they would run as a formula
 * is written `'=...` (formula-cells.ts).
 */
export function writeTxt(entries: AsyncIterable<Entry> | Iterable<Entry>): Readable {
  const clean = (s: string): string => neutralizeFormula(s.replace(/[\t\r\n]+/g, ' '));
  async function* generate(): AsyncGenerator<string> {
    for await (const e of entries) {
      const fields = [clean(e.source), clean(e.target)];
      if (e.note) fields.push(clean(e.note));
      yield `${fields.join('\t')}\n`;
    }
  }
  return Readable.from(generate(), { objectMode: false });
}
