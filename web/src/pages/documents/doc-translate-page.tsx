/**
 * `/file` (spec sections 2 and 4, feature key DocTranslation): choose up to 5 documents and the
 * options, upload with progress and Cancel, then follow the task (polled every 2 s) down to a
 * download per file. The task lives in a module-level store, so leaving the page and coming
 * back finds it where it was. Interrupt asks first, then stops the task but keeps it (its files
 * `interrupted`, also in My Documents) with "Start again"; Reset clears the page.
 */
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAuthToken } from '../../auth/session';
import { bcp47, toUiLang } from '../../i18n/lang';
import { useRemainingChars } from '../translate/use-remaining-chars';
import { DocConfirmModal } from './doc-confirm-modal';
import { DocDropZone } from './doc-drop-zone';
import { DocEstimate } from './doc-estimate';
import { DocOptions } from './doc-options';
import { DocTaskPanel } from './doc-task-panel';
import { useDocEstimate } from './use-doc-estimate';
import { useDocTask } from './use-doc-task';

export function DocTranslatePage() {
  const { t, i18n } = useTranslation();
  const loggedIn = hasAuthToken();
  // Characters left, with the low-characters warning once per visit; refreshed when a task ends.
  const remaining = useRemainingChars(loggedIn);
  const { state, start, reset, interrupt, retry, setForm, setFiles } = useDocTask(remaining.refresh);
  const [confirmStop, setConfirmStop] = useState(false);
  // The chosen pair is one no engine serves (the selects mark it; a saved form may still hold it).
  const [pairUnavailable, setPairUnavailable] = useState(false);

  const busy = state.phase === 'uploading' || state.phase === 'translating';
  const sameLanguage = state.form.src === state.form.tgt;
  const canUpload = loggedIn && !busy && state.files.length > 0 && !sameLanguage && !pairUnavailable;
  const showReset = state.phase !== 'idle' || state.files.length > 0;
  // The cost of the chosen files, before the upload (not while one runs: its rows count them).
  const estimate = useDocEstimate(state.files, state.form, loggedIn && !busy && !sameLanguage && !pairUnavailable);

  return (
    <Stack gap="md" data-testid="doc-translate-page" data-phase={state.phase}>
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('nav.file')}</Title>
        {remaining.totalLeft !== undefined && (
          <Text size="sm" c="dimmed" data-testid="remaining-chars">
            {t('translate.remaining', { left: remaining.totalLeft.toLocaleString(bcp47(toUiLang(i18n.language))) })}
          </Text>
        )}
      </Group>
      {!loggedIn && (
        <Alert color="blue" variant="light" data-testid="doc-login-required">
          {t('documents.loginRequired')}
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <DocOptions form={state.form} onChange={setForm} disabled={busy} onPairUnavailable={setPairUnavailable} />
          {sameLanguage && (
            <Alert color="orange" variant="light" data-testid="doc-same-lang">
              {t('translate.sameLanguage')}
            </Alert>
          )}
          {pairUnavailable && !sameLanguage && (
            <Alert color="orange" variant="light" data-testid="doc-pair-unavailable">
              {t('translate.pairUnavailable')}
            </Alert>
          )}
          <DocDropZone files={state.files} onFiles={setFiles} disabled={busy} />
          <DocEstimate view={estimate} />
          {loggedIn && (
            <Text size="xs" c="dimmed" data-testid="doc-cost-note">
              {t('documents.costNote')}
            </Text>
          )}
          {state.phase === 'uploading' && (
            <Stack gap={4}>
              <Text size="sm">{t('documents.uploading', { percent: state.uploadProgress })}</Text>
              <Progress
                value={state.uploadProgress}
                aria-label={t('documents.uploadProgress')}
                data-testid="doc-upload-progress"
                data-percent={state.uploadProgress}
              />
            </Stack>
          )}
          <Group gap="sm">
            <Button onClick={start} disabled={!canUpload} loading={state.phase === 'uploading'} data-testid="doc-upload">
              {t('documents.upload')}
            </Button>
            {state.phase === 'uploading' && (
              <Button variant="default" onClick={reset} data-testid="doc-cancel-upload">
                {t('documents.cancel')}
              </Button>
            )}
            {showReset && state.phase !== 'uploading' && (
              <Button
                variant="light"
                color={busy ? 'red' : 'gray'}
                onClick={busy ? () => setConfirmStop(true) : reset}
                data-testid="doc-reset"
              >
                {t(busy ? 'documents.interrupt' : 'documents.reset')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <DocTaskPanel state={state} onRetry={() => retry()} />
      <DocConfirmModal
        opened={confirmStop && state.phase === 'translating'}
        title={t('documents.interruptTitle')}
        message={t('documents.interruptBody')}
        confirmLabel={t('documents.stop')}
        cancelLabel={t('documents.keepTranslating')}
        danger
        onConfirm={() => {
          setConfirmStop(false);
          interrupt();
        }}
        onClose={() => setConfirmStop(false)}
        testId="doc-confirm-interrupt"
      />
    </Stack>
  );
}
