/**
 * Entries of a bank: source, translation, note, extra attributes and the previous segment
 * (context for 101% matches). Rules of spec section 5, entries per bank of section 6 (42005,
 * individual banks only), and the same bank visibility as `banks.ts`.
 */
import { inTransaction, type Db } from '@mtp/platform';
import {
  AppError,
  type DeleteAllBody,
  type DeleteChoiceBody,
  type DeleteEntryBody,
  type EntryItem,
  type EntryList,
  type EntryListQuery,
  type InsertEntryBody,
  type PlanCode,
  type UpdateEntryBody,
} from '@mtp/proto';
import { auditBankChange, auditsChange, entryText, type LoggedEntry } from './bank-audit';
import { likePattern, limitingPlan, loadBank, type BankRow, type Queryable } from './banks';
import { tokenRegistryOf } from '../lookup/token-registry';
import { lookupValues, matchColumns } from './match-columns';
import { checkEntry, entryLimit, entryLimitError } from './rules';
import type { Actor, BankAudit, BanksDeps, Flag, TxClient } from './types';

export const DEFAULT_PAGE_SIZE = 10;

type EntryRow = {
  entry_id: string;
  bank_id: number;
  bank_name: string;
  source: string;
  translated: string;
  note: string;
  extra: Record<string, unknown>;
  prev_source: string | null;
  src_lang: string;
  tgt_lang: string;
  tow_way: number;
  created_at: Date;
  updated_at: Date;
};

function toEntryItem(row: EntryRow): EntryItem {
  return {
    entry_id: Number(row.entry_id),
    bank_id: row.bank_id,
    bank_name: row.bank_name,
    source: row.source,
    translated: row.translated,
    note: row.note,
    extra: row.extra,
    prev_source: row.prev_source,
    src_lang: row.src_lang,
    tgt_lang: row.tgt_lang,
    tow_way: row.tow_way,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const ENTRY_COLUMNS = `e.entry_id, e.bank_id, b.name AS bank_name, e.source, e.translated, e.note, e.extra, e.prev_source,
  e.src_lang, e.tgt_lang, b.tow_way, e.created_at, e.updated_at`;

/**
 * `GET tm_term/get_es_list/{flag}/{systemOrIndividual}`: the caller's own entries (1) or the
 * system banks' (0), newest first, `page_size` (default 10) a page; `keyword` matches the source
 * or the translation. With `bank_id`, that bank's entries when the caller may read it (staff
 * also read the individual banks they moderate).
 */
export async function listEntries(
  db: Db,
  actor: Actor,
  flag: Flag,
  systemOrIndividual: number,
  query: EntryListQuery = {},
): Promise<EntryList> {
  const params: unknown[] = [flag, systemOrIndividual];
  let where = 'b.flag = $1 AND b.system_or_individual = $2';
  if (query.bank_id !== undefined) {
    // loadBank decides who reads the bank (owner, or staff moderating it), so no owner filter here.
    await loadBank(db, actor, { bankId: query.bank_id, flag, systemOrIndividual }, 'read');
    params.push(query.bank_id);
    where += ` AND e.bank_id = $${params.length}`;
  } else if (systemOrIndividual === 1) {
    params.push(actor.userId);
    where += ` AND b.user_id = $${params.length}`;
  }
  return pageEntries(db, where, params, query);
}

/**
 * `GET public_term/get_public_term_list` (no login): entries of the public termbases, the same
 * page shape and filters as `listEntries`; a `bank_id` that is not public gives an empty page.
 */
export async function listPublicTerms(db: Db, query: EntryListQuery = {}): Promise<EntryList> {
  const params: unknown[] = [];
  let where = 'b.is_public';
  if (query.bank_id !== undefined) {
    params.push(query.bank_id);
    where += ` AND e.bank_id = $${params.length}`;
  }
  return pageEntries(db, where, params, query);
}

/** One page of the entries matching `where` (over `e` entries and `b` banks) and the query's filters. */
async function pageEntries(db: Db, baseWhere: string, baseParams: unknown[], query: EntryListQuery): Promise<EntryList> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const params = [...baseParams];
  let where = baseWhere;
  if (query.src_lang) {
    params.push(query.src_lang);
    where += ` AND e.src_lang = $${params.length}`;
  }
  if (query.tgt_lang) {
    params.push(query.tgt_lang);
    where += ` AND e.tgt_lang = $${params.length}`;
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    params.push(likePattern(keyword));
    where += ` AND (e.source ILIKE $${params.length} OR e.translated ILIKE $${params.length})`;
  }
  const from = `FROM tm_entries e JOIN tm_banks b ON b.bank_id = e.bank_id WHERE ${where}`;
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const total = counted.rows[0]!.n;
  const { rows } = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} ${from} ORDER BY e.entry_id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { list: rows.map(toEntryItem), total, pages: Math.ceil(total / pageSize), page, page_size: pageSize };
}

