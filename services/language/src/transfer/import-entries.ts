/**
 * Imports a whole file into one bank, all or nothing: every entry is parsed and checked with the
 * bank rules (`checkEntry`) and written in one transaction by one COPY (entry-copy.ts). A bad file
 * (FILE_PARSE_FAILED, naming the unit/line), a workbook over its unpacking budget
 * (FILE_TOO_LARGE), a bad entry (CONTENT_INVALID, naming the entry) or going past the plan's
 * entries per bank (PLAN_LIMIT) rolls everything back.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { Readable } from 'node:stream';
import { AppError, type PlanCode } from '@mtp/proto';
import { limitingPlan, loadBank, type BankRow } from '../banks/banks';
import { tokenColumns, withPrefixes, type MatchColumns, type TokenColumns } from '../banks/match-columns';
import { tokenRegistryOf } from '../lookup/token-registry';
import { checkEntry, entryLimit, entryLimitError } from '../banks/rules';
import type { Actor, Flag, PlanOf } from '../banks/types';
import { asFileError, entryError, formatRefusal, pairRefusal } from './import-errors';
import type { ByteSource } from '../formats/decode';
import { xlsToXlsx } from '../formats/xls';
import { EntryCopy, type CopyRow } from './entry-copy';
import { entryChunks, toBytes } from './import-sources';
import { pendingMergerOf } from './pending-merge';
import { WritePipeline } from './write-pipeline';

export type ImportFormat = 'tmx' | 'sdltm' | 'csv' | 'txt' | 'xlsx' | 'tbx' | 'xls';

/** The formats each kind of bank imports (flag 0 memories, 1 termbases). */
export const IMPORT_FORMATS: Record<Flag, readonly ImportFormat[]> = {
  0: ['tmx', 'sdltm', 'csv'],
  1: ['txt', 'csv', 'xlsx', 'xls', 'tbx'],
};

/** Rows keyed (token ids registered) and written to the COPY at a time. */
export const IMPORT_BATCH = 1000;
/**
 * The first batch is larger: its new tokens are numbered most frequent first (token-registry.ts),
 * and a larger sample ranks a memory's common words better, which keeps lookups fast.
 */
const FIRST_BATCH = 20_000;
/** Batches parsed ahead of the database at most (about 1 MB each). */
const PIPELINE_DEPTH = 8;

/**
 * GIN indexes (match keys) cost about half of an import. Rows' keys go to the pending list (fast
 * update), which a second connection merges into the index while the import goes on
 * (pending-merge.ts) every MERGE_EVERY rows; the limit only keeps the importing backend from
 * merging itself (it would stop the COPY) unless the merger falls far behind.
 */
const IMPORT_PENDING_LIST_KB = 512 * 1024;
const IMPORT_WORK_MEM = '256MB';
/** About 30 MB of pending keys: large enough to merge in bulk, small enough to keep pace. */
const MERGE_EVERY = 50_000;
/** Smaller imports merge once, after the commit. */
const MERGE_PENDING_AFTER = 20_000;

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

/** The import's direction: the bank's pair, or its reverse in a two-way bank. */
function importPair(bank: BankRow, input: ImportInput): { src: string; tgt: string } {
  const src = input.srcLang || bank.src_lang;
  const tgt = input.tgtLang || (src === bank.src_lang ? bank.tgt_lang : bank.src_lang);
  const forward = src === bank.src_lang && tgt === bank.tgt_lang;
  const backward = bank.tow_way === 1 && src === bank.tgt_lang && tgt === bank.src_lang;
  if (!forward && !backward) throw pairRefusal(bank.src_lang, bank.tgt_lang);
  return { src, tgt };
}

type Row = CopyRow & { match: TokenColumns };

const EMPTY_ATTRIBUTES = '{}';

/** Registers the batch's new tokens (on the registry's connection, outside the import's transaction) and keys it. */
function keyBatch(db: Db, rows: Row[]): Promise<MatchColumns[]> {
  return withPrefixes(
    tokenRegistryOf(db),
    rows.map((r) => r.match),
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
  const merger = pendingMergerOf(db);
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
    // Batches are written while the next ones are parsed, all of them through one COPY.
    const pipeline = new WritePipeline(PIPELINE_DEPTH);
    const copy = EntryCopy.open(client, bank.bank_id, src, tgt);
    let written = 0;
    const writeBatch = async (rows: Row[], lookup: MatchColumns[]) => {
      await copy.write(rows, lookup);
      const before = written;
      written += rows.length;
      if (Math.floor(written / MERGE_EVERY) > Math.floor(before / MERGE_EVERY)) merger.poke();
    };
    try {
      for await (const entries of entryChunks(input.format, input.stream, src, tgt)) {
        // Parsing a buffered chunk never waits for I/O, so the database's answers for the write
        // in flight would wait for the whole chunk: let them in between chunks.
        await new Promise((resolve) => setImmediate(resolve));
        for (const entry of entries) {
          imported += 1;
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
            extra: entry.attributes ? JSON.stringify(entry.attributes) : EMPTY_ATTRIBUTES,
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
              (lookup) => writeBatch(rows, lookup),
            );
          }
        }
      }
      await pipeline.push(
        () => keyBatch(db, batch),
        (lookup) => writeBatch(batch, lookup),
      );
      await pipeline.drain();
      await copy.finish();
    } catch (err) {
      // Let the writes in flight settle, then fail the COPY (the server keeps none of its rows)
      // before the transaction rolls back.
      await pipeline.settle();
      await copy.abort(err instanceof Error ? err : new Error(String(err)));
      throw asFileError(err);
    }
    if (imported > 0) await client.query('UPDATE tm_banks SET entry_count = entry_count + $2 WHERE bank_id = $1', [bank.bank_id, imported]);
    return { imported };
  });
  // What is still pending (the tail since the last merge, or a small import) is merged now, so
  // lookups do not scan the pending list row by row.
  if (result.imported >= MERGE_PENDING_AFTER) await merger.flush();
  return result;
}
