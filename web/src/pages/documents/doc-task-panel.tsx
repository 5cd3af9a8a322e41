/**
 * The running or finished task on `/file`: the step, the overall progress bar (the task's
 * score), and one row per file with its status, progress, characters, failure message and a
 * download button once done.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { CODES, TIMINGS, type DocFileItem } from '@mtp/proto';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDocResult } from '../../api/document-endpoints';
import { clampScore, downloadable } from '../../documents/doc-task-rules';
import { stepOf, type DocTaskState } from '../../documents/doc-task-store';
import { DocStatusBadge } from './doc-status-badge';

const STEP_KEYS = { 1: 'documents.steps.upload', 3: 'documents.steps.done', 4: 'documents.steps.error' } as const;

export function DocTaskPanel({ state }: { state: DocTaskState }) {
  const { t } = useTranslation();
  const step = stepOf(state.phase);
  if (step === null || state.phase === 'uploading') return null;
  const score = clampScore(state.data?.score ?? 0);
  const files = state.data?.translate_list ?? [];
  const stepKey = STEP_KEYS[step as keyof typeof STEP_KEYS];

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
              {t('documents.charged', { count: state.data.price })}
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
        {/* A phone scrolls the table sideways rather than squeezing its columns to one letter. */}
        {files.length > 0 && (
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
                  <FileRow key={f.projectId} file={f} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

function FileRow({ file }: { file: DocFileItem }) {
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
  const failed = file.status === 'failed';
  return (
    <Table.Tr data-testid="doc-file-row" data-status={file.status} data-project-id={file.projectId}>
      <Table.Td>
        <Text size="sm">{file.file_name}</Text>
        {failed && (
          <Text size="xs" c="red" data-testid="doc-file-message" data-code={file.code}>
            {file.message || (file.code === CODES.CHARS_NOT_ENOUGH.code ? t('documents.notEnoughChars') : t('documents.failed'))}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <DocStatusBadge status={file.status} testId="doc-file-status" />
      </Table.Td>
      <Table.Td>
        <Progress value={clampScore(file.score)} size="sm" aria-label={t('documents.progress')} data-testid="doc-file-progress" />
      </Table.Td>
      <Table.Td>{file.chars.toLocaleString()}</Table.Td>
      <Table.Td>
        {downloadable(file) && (
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
        )}
      </Table.Td>
    </Table.Tr>
  );
}
