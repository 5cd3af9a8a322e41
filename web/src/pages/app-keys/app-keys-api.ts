/**
 * The app-key calls of the public API's credentials (issue 20): a user's own keys
 * (`app/keys`: list, create, revoke) and the staff's list of everybody's (`admin/app_keys`),
 * with their queries, cached per user (a manager's list is their own site's: the server decides).
 */
import { queryOptions } from '@tanstack/react-query';
import { CODES, type AdminAppKeysData, type AdminAppKeysQuery, type AppKeyCreated, type AppKeyRevoked, type AppKeysData } from '@mtp/proto';
import { api } from '../../api/instance';
import type { SessionUser } from '../../auth/session-user';
import { userKey } from '../../queries/query-keys';
import { pageFilterOf, type TableSearch } from '../../routes/table-search';

export type { AdminAppKeyItem, AppKeyItem } from '@mtp/proto';
/** What creating a key answers: the only time the secret is ever sent. */
export type CreatedAppKey = AppKeyCreated;

/** The bound of `admin/app_keys?keyword=` (proto's AdminAppKeysQuery). */
const ADMIN_KEYWORD_MAX = 120;

/** The staff list's call for a place of the table (`?keyword=&page=`): no keyword, no parameter. */
export function adminAppKeysQueryOf(search: TableSearch): AdminAppKeysQuery {
  const { page, keyword } = pageFilterOf(search);
  // Cut to the server's bound, so a long pasted keyword searches instead of being refused.
  const cut = keyword.slice(0, ADMIN_KEYWORD_MAX).trim();
  return cut ? { page, keyword: cut } : { page };
}

export const APP_KEY_PATHS = { own: 'app/keys', all: 'admin/app_keys' } as const;
export const APP_KEYS_PAGE_SIZE = 10;
/** The 20-live-keys refusal: shown inside the create dialog, not as a toast. */
export const APP_KEY_LIMIT_CODE = CODES.APP_KEY_LIMIT.code;

export const appKeysKey = (user: SessionUser) => [...userKey(user), 'app-keys'] as const;

export const ownAppKeysQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({
    queryKey: [...appKeysKey(user), 'own', page] as const,
    queryFn: () => api.get<AppKeysData>(APP_KEY_PATHS.own, { page, page_size: APP_KEYS_PAGE_SIZE }),
  });

export const allAppKeysQueryOptions = (user: SessionUser, query: AdminAppKeysQuery) =>
  queryOptions({
    queryKey: [...appKeysKey(user), 'all', query] as const,
    queryFn: () => api.get<AdminAppKeysData>(APP_KEY_PATHS.all, { page_size: APP_KEYS_PAGE_SIZE, ...query }),
  });

export const createAppKey = (name: string) => api.post<AppKeyCreated>(APP_KEY_PATHS.own, { name }, { expectedCodes: [APP_KEY_LIMIT_CODE] });

export const revokeOwnAppKey = (appId: string) =>
  api.request<AppKeyRevoked>(`${APP_KEY_PATHS.own}/${encodeURIComponent(appId)}`, { method: 'DELETE' });

export const revokeAnyAppKey = (appId: string) =>
  api.request<AppKeyRevoked>(`${APP_KEY_PATHS.all}/${encodeURIComponent(appId)}`, { method: 'DELETE' });
