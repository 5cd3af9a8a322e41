/**
 * The app's one document-task store, wired to the browser (XHR upload, the API client,
 * sessionStorage, real timers), and its tie to the session (queries/session-bound.ts).
 */
import { createDocTask, interruptDocTask, queryDocTask, retryDocTask } from '../../api/document-endpoints';
import { hasAuthToken } from '../../auth/session';
import { memoryStorage, type KeyValueStore } from '../../auth/tokens';
import { createDocTaskStore } from '../../documents/doc-task-store';
import { defaultDocForm } from '../../documents/doc-task-types';
import { currentLang } from '../../i18n';
import { queryKeys } from '../../queries/query-keys';
import { sessionBinder } from '../../queries/session-bound';

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

/** Makes a logout (any removal of the `user` queries) clear the document task. Idempotent. */
export const bindDocTaskToSession = sessionBinder(queryKeys.docTaskSession, () => docTaskStore.clear());
