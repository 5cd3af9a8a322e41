/**
 * The `/file` page's view of the document-task store: the state (useSyncExternalStore), polling
 * while the page is shown, the session tie, and the task's messages — the success popup (kept
 * back in the 5 s after an upload starts), the outcome of a failed task, the interrupt warning.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@mtp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError, showWarning } from '../../components/toast';
import type { DocTaskEvent } from '../../documents/doc-task-store';
import { currentSessionUser } from '../../auth/session-user';
import { queryKeys } from '../../queries/query-keys';
import { bindDocTaskToSession, docTaskStore } from './doc-task-instance';

/** `onFinished` runs when a task ends while the page is shown (e.g. to refresh characters left). */
export function useDocTask(onFinished?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(docTaskStore.subscribe, docTaskStore.getState, docTaskStore.getState);
  // The latest callback, without re-registering the event handler on every render.
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    bindDocTaskToSession(queryClient);
    return docTaskStore.attach();
  }, [queryClient]);

  useEffect(() => {
    const handle = (e: DocTaskEvent) => {
      if (e.type === 'interrupted') {
        showWarning(t('documents.interrupted'), TIMINGS.errorToastMs, 'doc-interrupted');
        return;
      }
      finished.current?.();
      void queryClient.invalidateQueries({ queryKey: queryKeys.myFiles(currentSessionUser()) });
      if (e.replay) return;
      if (e.outcome === 'done' || e.outcome === 'partial') {
        if (!e.popup) return;
        notifications.show({
          color: 'teal',
          title: t('documents.complete'),
          message: t(e.outcome === 'done' ? 'documents.completeBody' : 'documents.partial'),
          autoClose: TIMINGS.errorToastMs,
          withBorder: true,
          'data-testid': 'doc-success-popup',
        } as Parameters<typeof notifications.show>[0]);
      } else if (e.outcome === 'failed') showError(t('documents.failed'));
    };
    return docTaskStore.onEvent(handle);
  }, [t, queryClient]);

  return {
    state,
    start: () => {
      bindDocTaskToSession(queryClient);
      void docTaskStore.start();
    },
    reset: docTaskStore.reset,
    interrupt: () => void docTaskStore.interrupt(),
    retry: (projectIds?: readonly string[]) => void docTaskStore.retry(projectIds),
    setForm: docTaskStore.setForm,
    setFiles: docTaskStore.setFiles,
  };
}
