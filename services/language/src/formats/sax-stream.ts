import { SaxesParser } from 'saxes';
import { decodeStream, type ByteSource } from './decode';
import { FormatError, type FormatName } from './entry';

export type SaxHandlers<T> = {
  /** Wires event handlers on the parser; `emit` queues a result to be yielded after the current chunk. */
  setup: (parser: SaxesParser, emit: (item: T) => void) => void;
  /** Unit counter at the time of an error, so XML errors can name the unit too. */
  currentUnit?: () => number | undefined;
};

/** Local element name without a namespace prefix (TBX and TMX files use both). */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * Feeds the decoded text to saxes chunk by chunk and yields, after each chunk, the items the
 * handlers emitted in it (never an empty array), so memory holds one chunk plus the units it
 * completed, whatever the file size. One await per chunk instead of one per unit: a
 * million-unit import spends its time parsing, not resuming generators.
 */
export async function* parseXmlChunks<T>(
  source: ByteSource,
  format: FormatName,
  { setup, currentUnit }: SaxHandlers<T>,
): AsyncGenerator<T[]> {
  const parser = new SaxesParser({ position: true });
  let queue: T[] = [];
  setup(parser, (item) => queue.push(item));
  const fail = (err: unknown): never => {
    if (err instanceof FormatError) throw err;
    const raw = err instanceof Error ? err.message : String(err);
    // saxes prefixes "line:column: "; we report the line in our own words.
    const message = raw.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
    throw new FormatError({ format, line: parser.line, unit: currentUnit?.(), message: `malformed XML: ${message}` });
  };
  // Units completed before an error in the same chunk are still delivered, then the error.
  const run = function* (fn: () => void): Generator<T[]> {
    let error: unknown;
    try {
      fn();
    } catch (err) {
      error = err ?? new Error('unknown error');
    }
    const out = queue;
    queue = [];
    if (out.length > 0) yield out;
    if (error !== undefined) fail(error);
  };
  for await (const text of decodeStream(source)) yield* run(() => parser.write(text));
  yield* run(() => parser.close());
}

/** The same, one item at a time. */
export async function* parseXmlStream<T>(source: ByteSource, format: FormatName, handlers: SaxHandlers<T>): AsyncGenerator<T> {
  for await (const items of parseXmlChunks(source, format, handlers)) yield* items;
}
