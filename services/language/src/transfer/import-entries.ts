/**
 * Imports a whole file into one bank, all or nothing: every entry is parsed and checked with the
 * bank rules (`checkEntry`) and inserted in one transaction, 1,000 rows a statement. A bad file
 * (FILE_PARSE_FAILED, naming the unit/line), a workbook over its unpacking budget
 * (FILE_TOO_LARGE), a bad entry (CONTENT_INVALID, naming the entry) or going past the plan's
 * entries per bank (PLAN_LIMIT) rolls everything back.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { Readable } from 'node:stream';
import { AppError, type PlanCode } from '@mtp/proto';
import { limitingPlan, loadBank, type BankRow, type Queryable } from '../banks/banks';
import { tokenColumns, withPrefixes, type MatchColumns, type TokenColumns } from '../banks/match-columns';
import { tokenRegistryOf } from '../lookup/token-registry';
import { checkEntry, entryLimit, entryLimitError } from '../banks/rules';
import type { Actor, Flag, PlanOf } from '../banks/types';
import type { Entry } from '../formats/entry';
import { asFileError, entryError, formatRefusal, pairRefusal } from './import-errors';
import type { ByteSource } from '../formats/decode';
import { readCsv } from '../formats/csv';
import { restoreFormulaCells } from '../formats/formula-cells';
import { readSdltm } from '../formats/sdltm-reader';
import { readTbx } from '../formats/tbx-reader';
import { readTmx } from '../formats/tmx-reader';
import { readTxt } from '../formats/txt';
import { xlsToXlsx } from '../formats/xls';
import { WritePipeline } from './write-pipeline';
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
 * The first batch is larger: its new tokens are numbered most frequent first (token-registry.ts),
 * and a larger sample ranks a memory's common words better, which keeps lookups fast.
 */
const FIRST_BATCH = 20_000;
const YIELD_EVERY = 64;
/** Batches parsed ahead of the database at most (about 1 MB each). */
const PIPELINE_DEPTH = 8;

/**
 * GIN indexes (match keys) cost most of an import. With a large pending list (fast update) new
 * rows are merged into the index in bulk instead of one by one. After a large import the pending
 * list is merged at once, so lookups do not scan it row by row.
 */
const IMPORT_PENDING_LIST_KB = 128 * 1024;
const IMPORT_WORK_MEM = '256MB';
const MERGE_PENDING_AFTER = 20_000;
const KEY_INDEXES = ['tm_entries_match_keys', 'tm_entries_reverse_keys'];

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
    throw formatRefusal(flag, IMPORT_FORMATS[flag]);
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

/** The import's direction: the bank's pair, or its reverse in a two-way bank. */
function importPair(bank: BankRow, input: ImportInput): { src: string; tgt: string } {
  const src = input.srcLang || bank.src_lang;
  const tgt = input.tgtLang || (src === bank.src_lang ? bank.tgt_lang : bank.src_lang);
  const forward = src === bank.src_lang && tgt === bank.tgt_lang;
  const backward = bank.tow_way === 1 && src === bank.tgt_lang && tgt === bank.src_lang;
  if (!forward && !backward) throw pairRefusal(bank.src_lang, bank.tgt_lang);
  return { src, tgt };
}

type Row = { source: string; translated: string; note: string; extra: string; prev: string | null; match: TokenColumns };

/** Tokens never hold whitespace, so a space joins them for the trip through `unnest`. */
const joinTokens = (tokens: string[]) => tokens.join(' ');

/** Registers the batch's new tokens (on the registry's connection, outside the import's transaction) and keys it. */
function keyBatch(db: Db, rows: Row[]): Promise<MatchColumns[]> {
  return withPrefixes(
    tokenRegistryOf(db),
    rows.map((r) => r.match),
  );
}

