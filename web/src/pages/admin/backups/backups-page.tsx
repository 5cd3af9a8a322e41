/**
 * /backups (the platform administrator's): make a backup, watch its progress (the list is polled
 * while anything runs), download, delete or restore one, and set the daily schedule. The work
 * itself runs on the server's backup runner; this page only asks and watches.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { BackupCard } from './backup-card';
import { BackupSettingsCard } from './backup-settings-card';
import { backupListQueryOptions, backupsKey, createBackup } from './backups-api';

export function BackupsPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data } = useSuspenseQuery(backupListQueryOptions(user, page));
  const create = useMutation({
    mutationFn: createBackup,
    onSuccess: async () => {
      showSuccess(t('backups.created'));
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: backupsKey(user) });
    },
  });
  const restore = data.last_restore;

  return (
    <Stack gap="md" data-testid="backups-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t('backups.title')}</Title>
        <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="backup-create">
          {t('backups.create')}
        </Button>
      </Group>
      {restore && (
        <Alert color={restore.status === 'failed' ? 'red' : restore.status === 'done' ? 'teal' : 'blue'} data-testid="backup-last-restore">
          {t('backups.lastRestore', { name: restore.backup_name, status: t(`backups.status.${restore.status}`) })}
          {restore.error ? ` — ${restore.error}` : ''}
        </Alert>
      )}
      <Stack gap="sm" data-testid="backup-list">
        {data.list.length === 0 ? (
          <Text c="dimmed">{t('backups.empty')}</Text>
        ) : (
          data.list.map((b) => <BackupCard key={b.backup_id} backup={b} />)
        )}
      </Stack>
      {data.pages > 1 && <TablePager pages={data.pages} page={page} onChange={setPage} testId="backup-pages" />}
      <BackupSettingsCard />
    </Stack>
  );
}
