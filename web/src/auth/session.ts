/**
 * Starting and ending a session. Everything user-specific lives under the `user` query key
 * (`['user', sessionUser, ...]`, queries/query-keys.ts) and is dropped here, so nothing of the
 * previous user survives a login or logout.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoginPermissionData, TokenPair } from '@mtp/proto';
import { logoutOnServer } from '../api/endpoints';
import { storage } from '../api/instance';
import { permissionQueryOptions } from '../queries/permission-query-options';
import { USER_ROOT_KEY } from '../queries/query-keys';
import { currentSessionUser } from './session-user';
import { STORAGE_KEYS, clearTokens, loginPathFor, rememberSite, rememberedSite, storeTokens } from './tokens';

export function hasAuthToken(): boolean {
  return storage.getItem(STORAGE_KEYS.authToken) !== null;
}

/** The white-label site the user last logged in through; null for the main site. */
export function currentSiteCode(): string | null {
  return rememberedSite(storage);
}

export function currentLoginPath(): string {
  return loginPathFor(currentSiteCode());
}

/** Stores the tokens, remembers the site and answers the new user's permissions. */
export async function startSession(queryClient: QueryClient, tokens: TokenPair, siteCode: string | null): Promise<LoginPermissionData> {
  storeTokens(storage, tokens.access_token, tokens.refresh_token);
  rememberSite(storage, siteCode);
  // Every account's answers go, not only the new one's: the tab may have held someone else.
  queryClient.removeQueries({ queryKey: USER_ROOT_KEY });
  return queryClient.fetchQuery(permissionQueryOptions(currentSessionUser()));
}

/** Logout (spec section 4): tell the server, forget the tokens and the cache, go to the site's login. */
export async function endSession(queryClient: QueryClient, navigate: (path: string) => unknown): Promise<void> {
  if (hasAuthToken()) await logoutOnServer().catch(() => undefined);
  clearTokens(storage);
  // Leave the page first, so its queries do not refetch as a free user while the cache empties.
  await navigate(currentLoginPath());
  queryClient.clear();
}
