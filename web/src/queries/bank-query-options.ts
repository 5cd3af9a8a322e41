/**
 * The TM / termbase queries: a screen's bank list, a page of a bank's entries, the staff lists
 * of every user's banks, and the public termbases. All but the public ones are keyed under the
 * account (query-keys.ts), so a second account on the same tab starts from an empty cache.
 */
import { queryOptions } from '@tanstack/react-query';
import type { BankList } from '@mtp/proto';
import { fetchAllBanks, fetchBankList, fetchEntries, fetchPublicTermBanks, fetchPublicTerms } from '../api/bank-endpoints';
import { GUEST, type SessionUser } from '../auth/session-user';
import { bankListFilter, systemOrIndividual, type BankFlag, type BankScope } from '../banks/bank-rules';
import { queryKeys, type PageFilter } from './query-keys';

export type EntryFilter = PageFilter & { bankId: number };

const NO_BANKS: BankList = { bank_list: [] };

const keywordQuery = (keyword: string) => (keyword ? { keyword } : {});

/** The banks of one screen (flag × scope). */
export const bankListQueryOptions = (user: SessionUser, flag: BankFlag, scope: BankScope) =>
  queryOptions({
    queryKey: queryKeys.banks(user, flag, scope),
    // Visitors may open the main area, but banks need a login: a guest owns none, and asking
    // without a token would only earn the client's "log in again" reaction.
    queryFn: () => (user === GUEST ? Promise.resolve(NO_BANKS) : fetchBankList(flag, bankListFilter(scope))),
  });

/** One page of a bank's entries, searched by keyword. */
export const bankEntriesQueryOptions = (user: SessionUser, flag: BankFlag, scope: BankScope, filter: EntryFilter) =>
  queryOptions({
    queryKey: [...queryKeys.bankEntries(user, flag, scope), filter] as const,
    queryFn: () =>
      fetchEntries(flag, systemOrIndividual(scope), { bank_id: filter.bankId, page: filter.page, ...keywordQuery(filter.keyword) }),
  });

/** Staff: every user's banks of one kind with their owners. */
export const allBanksQueryOptions = (user: SessionUser, flag: BankFlag, filter: PageFilter) =>
  queryOptions({
    queryKey: [...queryKeys.allBanks(user, flag), filter] as const,
    queryFn: () => fetchAllBanks(flag, { page: filter.page, ...keywordQuery(filter.keyword) }),
  });

/** Staff: a page of the entries of a user's bank. */
export const moderatedEntriesQueryOptions = (user: SessionUser, flag: BankFlag, filter: EntryFilter) =>
  queryOptions({
    queryKey: [...queryKeys.moderatedEntries(user, flag), filter] as const,
    // system_or_individual 1 with bank_id: the server lets staff read the banks they moderate.
    queryFn: () => fetchEntries(flag, 1, { bank_id: filter.bankId, page: filter.page, ...keywordQuery(filter.keyword) }),
  });

export const publicTermBanksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.publicTermBanks,
    queryFn: fetchPublicTermBanks,
  });

export const publicTermsQueryOptions = (bankId: number | null, filter: PageFilter) =>
  queryOptions({
    queryKey: queryKeys.publicTerms(bankId, filter),
    queryFn: () => fetchPublicTerms({ page: filter.page, ...keywordQuery(filter.keyword), ...(bankId ? { bank_id: bankId } : {}) }),
  });
