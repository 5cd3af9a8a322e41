/**
 * Query keys in one place. Everything that depends on who is logged in sits under
 * `['user', sessionUser, ...]` (auth/session-user.ts): a login or logout drops the whole `user`
 * root in one call (auth/session.ts, the client's forced logout), a token refresh invalidates
 * it, and two accounts never share a key even if a cache outlived the switch.
 */
import type { UiLang } from '@mtp/proto';
import type { SessionUser } from '../auth/session-user';
import type { BankFlag, BankScope } from '../banks/bank-rules';

export const USER_ROOT_KEY = ['user'] as const;

/** Everything cached for one account. */
export const userKey = (user: SessionUser) => [...USER_ROOT_KEY, user] as const;

/** A table's place: the page and the keyword searched (empty for none). */
export type PageFilter = { page: number; keyword: string };

export const queryKeys = {
  userData: (user: SessionUser) => [...userKey(user), 'data'] as const,
  permission: (user: SessionUser) => [...userKey(user), 'permission'] as const,
  remainingChars: (user: SessionUser) => [...userKey(user), 'remaining-chars'] as const,
  // Banks: the list of a screen (flag × scope), and a prefix for every page of its entries.
  banks: (user: SessionUser, flag: BankFlag, scope: BankScope) => [...userKey(user), 'banks', flag, scope] as const,
  bankEntries: (user: SessionUser, flag: BankFlag, scope: BankScope) => [...userKey(user), 'bank-entries', flag, scope] as const,
  // Staff screens: what they see depends on their role and site.
  allBanks: (user: SessionUser, flag: BankFlag) => [...userKey(user), 'all-banks', flag] as const,
  moderatedEntries: (user: SessionUser, flag: BankFlag) => [...userKey(user), 'moderated-entries', flag] as const,
  myFiles: (user: SessionUser) => [...userKey(user), 'my-files'] as const,
  // Not data: a marker whose removal (logout, login) ends the document task (doc-task-instance.ts).
  docTaskSession: (user: SessionUser) => [...userKey(user), 'doc-task-session'] as const,
  loginConfig: (siteCode: string | null) => ['site', 'login-config', siteCode ?? ''] as const,
  captcha: ['captcha'] as const,
  // Names in these lists follow the UI language (Accept-Language), so it is part of the key.
  languagesAndDomains: (flag: number, uiLang: UiLang) => ['site', 'languages-domains', flag, uiLang] as const,
  languages: (flag: number, uiLang: UiLang) => ['site', 'languages', flag, uiLang] as const,
  domains: (flag: number, pair: string, uiLang: UiLang) => ['site', 'domains', flag, pair, uiLang] as const,
  engines: ['translation', 'engine-list'] as const,
  // The public termbases answer the same to everybody, logged in or not.
  publicTermBanks: ['public-term', 'banks'] as const,
  publicTerms: (bankId: number | null, filter: PageFilter) => ['public-term', 'terms', bankId, filter] as const,
};
