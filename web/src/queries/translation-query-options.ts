import { queryOptions } from '@tanstack/react-query';
import type { UiLang } from '@mtp/proto';
import {
  TEXT_FLAG,
  fetchDomainList,
  fetchEngineList,
  fetchLanguageList,
  fetchLanguagesAndDomains,
  fetchRemainingChars,
} from '../api/translation-endpoints';
import type { SessionUser } from '../auth/session-user';
import { queryKeys } from './query-keys';

const LISTS_STALE_MS = 5 * 60_000;

/** All languages and domains of a feature, named in the UI language. */
export const languagesAndDomainsQueryOptions = (uiLang: UiLang, flag: number = TEXT_FLAG) =>
  queryOptions({
    queryKey: queryKeys.languagesAndDomains(flag, uiLang),
    queryFn: () => fetchLanguagesAndDomains(flag),
    staleTime: LISTS_STALE_MS,
  });

export const languageListQueryOptions = (uiLang: UiLang, flag: number = TEXT_FLAG) =>
  queryOptions({
    queryKey: queryKeys.languages(flag, uiLang),
    queryFn: () => fetchLanguageList(flag),
    staleTime: LISTS_STALE_MS,
  });

/** The domains one language pair offers (`src_tgt`). */
export const domainListQueryOptions = (pair: string, uiLang: UiLang, flag: number = TEXT_FLAG) =>
  queryOptions({
    queryKey: queryKeys.domains(flag, pair, uiLang),
    queryFn: () => fetchDomainList(pair, flag),
    staleTime: LISTS_STALE_MS,
  });

/** Which pairs translate directly, through a pivot, or not at all. */
export const engineListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.engines,
    queryFn: fetchEngineList,
    staleTime: LISTS_STALE_MS,
  });

/** The logged-in user's characters left; refreshed after every translation. */
export const remainingCharsQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: queryKeys.remainingChars(user),
    queryFn: fetchRemainingChars,
    staleTime: 0,
  });
