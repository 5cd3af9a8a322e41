/**
 * One backup as a card (the same on a phone and a desktop: a few facts, a progress bar while it
 * runs, and its actions). Delete asks first; restore asks the administrator to type the backup's
 * name, since it replaces every row and file of the running platform.
 */
import { Badge, Button, Card, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupItem } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { toUiLang } from '../../../i18n/lang';
import { FormDialog } from '../../../components/form-dialog';
import { showSuccess } from '../../../components/toast';
import { backupPercent, backupsKey, deleteBackup, downloadBackup, restoreBackup, sizeText } from './backups-api';

const STATUS_COLOR = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

export function BackupCard({ backup }: { backup: BackupItem }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const [asking, setAsking] = useState<'delete' | 'restore' | null>(null);
  const [typed, setTyped] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupsKey(user) });
  const remove = useMutation({
    mutationFn: () => deleteBackup(backup.backup_id),
    onSuccess: async () => {
      setAsking(null);
      showSuccess(t('backups.deleted'));
      await refresh();
    },
  });
  const restore = useMutation({
    mutationFn: () => restoreBackup(backup.backup_id, typed),
    onSuccess: async () => {
      setAsking(null);
      showSuccess(t('backups.restoreQueued'));
      await refresh();
    },
  });
  const busy = backup.status === 'queued' || backup.status === 'running';
  const percent = backupPercent(backup);
  const made = formatDateTime(backup.created_at, toUiLang(i18n.language));

  return (
    <Card withBorder padding="sm" data-testid="backup-row" data-status={backup.status}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ wordBreak: 'break-all' }} data-testid="backup-name">
            {backup.name}
          </Text>
          <Group gap={6}>
            <Badge color={STATUS_COLOR[backup.status]} data-testid="backup-status">
              {t(`backups.status.${backup.status}`)}
            </Badge>
            <Badge variant="light" color="gray">
              {t(`backups.trigger.${backup.trigger}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('backups.createdAt')}: {made} · {t('backups.createdBy')}: {backup.created_by} · {t('backups.size')}:{' '}
          {sizeText(backup.bytes_done)} · {t('backups.files')}: {backup.files_done}/{backup.files_total}
        </Text>
        {busy && (
          <Stack gap={2}>
            <Progress value={percent} animated data-testid="backup-progress" aria-label={`${percent}%`} />
            <Text size="xs" c="dimmed">
              {t(`backups.phase.${backup.phase}`)} · {percent}%
            </Text>
          </Stack>
        )}
        {backup.error && (
          <Text size="sm" c="red" data-testid="backup-error">
            {backup.error}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            disabled={backup.status !== 'done'}
            onClick={() => void downloadBackup(backup)}
            data-testid="backup-download"
          >
            {t('backups.download')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="orange"
            disabled={backup.status !== 'done'}
            onClick={() => (setTyped(''), setAsking('restore'))}
            data-testid="backup-restore"
          >
            {t('backups.restore')}
          </Button>
          <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => setAsking('delete')} data-testid="backup-delete">
            {t('backups.delete')}
          </Button>
        </Group>
      </Stack>
      <FormDialog
        opened={asking === 'delete'}
        title={t('backups.deleteTitle')}
        submitLabel={t('backups.delete')}
        cancelLabel={t('backups.cancel')}
        onSubmit={() => remove.mutate()}
        onCancel={() => setAsking(null)}
        busy={remove.isPending}
        testId="backup-delete-dialog"
      >
        <Text size="sm">{t('backups.deleteText', { name: backup.name })}</Text>
      </FormDialog>
      <FormDialog
        opened={asking === 'restore'}
        title={t('backups.restoreTitle')}
        submitLabel={t('backups.restore')}
        cancelLabel={t('backups.cancel')}
        onSubmit={() => typed.trim() === backup.name && restore.mutate()}
        onCancel={() => setAsking(null)}
        busy={restore.isPending}
        testId="backup-restore-dialog"
      >
        <Text size="sm">{t('backups.restoreText', { name: backup.name })}</Text>
        <TextInput
          label={t('backups.restoreConfirm')}
          placeholder={backup.name}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={typed !== '' && !backup.name.startsWith(typed.trim()) ? t('backups.restoreMismatch') : undefined}
          autoComplete="off"
          data-testid="backup-restore-confirm"
        />
      </FormDialog>
    </Card>
  );
}
