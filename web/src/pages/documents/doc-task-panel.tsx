/**
 * The running or finished task on `/file`: the step, the overall progress bar (the task's
 * score), and one row per file with its status, progress, characters, failure message and a
 * download button once done; an ended task with files that may run again (interrupted, or short of
 * characters) offers "Start again". The characters are "reserved" while it runs (each file's count
 * as soon as it was read), "charged" once it ended. Phones get one card per file instead of the table, so the status
 * and the download button are never cut off or scrolled out of view.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { CODES, TIMINGS, type DocFileItem } from '@mtp/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDocResult } from '../../api/document-endpoints';
import { clampScore, downloadable } from '../../documents/doc-task-rules';
import { stepOf, type DocTaskState } from '../../documents/doc-task-store';
import { useIsPhone } from '../../components/use-phone';
import { DocStatusBadge } from './doc-status-badge';
import { PostEditButton } from '../post-edit/post-edit-button';

const STEP_KEYS = { 1: 'documents.steps.upload', 3: 'documents.steps.done', 4: 'documents.steps.error' } as const;

export function DocTaskPanel({ state, onRetry }: { state: DocTaskState; onRetry: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const step = stepOf(state.phase);
  if (step === null || state.phase === 'uploading') return null;
  const score = clampScore(state.data?.score ?? 0);
  const files = state.data?.translate_list ?? [];
  const stepKey = STEP_KEYS[step as keyof typeof STEP_KEYS];
  const canRetry = state.phase !== 'translating' && files.some((f) => f.retryable);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="doc-task" data-step={step} data-phase={state.phase}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Badge
            color={state.phase === 'done' ? 'teal' : state.phase === 'translating' ? 'blue' : 'red'}
            variant="light"
            data-testid="doc-step"
          >
            {state.phase === 'interrupted' ? t('documents.status.interrupted') : t(stepKey)}
          </Badge>
          {state.data && (
            <Text size="sm" c="dimmed" data-testid="doc-task-chars">
              {state.phase === 'translating'
                ? t('documents.reserved', { count: state.data.price })
                : t('documents.charged', { count: state.data.price })}
            </Text>
          )}
        </Group>
        <Progress
          value={score}
          size="lg"
          animated={state.phase === 'translating'}
          aria-label={t('documents.overallProgress')}
          data-testid="doc-overall-progress"
          data-score={score}
        />
        {state.error && <TaskError code={state.error.code} msg={state.error.msg} atUpload={state.taskId === null} />}
        {files.length > 0 && phone && (
          <Stack gap="xs" data-testid="doc-file-cards">
            {files.map((f) => (
              <FileCard key={f.projectId} file={f} doCat={state.doCat} />
            ))}
          </Stack>
        )}
        {files.length > 0 && !phone && (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="doc-file-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('documents.fileName')}</Table.Th>
                  <Table.Th>{t('documents.statusColumn')}</Table.Th>
                  <Table.Th w={160}>{t('documents.progress')}</Table.Th>
                  <Table.Th>{t('documents.chars')}</Table.Th>
                  <Table.Th>{t('documents.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((f) => (
                  <FileRow key={f.projectId} file={f} doCat={state.doCat} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canRetry && (
          <Group>
            <Button variant="light" onClick={onRetry} data-testid="doc-start-again">
              {t('documents.startAgain')}
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('documents.keptHours', { hours: TIMINGS.docRetentionHours })}
        </Text>
      </Stack>
    </Paper>
  );
}

function TaskError({ code, msg, atUpload }: { code: number; msg: string; atUpload: boolean }) {
  const { t } = useTranslation();
  const fallback =
    code === CODES.CHARS_NOT_ENOUGH.code ? 'documents.notEnoughChars' : atUpload ? 'documents.uploadFailed' : 'documents.failed';
  const text = msg || t(fallback);
  return (
    <Alert color="red" variant="light" data-testid="doc-task-error" data-code={code}>
      {text}
    </Alert>
  );
}

/** What a row and a card both show: the failure message and the download button. */
function useFileParts(file: DocFileItem, doCat: number) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadDocResult(file.projectId, file.result_name);
    } catch {
      // download() already showed the message.
    } finally {
      setBusy(false);
    }
  };
  const message = file.status === 'failed' && (
    <Text size="xs" c="red" data-testid="doc-file-message" data-code={file.code}>
      {file.message || (file.code === CODES.CHARS_NOT_ENOUGH.code ? t('documents.notEnoughChars') : t('documents.failed'))}
    </Text>
  );
  const download = downloadable(file) && (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy}
      onClick={() => void save()}
      aria-label={t('documents.downloadFile', { name: file.result_name ?? file.file_name })}
      data-testid="doc-download"
    >
      {t('documents.download')}
    </Button>
  );
  // The site sends its results to post-editing (the task answered do_cat: 1).
  const postEdit = doCat === 1 && downloadable(file) && (
    <PostEditButton projectId={file.projectId} fileName={file.file_name} label="openInEditor" testId="doc-post-edit" />
  );
  return { message, download, postEdit };
}

const rowData = (file: DocFileItem) => ({ 'data-testid': 'doc-file-row', 'data-status': file.status, 'data-project-id': file.projectId });

function FileRow({ file, doCat }: { file: DocFileItem; doCat: number }) {
  const { t } = useTranslation();
  const { message, download, postEdit } = useFileParts(file, doCat);
  return (
    <Table.Tr {...rowData(file)}>
      <Table.Td>
        <Text size="sm">{file.file_name}</Text>
        {message}
      </Table.Td>
      <Table.Td>
        <DocStatusBadge status={file.status} testId="doc-file-status" />
      </Table.Td>
      <Table.Td>
        <Progress value={clampScore(file.score)} size="sm" aria-label={t('documents.progress')} data-testid="doc-file-progress" />
      </Table.Td>
      <Table.Td>{file.chars.toLocaleString()}</Table.Td>
      <Table.Td>
        {download}
        {postEdit}
      </Table.Td>
    </Table.Tr>
  );
}

function FileCard({ file, doCat }: { file: DocFileItem; doCat: number }) {
  const { t } = useTranslation();
  const { message, download, postEdit } = useFileParts(file, doCat);
  return (
    <Paper withBorder p="xs" radius="md" {...rowData(file)}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {file.file_name}
          </Text>
          <DocStatusBadge status={file.status} testId="doc-file-status" />
        </Group>
        {message}
        <Progress value={clampScore(file.score)} size="sm" aria-label={t('documents.progress')} data-testid="doc-file-progress" />
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed">
            {t('documents.fact', { label: t('documents.chars'), value: file.chars.toLocaleString() })}
          </Text>
          {download}
          {postEdit}
        </Group>
      </Stack>
    </Paper>
  );
}
