/**
 * The app's one document-task store, wired to the browser (XHR upload, the API client,
 * sessionStorage, real timers), and its tie to the session: logout, forced logout and login
 * all drop the `user` queries (auth/session.ts, the client's onLoggedOut), so a marker query
 * under `user` is kept in the cache and its removal clears the task.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createDocTask, interruptDocTask, queryDocTask } from '../../api/document-endpoints';
import { hasAuthToken } from '../../auth/session';
import { memoryStorage, type KeyValueStore } from '../../auth/tokens';
import { createDocTaskStore } from '../../documents/doc-task-store';
import { defaultDocForm } from '../../documents/doc-task-types';
import { currentLang } from '../../i18n';
import { USER_ROOT_KEY } from '../../queries/query-keys';

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
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  storage: tabStorage(),
  loggedIn: hasAuthToken,
  defaultForm: () => defaultDocForm(currentLang()),
});

/** My Documents' lists; a finished task makes them stale. Under `user`, so logout drops them. */
export const MY_FILES_QUERY_KEY = [...USER_ROOT_KEY, 'my-files'] as const;

export const DOC_SESSION_KEY = [...USER_ROOT_KEY, 'doc-task-session'] as const;

const bound = new WeakSet<QueryClient>();

/** Makes a logout (any removal of the `user` queries) clear the document task. Idempotent. */
export function bindDocTaskToSession(queryClient: QueryClient): void {
  if (queryClient.getQueryData(DOC_SESSION_KEY) === undefined) {
    // Never garbage-collected: only a deliberate removal (logout, login) may end the task.
    queryClient.setQueryDefaults(DOC_SESSION_KEY, { gcTime: Infinity, staleTime: Infinity });
    queryClient.setQueryData(DOC_SESSION_KEY, true);
  }
  if (bound.has(queryClient)) return;
  bound.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    const key: readonly unknown[] = event.query.queryKey;
    if (key.length === DOC_SESSION_KEY.length && key.every((part, i) => part === DOC_SESSION_KEY[i])) docTaskStore.clear();
  });
}