/** The entry's direction: the bank's pair, or its reverse in a two-way bank. */
function entryPair(bank: BankRow, body: { src_lang?: string | undefined; tgt_lang?: string | undefined }): { src: string; tgt: string } {
  const src = body.src_lang ?? (body.tgt_lang === bank.src_lang && bank.tow_way === 1 ? bank.tgt_lang : bank.src_lang);
  const tgt = body.tgt_lang ?? (src === bank.src_lang ? bank.tgt_lang : bank.src_lang);
  const forward = src === bank.src_lang && tgt === bank.tgt_lang;
  const backward = bank.tow_way === 1 && src === bank.tgt_lang && tgt === bank.src_lang;
  if (!forward && !backward) throw new AppError('INVALID_PARAMS', `the bank's language pair is ${bank.src_lang}_${bank.tgt_lang}`);
  return { src, tgt };
}

async function writableBank(q: Queryable, actor: Actor, body: { flag: number; system_or_individual: number; bank_id: number }) {
  return loadBank(q, actor, { bankId: body.bank_id, flag: body.flag, systemOrIndividual: body.system_or_individual }, 'write', true);
}

async function selectEntry(q: Queryable, entryId: number | string): Promise<EntryItem> {
  const { rows } = await q.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM tm_entries e JOIN tm_banks b ON b.bank_id = e.bank_id WHERE e.entry_id = $1`,
    [entryId],
  );
  return toEntryItem(rows[0]!);
}

/** `POST tm_term/es_insert`. `audit` logs staff's entries in banks not their own (system banks). */
export async function insertEntry(deps: BanksDeps, actor: Actor, body: InsertEntryBody, audit?: BankAudit): Promise<EntryItem> {
  // Read the plan before the transaction: it may query another service's tables.
  const plan = await limitingPlan(deps.planOf, actor, body.system_or_individual === 1);
  return inTransaction(deps.db, (client) => insertEntryWith(client, deps.db, actor, body, { plan, audit }));
}

/**
 * Inserts an entry with a transaction's client, so that another change (an error report marked
 * resolved) commits with it. `plan`: the limit holding the bank, read before the transaction.
 */
export async function insertEntryWith(
  client: TxClient,
  db: Db,
  actor: Actor,
  body: InsertEntryBody,
  opts: { plan: PlanCode | null; audit?: BankAudit | undefined },
): Promise<EntryItem> {
  const { plan, audit } = opts;
  const bank = await writableBank(client, actor, body);
  const { src, tgt } = entryPair(bank, body);
  const text = checkEntry(body, src);
  if (plan && bank.entry_count >= entryLimit(plan)) throw entryLimitError(plan, bank.flag as Flag);
  const { rows } = await client.query<{ entry_id: string }>(
    `INSERT INTO tm_entries (bank_id, source, translated, note, extra, prev_source, src_lang, tgt_lang,
                             match_tokens, match_len, reverse_tokens, reverse_len, match_keys, reverse_keys)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING entry_id`,
    [
      bank.bank_id,
      text.source,
      text.translated,
      text.note,
      JSON.stringify(body.extra ?? {}),
      body.prev_source?.trim() || null,
      src,
      tgt,
      ...lookupValues(await matchColumns(tokenRegistryOf(db), text.source, text.translated, bank.tow_way === 1)),
    ],
  );
  await client.query('UPDATE tm_banks SET entry_count = entry_count + 1 WHERE bank_id = $1', [bank.bank_id]);
  const entry = await selectEntry(client, rows[0]!.entry_id);
  await auditBankChange(client, actor, bank, audit, {
    action: 'entry.create',
    targetType: 'entry',
    targetId: entry.entry_id,
    after: { bank_id: bank.bank_id, ...entryText(entry) },
  });
  return entry;
}

/** `POST tm_term/es_update`: replaces the entry's texts, note, extra attributes and context. */
export async function updateEntry(db: Db, actor: Actor, body: UpdateEntryBody, audit?: BankAudit): Promise<EntryItem> {
  return inTransaction(db, async (client) => {
    const bank = await writableBank(client, actor, body);
    const { src, tgt } = entryPair(bank, body);
    const text = checkEntry(body, src);
    // The old texts are read only when the change is logged (staff on a bank not their own).
    const old = auditsChange(actor, bank, audit)
      ? (
          await client.query<LoggedEntry>('SELECT entry_id, source, translated FROM tm_entries WHERE entry_id = $1 AND bank_id = $2', [
            body.entry_id,
            bank.bank_id,
          ])
        ).rows[0]
      : undefined;
    const { rowCount } = await client.query(
      `UPDATE tm_entries SET source = $3, translated = $4, note = $5, extra = coalesce($6::jsonb, extra),
         prev_source = CASE WHEN $7::boolean THEN $8 ELSE prev_source END, src_lang = $9, tgt_lang = $10, updated_at = now(),
         match_tokens = $11, match_len = $12, reverse_tokens = $13, reverse_len = $14, match_keys = $15, reverse_keys = $16
       WHERE entry_id = $1 AND bank_id = $2`,
      [
        body.entry_id,
        bank.bank_id,
        text.source,
        text.translated,
        text.note,
        body.extra === undefined ? null : JSON.stringify(body.extra),
        body.prev_source !== undefined,
        body.prev_source?.trim() || null,
        src,
        tgt,
        ...lookupValues(await matchColumns(tokenRegistryOf(db), text.source, text.translated, bank.tow_way === 1)),
      ],
    );
    if (rowCount === 0) throw new AppError('NOT_FOUND', `entry ${body.entry_id}`);
    const entry = await selectEntry(client, body.entry_id);
    if (old) {
      await auditBankChange(client, actor, bank, audit, {
        action: 'entry.update',
        targetType: 'entry',
        targetId: entry.entry_id,
        before: { bank_id: bank.bank_id, ...entryText(old) },
        after: { bank_id: bank.bank_id, ...entryText(entry) },
      });
    }
    return entry;
  });
}

/** The most deleted entries a log line lists by text (a choice may name 1,000); the count is always whole. */
const LOGGED_ENTRIES = 100;

type Deletion = { action: 'entry.delete' | 'entry.delete_choice' | 'entry.delete_all'; condition: string; args: unknown[] };

/**
 * Deletions are moderation: staff may delete entries of the banks they moderate. Staff's line
 * (on a bank not their own) keeps the deleted entries' texts, except for a whole bank's, which
 * keeps the count only (reading back a million entries to log them is not worth it).
 */
async function deleteWhere(db: Db, actor: Actor, body: DeleteAllBody, deletion: Deletion, audit?: BankAudit): Promise<{ deleted: number }> {
  return inTransaction(db, async (client) => {
    const bank = await loadBank(
      client,
      actor,
      { bankId: body.bank_id, flag: body.flag, systemOrIndividual: body.system_or_individual },
      'moderate',
      true,
    );
    const logged = auditsChange(actor, bank, audit) && deletion.action !== 'entry.delete_all';
    const { rows, rowCount } = await client.query<LoggedEntry>(
      `DELETE FROM tm_entries WHERE bank_id = $1${deletion.condition}${logged ? ' RETURNING entry_id, source, translated' : ''}`,
      [bank.bank_id, ...deletion.args],
    );
    const deleted = rowCount ?? 0;
    if (deleted === 0) return { deleted };
    await client.query('UPDATE tm_banks SET entry_count = entry_count - $2 WHERE bank_id = $1', [bank.bank_id, deleted]);
    const one = deletion.action === 'entry.delete';
    await auditBankChange(client, actor, bank, audit, {
      action: deletion.action,
      targetType: one ? 'entry' : 'bank',
      targetId: one ? String(deletion.args[0]) : bank.bank_id,
      before: {
        bank_id: bank.bank_id,
        bank_name: bank.name,
        deleted,
        ...(logged ? { entries: rows.slice(0, LOGGED_ENTRIES).map(entryText) } : {}),
      },
    });
    return { deleted };
  });
}

/** `DELETE tm_term/es_delete`: one entry; an entry not in the bank answers NOT_FOUND. */
export async function deleteEntry(db: Db, actor: Actor, body: DeleteEntryBody, audit?: BankAudit): Promise<{ deleted: number }> {
  const result = await deleteWhere(
    db,
    actor,
    body,
    { action: 'entry.delete', condition: ' AND entry_id = $2', args: [body.entry_id] },
    audit,
  );
  if (result.deleted === 0) throw new AppError('NOT_FOUND', `entry ${body.entry_id}`);
  return result;
}

/** `DELETE tm_term/es_delete_data_by_choice`: the chosen entries of the bank (others' ids are ignored). */
export function deleteEntriesByChoice(db: Db, actor: Actor, body: DeleteChoiceBody, audit?: BankAudit): Promise<{ deleted: number }> {
  const deletion: Deletion = { action: 'entry.delete_choice', condition: ' AND entry_id = ANY($2::bigint[])', args: [body.choices] };
  return deleteWhere(db, actor, body, deletion, audit);
}

/** `DELETE tm_term/es_delete_all`: every entry of the bank. */
export function deleteAllEntries(db: Db, actor: Actor, body: DeleteAllBody, audit?: BankAudit): Promise<{ deleted: number }> {
  return deleteWhere(db, actor, body, { action: 'entry.delete_all', condition: '', args: [] }, audit);
}
