import { queryOptions } from '@tanstack/react-query';
import { fetchLoginConfig } from '../api/endpoints';
import { queryKeys } from './query-keys';

/** A site's branding and switches; they change rarely, so they are kept for a few minutes. */
export const loginConfigQueryOptions = (siteCode: string | null) =>
  queryOptions({
    queryKey: queryKeys.loginConfig(siteCode),
    queryFn: () => fetchLoginConfig(siteCode),
    staleTime: 5 * 60_000,
  });
