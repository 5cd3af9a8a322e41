/**
 * A store that must end with the session (the document task, the document scan's upload).
 * Logout, forced logout and login all drop the `user` queries (auth/session.ts, the client's
 * onLoggedOut), so a marker query under the account's key (`['user', sessionUser, <name>]`) is
 * kept in the cache, never garbage-collected, and its removal clears the store.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentSessionUser, type SessionUser } from '../auth/session-user';
import { USER_ROOT_KEY } from './query-keys';

/** Answers the binder of one store: call it with the app's query client (idempotent). */
export function sessionBinder(markerOf: (user: SessionUser) => readonly unknown[], clear: () => void): (queryClient: QueryClient) => void {
  const bound = new WeakSet<QueryClient>();
  const shape = markerOf('');
  // Some account's marker (the account may have changed since it was set).
  const isMarker = (key: readonly unknown[]) => key.length === shape.length && key[0] === USER_ROOT_KEY[0] && key[2] === shape[2];
  return (queryClient) => {
    const marker = markerOf(currentSessionUser());
    if (queryClient.getQueryData(marker) === undefined) {
      // Only a deliberate removal (logout, login) may end the store.
      queryClient.setQueryDefaults(marker, { gcTime: Infinity, staleTime: Infinity });
      queryClient.setQueryData(marker, true);
    }
    if (bound.has(queryClient)) return;
    bound.add(queryClient);
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' && isMarker(event.query.queryKey)) clear();
    });
  };
}
