/**
 * The app's one document-task store, wired to the browser (XHR upload, the API client,
 * sessionStorage, real timers), and its tie to the session: logout, forced logout and login
 * all drop the `user` queries (auth/session.ts, the client's onLoggedOut), so a marker query
 * under the account's key (`['user', sessionUser, 'doc-task-session']`) is kept in the cache
 * and its removal clears the task.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createDocTask, interruptDocTask, queryDocTask, retryDocTask } from '../../api/document-endpoints';
import { hasAuthToken } from '../../auth/session';
import { currentSessionUser } from '../../auth/session-user';
import { memoryStorage, type KeyValueStore } from '../../auth/tokens';
import { createDocTaskStore } from '../../documents/doc-task-store';
import { defaultDocForm } from '../../documents/doc-task-types';
import { currentLang } from '../../i18n';
import { queryKeys, USER_ROOT_KEY } from '../../queries/query-keys';

function tabStorage(): KeyValueStore {
  try {
    if (typeof sessionStorage !== 'undefined') return sessionStorage;
  } catch {
    // Blocked storage: the task is still kept in memory while the tab lives.
  }
  return memoryStorage();
}

export const docTaskStore = createDocTaskStore<File>({
  create: createDocTask,
  query: queryDocTask,
  interrupt: interruptDocTask,
  retry: retryDocTask,
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  storage: tabStorage(),
  loggedIn: hasAuthToken,
  defaultForm: () => defaultDocForm(currentLang()),
});

const bound = new WeakSet<QueryClient>();

/** Whether a query key is some account's marker (the account may have changed since it was set). */
function isSessionMarker(key: readonly unknown[]): boolean {
  const shape = queryKeys.docTaskSession('');
  return key.length === shape.length && key[0] === USER_ROOT_KEY[0] && key[2] === shape[2];
}

/** Makes a logout (any removal of the `user` queries) clear the document task. Idempotent. */
export function bindDocTaskToSession(queryClient: QueryClient): void {
  const marker = queryKeys.docTaskSession(currentSessionUser());
  if (queryClient.getQueryData(marker) === undefined) {
    // Never garbage-collected: only a deliberate removal (logout, login) may end the task.
    queryClient.setQueryDefaults(marker, { gcTime: Infinity, staleTime: Infinity });
    queryClient.setQueryData(marker, true);
  }
  if (bound.has(queryClient)) return;
  bound.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && isSessionMarker(event.query.queryKey)) docTaskStore.clear();
  });
}
