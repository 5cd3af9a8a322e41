/**
 * The write side of an import as one `COPY tm_entries FROM STDIN` (text format, through
 * pg-copy-streams) on the import's transaction: PostgreSQL parses tab-separated lines far faster
 * than the arrays an `INSERT ... SELECT FROM unnest(...)` binds, and the whole file is one
 * statement instead of a thousand. Lines are built here with the format's escapes; arrays are
 * written as PostgreSQL array literals inside them.
 *
 * All or nothing: `abort` fails the COPY (the server discards every row of the statement) and
 * the caller's transaction rolls back; nothing is visible to anyone before the commit.
 */
import type { inTransaction } from '@mtp/platform';
import { from as copyFrom } from 'pg-copy-streams';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { MatchColumns } from '../banks/match-columns';

/** The fields of one imported entry, as the COPY line writes them. */
export type CopyRow = { source: string; translated: string; note: string; extra: string; prev: string | null };

const COLUMNS = `bank_id, source, translated, note, extra, prev_source, src_lang, tgt_lang,
  match_tokens, match_len, reverse_tokens, reverse_len, match_keys, reverse_keys`;

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function field(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : text;
}

/**
 * A text[] literal, every element quoted (tokens hold no whitespace, but may hold quotes,
 * commas or braces); then escaped for the COPY line like any field.
 */
const QUOTED = /["\\]/g;
function textArray(items: readonly string[]): string {
  if (items.length === 0) return '{}';
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    const item = items[i]!;
    out += '"' + (item.includes('"') || item.includes('\\') ? item.replace(QUOTED, '\\$&') : item) + '"';
  }
  return field(out + '}');
}

const intArray = (items: readonly number[]) => `{${items.join(',')}}`;

/** The client of the import's transaction. */
type TransactionClient = Parameters<Parameters<typeof inTransaction>[1]>[0];

export class EntryCopy {
  private readonly done: Promise<void>;

  private constructor(
    private readonly stream: Writable,
    private readonly prefix: string,
    private readonly suffix: string,
  ) {
    // Observed now, so a server error is not an unhandled rejection before `finish` awaits it.
    this.done = finished(stream);
    this.done.catch(() => {});
  }

  static open(client: TransactionClient, bankId: number, src: string, tgt: string): EntryCopy {
    const stream = client.query(copyFrom(`COPY tm_entries (${COLUMNS}) FROM STDIN`));
    return new EntryCopy(stream, `${bankId}\t`, `\t${field(src)}\t${field(tgt)}\t`);
  }

  /** Writes a batch; waits while the server is behind (backpressure). */
  async write(rows: readonly CopyRow[], lookup: readonly MatchColumns[]): Promise<void> {
    if (rows.length === 0) return;
    let chunk = '';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const c = lookup[i]!;
      chunk +=
        this.prefix +
        field(r.source) +
        '\t' +
        field(r.translated) +
        '\t' +
        field(r.note) +
        '\t' +
        field(r.extra) +
        '\t' +
        (r.prev === null ? '\\N' : field(r.prev)) +
        this.suffix +
        textArray(c.match_tokens) +
        '\t' +
        c.match_len +
        '\t' +
        textArray(c.reverse_tokens) +
        '\t' +
        c.reverse_len +
        '\t' +
        intArray(c.match_keys) +
        '\t' +
        intArray(c.reverse_keys) +
        '\n';
    }
    if (!this.stream.write(chunk)) await Promise.race([once(this.stream, 'drain'), this.done]);
  }

  /** Ends the COPY; throws what the server refused. */
  async finish(): Promise<void> {
    this.stream.end();
    await this.done;
  }

  /** Fails the COPY so the server keeps none of its rows, and waits for it to answer. */
  async abort(reason: Error): Promise<void> {
    this.stream.destroy(reason);
    await this.done.catch(() => {});
  }
}