async function insertBatch(q: Queryable, bankId: number, src: string, tgt: string, rows: Row[], lookup: MatchColumns[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO tm_entries (bank_id, source, translated, note, extra, prev_source, src_lang, tgt_lang,
                             match_tokens, match_len, reverse_tokens, reverse_len, match_keys, reverse_keys)
     SELECT $1, s, t, n, x::jsonb, p, $7, $8, string_to_array(mt, ' '), ml, string_to_array(rt, ' '), rl,
            string_to_array(mk, ' ')::int8[], string_to_array(rk, ' ')::int8[]
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $9::text[], $10::int[], $11::text[], $12::int[],
                 $13::text[], $14::text[])
       AS u(s, t, n, x, p, mt, ml, rt, rl, mk, rk)`,
    [
      bankId,
      rows.map((r) => r.source),
      rows.map((r) => r.translated),
      rows.map((r) => r.note),
      rows.map((r) => r.extra),
      rows.map((r) => r.prev),
      src,
      tgt,
      lookup.map((c) => joinTokens(c.match_tokens)),
      lookup.map((c) => c.match_len),
      lookup.map((c) => joinTokens(c.reverse_tokens)),
      lookup.map((c) => c.reverse_len),
      lookup.map((c) => c.match_keys.join(' ')),
      lookup.map((c) => c.reverse_keys.join(' ')),
    ],
  );
}

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
      throw asFileError(err);
    }
    input = { ...input, format: 'xlsx', stream: Readable.from([xlsx]) };
  }
  // Read the plan before the transaction: it may query another service's tables.
  const plan: PlanCode | null = await limitingPlan(planOf, actor, input.systemOrIndividual === 1);
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
    // Batches are written while the next ones are parsed.
    const pipeline = new WritePipeline(PIPELINE_DEPTH);
    try {
      for await (const entry of entriesOf(input.format, input.stream, src, tgt)) {
        imported += 1;
        // Parsing a buffered chunk never waits for I/O, so the database's answers for the write
        // in flight would wait for the whole chunk: let them in now and then.
        if (imported % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        let text;
        try {
          text = checkEntry({ source: entry.source, translated: entry.target, note: entry.note }, src);
        } catch (err) {
          throw err instanceof AppError ? entryError(err, imported, entry.source) : err;
        }
        // Past the plan's limit nothing is imported; stop reading at once.
        if (bank.entry_count + imported > limit) throw entryLimitError(plan!, input.flag);
        batch.push({
          ...text,
          extra: JSON.stringify(entry.attributes ?? {}),
          // Memories keep the segment before (context for 101% matches).
          prev: input.flag === 0 ? prev : null,
          match: tokenColumns(text.source, text.translated, bank.tow_way === 1),
        });
        prev = text.source;
        const first = batch.length === imported; // nothing written yet
        if (batch.length >= (first ? FIRST_BATCH : IMPORT_BATCH)) {
          const rows = batch;
          batch = [];
          await pipeline.push(
            () => keyBatch(db, rows),
            (lookup) => insertBatch(client, bank.bank_id, src, tgt, rows, lookup),
          );
        }
      }
    } catch (err) {
      // Let the writes in flight settle before the transaction rolls back.
      await pipeline.settle();
      throw asFileError(err);
    }
    await pipeline.push(
      () => keyBatch(db, batch),
      (lookup) => insertBatch(client, bank.bank_id, src, tgt, batch, lookup),
    );
    await pipeline.drain();
    if (imported > 0) await client.query('UPDATE tm_banks SET entry_count = entry_count + $2 WHERE bank_id = $1', [bank.bank_id, imported]);
    return { imported };
  });
  if (result.imported >= MERGE_PENDING_AFTER) {
    // The merge sorts the pending keys in maintenance_work_mem: more of it, fewer passes.
    await inTransaction(db, async (client) => {
      await client.query(`SELECT set_config('maintenance_work_mem', $1, true)`, [IMPORT_WORK_MEM]);
      for (const index of KEY_INDEXES) await client.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
    });
  }
  return result;
}
