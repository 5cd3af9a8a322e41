/**
 * One file of My Documents, as a table row on wide screens and as a card on phones, where the
 * table's eight columns cannot fit: the card keeps every fact and the download button in view.
 * Both carry the same test ids (`my-file-row`, `my-file-status`, …). A file that may run again
 * (interrupted, or short of characters) has "Start again": it runs again from its stored source in
 * the same task, and the list follows it while it works.
 */
import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { MyFileItem } from '@mtp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDocResult, retryDocTask } from '../../api/document-endpoints';
import { currentSessionUser } from '../../auth/session-user';
import { showSuccess } from '../../components/toast';
import { queryKeys } from '../../queries/query-keys';
import { isExpired } from '../../documents/doc-task-rules';
import { DocStatusBadge } from './doc-status-badge';
import { PostEditButton } from '../post-edit/post-edit-button';

export type MyFileItemProps = {
  file: MyFileItem;
  checked: boolean;
  onToggle: () => void;
  langName: (code: string) => string;
  time: (iso: string) => string;
};

function useFileView(file: MyFileItem, langName: (code: string) => string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await downloadDocResult(file.projectId, null);
    } catch {
      // download() already showed the message.
    } finally {
      setBusy(false);
    }
  };
  const queryClient = useQueryClient();
  const [restarting, setRestarting] = useState(false);
  const startAgain = async () => {
    setRestarting(true);
    try {
      await retryDocTask(file.task_id, [file.projectId]);
      showSuccess(t('documents.startedAgain'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.myFiles(currentSessionUser()) });
    } catch {
      // The client already showed the server's message.
    } finally {
      setRestarting(false);
    }
  };
  const expired = isExpired(file.expires_at, Date.now());
  const failure = file.status === 'failed' && file.message && (
    <Text size="xs" c="red">
      {file.message}
    </Text>
  );
  const download = file.status === 'done' && !expired && (
    <Button
      size="compact-sm"
      variant="light"
      loading={busy}
      onClick={() => void save()}
      aria-label={t('documents.downloadFile', { name: file.file_name })}
      data-testid="my-file-download"
    >
      {t('documents.download')}
    </Button>
  );
  const retry = file.retryable && !expired && (
    <Button
      size="compact-sm"
      variant="light"
      loading={restarting}
      onClick={() => void startAgain()}
      aria-label={t('documents.startAgainFile', { name: file.file_name })}
      data-testid="my-file-start-again"
    >
      {t('documents.startAgain')}
    </Button>
  );
  const postEdit = file.status === 'done' && !expired && (
    <PostEditButton projectId={file.projectId} fileName={file.file_name} testId="my-file-post-edit" />
  );
  return { expired, failure, download, retry, postEdit, languages: `${langName(file.src_lang)} → ${langName(file.tgt_lang)}` };
}

const rowData = (file: MyFileItem) => ({ 'data-testid': 'my-file-row', 'data-status': file.status, 'data-project-id': file.projectId });

export function MyFileRow({ file, checked, onToggle, langName, time }: MyFileItemProps) {
  const { t } = useTranslation();
  const view = useFileView(file, langName);
  return (
    <Table.Tr {...rowData(file)}>
      <Table.Td>
        <Checkbox aria-label={t('documents.select', { name: file.file_name })} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{file.file_name}</Text>
        {view.failure}
      </Table.Td>
      <Table.Td>{view.languages}</Table.Td>
      <Table.Td>
        <DocStatusBadge status={file.status} testId="my-file-status" />
      </Table.Td>
      <Table.Td>{file.chars.toLocaleString()}</Table.Td>
      <Table.Td>{time(file.created_at)}</Table.Td>
      <Table.Td data-testid="my-file-expiry">
        {view.expired ? (
          <Text size="sm" c="dimmed">
            {t('documents.expired')}
          </Text>
        ) : (
          time(file.expires_at)
        )}
      </Table.Td>
      <Table.Td>
        {view.download}
        {view.postEdit}
        {view.retry}
      </Table.Td>
    </Table.Tr>
  );
}

export function MyFileCard({ file, checked, onToggle, langName, time }: MyFileItemProps) {
  const { t } = useTranslation();
  const view = useFileView(file, langName);
  return (
    <Paper withBorder p="sm" radius="md" {...rowData(file)}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Checkbox aria-label={t('documents.select', { name: file.file_name })} checked={checked} onChange={onToggle} mt={2} />
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {file.file_name}
            </Text>
            {view.failure}
          </Stack>
          <DocStatusBadge status={file.status} testId="my-file-status" />
        </Group>
        <Text size="sm">{view.languages}</Text>
        <Text size="xs" c="dimmed">
          {t('documents.fact', { label: t('documents.chars'), value: file.chars.toLocaleString() })} ·{' '}
          {t('documents.fact', { label: t('documents.createdAt'), value: time(file.created_at) })}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" data-testid="my-file-expiry">
            {t('documents.fact', { label: t('documents.expiresAt'), value: view.expired ? t('documents.expired') : time(file.expires_at) })}
          </Text>
          {view.download}
          {view.postEdit}
          {view.retry}
        </Group>
      </Stack>
    </Paper>
  );
}
