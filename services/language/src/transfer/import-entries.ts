/**
 * Imports a whole file into one bank, all or nothing: every entry is parsed and checked with the
 * bank rules (`checkEntry`) and inserted in one transaction, 1,000 rows a statement. A bad file
 * (FILE_PARSE_FAILED, naming the unit/line), a bad entry (CONTENT_INVALID, naming the entry) or
 * going past the plan's entries per bank (PLAN_LIMIT) rolls everything back.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { Readable } from 'node:stream';
import { AppError, type PlanCode } from '@mtp/proto';
import { loadBank, type BankRow, type Queryable } from '../banks/banks';
import { matchColumns, type MatchColumns } from '../banks/match-columns';
import { checkEntry, entryLimit, entryLimitError } from '../banks/rules';
import type { Actor, Flag, PlanOf } from '../banks/types';
import { FormatError, type Entry } from '../formats/entry';
import type { ByteSource } from '../formats/decode';
import { readCsv } from '../formats/csv';
import { readSdltm } from '../formats/sdltm-reader';
import { readTbx } from '../formats/tbx-reader';
import { readTmx } from '../formats/tmx-reader';
import { readTxt } from '../formats/txt';
import { xlsToXlsx } from '../formats/xls';
import { readXlsx } from '../formats/xlsx';

export type ImportFormat = 'tmx' | 'sdltm' | 'csv' | 'txt' | 'xlsx' | 'tbx' | 'xls';

/** The formats each kind of bank imports (flag 0 memories, 1 termbases). */
export const IMPORT_FORMATS: Record<Flag, readonly ImportFormat[]> = {
  0: ['tmx', 'sdltm', 'csv'],
  1: ['txt', 'csv', 'xlsx', 'xls', 'tbx'],
};

/** Rows per INSERT statement. */
export const IMPORT_BATCH = 1000;

/**
 * GIN indexes (match tokens) cost most of an import. With a large pending list (fast update) new
 * rows are merged into the index in bulk instead of one by one. After a large import the pending
 * list is merged at once, so lookups do not scan it row by row.
 */
const IMPORT_PENDING_LIST_KB = 128 * 1024;
const IMPORT_WORK_MEM = '256MB';
const MERGE_PENDING_AFTER = 20_000;
const TOKEN_INDEXES = ['tm_entries_match_tokens', 'tm_entries_reverse_tokens'];

export type ImportInput = {
  flag: Flag;
  systemOrIndividual: number;
  bankId: number;
  srcLang?: string | undefined;
  tgtLang?: string | undefined;
  format: ImportFormat;
  stream: ByteSource;
};

/** The format of a file name's extension, or undefined. */
export function importFormatOf(filename: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return (['tmx', 'sdltm', 'csv', 'txt', 'xlsx', 'tbx', 'xls'] as const).find((f) => f === ext);
}

/** Refuses a format the bank kind does not import. */
export function assertImportFormat(flag: Flag, format: ImportFormat | undefined): asserts format is ImportFormat {
  if (!format || !IMPORT_FORMATS[flag].includes(format)) {
    throw new AppError(
      'FILE_FORMAT_UNKNOWN',
      `${flag === 0 ? 'translation memories' : 'termbases'} import ${IMPORT_FORMATS[flag].map((f) => `.${f}`).join(', ')}`,
    );
  }
}

