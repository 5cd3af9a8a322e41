/**
 * Query options of the content calls. Bulletins depend on the caller (their site), so they sit
 * under the account's key; the FAQ and the terms are everyone's, keyed by the UI language only.
 * The admin lists are per account (a manager sees their site's).
 */
import { queryOptions } from '@tanstack/react-query';
import type { UiLang } from '@mtp/proto';
import type { SessionUser } from '../auth/session-user';
import { userKey } from '../queries/query-keys';
import {
  fetchAdminBulletins,
  fetchAdminFaq,
  fetchAdminTerms,
  fetchFaq,
  fetchHomeSummary,
  fetchNotices,
  fetchSites,
  fetchTerms,
} from './content-endpoints';

export const contentKeys = {
  notices: (user: SessionUser, siteCode: string | null, lang: UiLang) => [...userKey(user), 'notices', siteCode ?? '', lang] as const,
  faq: (lang: UiLang) => ['content', 'faq', lang] as const,
  terms: (lang: UiLang) => ['content', 'terms', lang] as const,
  adminBulletins: (user: SessionUser, page: number) => [...userKey(user), 'admin-bulletins', page] as const,
  adminBulletinsRoot: (user: SessionUser) => [...userKey(user), 'admin-bulletins'] as const,
  adminFaq: (user: SessionUser) => [...userKey(user), 'admin-faq'] as const,
  adminTerms: (user: SessionUser) => [...userKey(user), 'admin-terms'] as const,
  homeSummary: (user: SessionUser) => [...userKey(user), 'home-summary'] as const,
};

export const noticesQueryOptions = (user: SessionUser, siteCode: string | null, lang: UiLang) =>
  queryOptions({ queryKey: contentKeys.notices(user, siteCode, lang), queryFn: () => fetchNotices(siteCode), staleTime: 60_000 });

export const faqQueryOptions = (lang: UiLang) => queryOptions({ queryKey: contentKeys.faq(lang), queryFn: fetchFaq });

export const termsQueryOptions = (lang: UiLang) =>
  queryOptions({ queryKey: contentKeys.terms(lang), queryFn: fetchTerms, staleTime: 5 * 60_000 });

export const adminBulletinsQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({ queryKey: contentKeys.adminBulletins(user, page), queryFn: () => fetchAdminBulletins(page) });

export const adminFaqQueryOptions = (user: SessionUser) => queryOptions({ queryKey: contentKeys.adminFaq(user), queryFn: fetchAdminFaq });

export const adminTermsQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: contentKeys.adminTerms(user), queryFn: fetchAdminTerms });

export const homeSummaryQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: contentKeys.homeSummary(user), queryFn: fetchHomeSummary });

export const sitesQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: [...userKey(user), 'sites'] as const, queryFn: fetchSites, staleTime: 5 * 60_000 });
