/**
 * The calls of proto/src/language.ts: banks (list, create, rename, delete), entries (page,
 * insert, update, delete one / chosen / all), import (multipart with progress) and export; the
 * staff list of every user's banks, and the public termbases (no login needed).
 */
import type {
  AllBankList,
  BankList,
  CreateBankBody,
  DeleteAllBody,
  DeleteChoiceBody,
  DeleteEntryBody,
  DeletedData,
  EntryList,
  InsertEntryBody,
  RenameBankBody,
  UpdateEntryBody,
} from '@mtp/proto';
import { importTarget, type BankFlag } from '../banks/bank-rules';
import { api } from './instance';
import { download, upload } from './transfer';

export const BANK_PAGE_SIZE = 10;

export function fetchBankList(
  flag: BankFlag,
  query: { keyword?: string; system_or_individual?: 0 | 1; is_public?: 0 | 1 } = {},
): Promise<BankList> {
  return api.get<BankList>(`tm_term_library/get_list/${flag}`, query);
}

/** Staff: every user's individual banks with their owner (administrators all, managers their site's). */
export function fetchAllBanks(flag: BankFlag, query: { page: number; keyword?: string }): Promise<AllBankList> {
  return api.get<AllBankList>(`tm_term_library/get_all_list/${flag}`, { page_size: BANK_PAGE_SIZE, ...query });
}

/** The public termbases (answers without a token). */
export function fetchPublicTermBanks(): Promise<BankList> {
  return api.get<BankList>('public_term/get_public_term_list/banks');
}

export type PublicTermQuery = { page: number; keyword?: string; bank_id?: number };

/** Entries of the public termbases (answers without a token). */
export function fetchPublicTerms(query: PublicTermQuery): Promise<EntryList> {
  return api.get<EntryList>('public_term/get_public_term_list', { page_size: BANK_PAGE_SIZE, ...query });
}

export function createBank(body: CreateBankBody): Promise<unknown> {
  return api.post('tm_term_library/create', body);
}

export function renameBank(body: RenameBankBody): Promise<unknown> {
  return api.post('tm_term_library/rename', body);
}

export function deleteBank(flag: BankFlag, bankId: number): Promise<unknown> {
  return api.request(`tm_term_library/delete/${flag}/${bankId}`, { method: 'DELETE' });
}

export type EntryPageQuery = { page: number; keyword?: string; bank_id: number; src_lang?: string; tgt_lang?: string };

export function fetchEntries(flag: BankFlag, systemOrIndividual: 0 | 1, query: EntryPageQuery): Promise<EntryList> {
  return api.get<EntryList>(`tm_term/get_es_list/${flag}/${systemOrIndividual}`, { page_size: BANK_PAGE_SIZE, ...query });
}

export function insertEntry(body: InsertEntryBody): Promise<unknown> {
  return api.post('tm_term/es_insert', body);
}

export function updateEntry(body: UpdateEntryBody): Promise<unknown> {
  return api.post('tm_term/es_update', body);
}

export function deleteEntry(body: DeleteEntryBody): Promise<DeletedData> {
  return api.request<DeletedData>('tm_term/es_delete', { method: 'DELETE', body });
}

export function deleteChosenEntries(body: DeleteChoiceBody): Promise<DeletedData> {
  return api.request<DeletedData>('tm_term/es_delete_data_by_choice', { method: 'DELETE', body });
}

export function deleteAllEntries(body: DeleteAllBody): Promise<DeletedData> {
  return api.request<DeletedData>('tm_term/es_delete_all', { method: 'DELETE', body });
}

export type ImportFields = { system_or_individual: 0 | 1; bank_id: number; src_lang: string; tgt_lang: string };

/** Quiet: the import dialog shows a refusal itself, so the user reads it where they act. */
export function importBankFile(flag: BankFlag, fields: ImportFields, file: File, onProgress?: (percent: number) => void) {
  const { path, field } = importTarget(flag);
  const form = new FormData();
  form.set('system_or_individual', String(fields.system_or_individual));
  form.set('bank_id', String(fields.bank_id));
  form.set('src_lang', fields.src_lang);
  form.set('tgt_lang', fields.tgt_lang);
  form.set(field, file);
  return upload<{ imported: number }>(path, form, onProgress, { quiet: true });
}

export function exportAll(flag: BankFlag, systemOrIndividual: 0 | 1, bankId: number, format: string): Promise<void> {
  return download(`tm_term/es_export_all/${systemOrIndividual}/${flag}`, {
    query: { bank_id: bankId, format },
    fallbackName: `export.${format}`,
  });
}

export function exportChosen(flag: BankFlag, systemOrIndividual: 0 | 1, bankId: number, choices: number[], format: string): Promise<void> {
  return download('tm_term/es_export_choice', {
    method: 'POST',
    body: { flag, system_or_individual: systemOrIndividual, bank_id: bankId, choices, format },
    fallbackName: `export.${format}`,
  });
}