async function toBytes(source: ByteSource): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of source as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* entriesOf(format: ImportFormat, stream: ByteSource, srcLang: string, tgtLang: string): AsyncGenerator<Entry> {
  switch (format) {
    case 'tmx':
      yield* readTmx(stream, { srcLang, tgtLang });
      return;
    case 'tbx':
      yield* readTbx(stream, { srcLang, tgtLang });
      return;
    case 'csv':
      yield* readCsv(stream, { srcLang, tgtLang });
      return;
    case 'txt':
      yield* readTxt(stream);
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

/** The import's direction: the bank's pair, or its reverse in a two-way bank. */
function importPair(bank: BankRow, input: ImportInput): { src: string; tgt: string } {
  const src = input.srcLang || bank.src_lang;
  const tgt = input.tgtLang || (src === bank.src_lang ? bank.tgt_lang : bank.src_lang);
  const forward = src === bank.src_lang && tgt === bank.tgt_lang;
  const backward = bank.tow_way === 1 && src === bank.tgt_lang && tgt === bank.src_lang;
  if (!forward && !backward) throw new AppError('INVALID_PARAMS', `the bank's language pair is ${bank.src_lang}_${bank.tgt_lang}`);
  return { src, tgt };
}

type Row = { source: string; translated: string; note: string; extra: string; prev: string | null; match: MatchColumns };

/** Tokens never hold whitespace, so a space joins them for the trip through `unnest`. */
const joinTokens = (tokens: string[]) => tokens.join(' ');

async function insertBatch(q: Queryable, bankId: number, src: string, tgt: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO tm_entries (bank_id, source, translated, note, extra, prev_source, src_lang, tgt_lang,
                             match_tokens, match_len, reverse_tokens, reverse_len)
     SELECT $1, s, t, n, x::jsonb, p, $7, $8, string_to_array(mt, ' '), ml, string_to_array(rt, ' '), rl
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $9::text[], $10::int[], $11::text[], $12::int[])
       AS u(s, t, n, x, p, mt, ml, rt, rl)`,
    [
      bankId,
      rows.map((r) => r.source),
      rows.map((r) => r.translated),
      rows.map((r) => r.note),
      rows.map((r) => r.extra),
      rows.map((r) => r.prev),
      src,
      tgt,
      rows.map((r) => joinTokens(r.match.match_tokens)),
      rows.map((r) => r.match.match_len),
      rows.map((r) => joinTokens(r.match.reverse_tokens)),
      rows.map((r) => r.match.reverse_len),
    ],
  );
}

const snippet = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** `POST tm/es_save_file`, `POST term/upload_term_file`: answers how many entries were imported. */
export async function importEntries(db: Db, actor: Actor, planOf: PlanOf, input: ImportInput): Promise<{ imported: number }> {
  assertImportFormat(input.flag, input.format);
  if (input.format === 'xls') {
    // LibreOffice takes seconds: convert before the transaction, so the bank is not locked
    // meanwhile, but refuse a bank the actor may not write before spending them.
    await loadBank(db, actor, { bankId: input.bankId, flag: input.flag, systemOrIndividual: input.systemOrIndividual }, 'write');
    let xlsx: Buffer;
    try {
      xlsx = await xlsToXlsx(await toBytes(input.stream));
    } catch (err) {
      if (err instanceof FormatError) throw new AppError('FILE_PARSE_FAILED', err.message);
      throw err;
    }
    input = { ...input, format: 'xlsx', stream: Readable.from([xlsx]) };
  }
  // Read the plan before the transaction: it may query another service's tables.
  const plan: PlanCode | null = input.systemOrIndividual === 1 ? await planOf(actor.userId) : null;
  const result = await inTransaction(db, async (client) => {
    const bank = await loadBank(
      client,
      actor,
      { bankId: input.bankId, flag: input.flag, systemOrIndividual: input.systemOrIndividual },
      'write',
      true,
    );
    const { src, tgt } = importPair(bank, input);
    await client.query(`SELECT set_config('gin_pending_list_limit', $1, true), set_config('work_mem', $2, true)`, [
      String(IMPORT_PENDING_LIST_KB),
      IMPORT_WORK_MEM,
    ]);
    const limit = plan ? entryLimit(plan) : Infinity;
    let imported = 0;
    let prev: string | null = null;
    let batch: Row[] = [];
    // One batch is written while the next one is parsed.
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const entry of entriesOf(input.format, input.stream, src, tgt)) {
        imported += 1;
        let text;
        try {
          text = checkEntry({ source: entry.source, translated: entry.target, note: entry.note }, src);
        } catch (err) {
          if (err instanceof AppError) {
            throw new AppError(
              err.codeName,
              `entry ${imported}${entry.source.trim() ? ` "${snippet(entry.source.trim())}"` : ''}: ${err.detail ?? err.message}`,
            );
          }
          throw err;
        }
        // Past the plan's limit nothing is imported; stop reading at once.
        if (bank.entry_count + imported > limit) throw entryLimitError(plan!, input.flag);
        batch.push({
          ...text,
          extra: JSON.stringify(entry.attributes ?? {}),
          // Memories keep the segment before (context for 101% matches).
          prev: input.flag === 0 ? prev : null,
          match: matchColumns(text.source, text.translated, bank.tow_way === 1),
        });
        prev = text.source;
        if (batch.length >= IMPORT_BATCH) {
          await writing;
          writing = insertBatch(client, bank.bank_id, src, tgt, batch);
          batch = [];
        }
      }
    } catch (err) {
      // Let a write in flight settle before the transaction rolls back.
      await writing.catch(() => {});
      if (err instanceof FormatError) throw new AppError('FILE_PARSE_FAILED', err.message);
      throw err;
    }
    await writing;
    await insertBatch(client, bank.bank_id, src, tgt, batch);
    if (imported > 0) await client.query('UPDATE tm_banks SET entry_count = entry_count + $2 WHERE bank_id = $1', [bank.bank_id, imported]);
    return { imported };
  });
  if (result.imported >= MERGE_PENDING_AFTER) {
    for (const index of TOKEN_INDEXES) await db.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
  }
  return result;
}
