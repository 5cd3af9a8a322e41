/** The schedule (a cron expression on the server's clock) and how many scheduled backups are kept. */
import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { toUiLang } from '../../../i18n/lang';
import { showSuccess } from '../../../components/toast';
import { backupSettingsQueryOptions, saveBackupSettings } from './backups-api';

export function BackupSettingsCard() {
  const { t, i18n } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(backupSettingsQueryOptions(user));
  const [schedule, setSchedule] = useState(data.schedule);
  const [retention, setRetention] = useState<number>(data.retention);
  const save = useMutation({
    mutationFn: () => saveBackupSettings({ schedule: schedule.trim(), retention }),
    onSuccess: (next) => {
      queryClient.setQueryData(backupSettingsQueryOptions(user).queryKey, next);
      showSuccess(t('backups.saved'));
    },
  });
  return (
    <Card withBorder padding="md" data-testid="backup-settings">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={4}>{t('backups.settingsTitle')}</Title>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label={t('backups.schedule')}
              description={t('backups.scheduleHint')}
              value={schedule}
              onChange={(e) => setSchedule(e.currentTarget.value)}
              maw={360}
              w="100%"
              data-testid="backup-schedule"
            />
            <NumberInput
              label={t('backups.retention')}
              min={1}
              max={365}
              value={retention}
              onChange={(v) => setRetention(typeof v === 'number' ? v : Number(v) || 1)}
              w={200}
              data-testid="backup-retention"
            />
          </Group>
          {data.next_run && (
            <Text size="sm" c="dimmed" data-testid="backup-next-run">
              {t('backups.nextRun', { at: formatDateTime(data.next_run, toUiLang(i18n.language)) })}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="backup-settings-save">
              {t('backups.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
