/**
 * Failed jobs (dead letters), newest first, a page at a time: what died, why, after how many
 * tries. A table from `sm` up; one card per dead letter on a phone, so the error reads without
 * scrolling sideways.
 */
import { useState } from 'react';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeadLetterItem } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { TablePager } from '../../../components/table-pager';
import { toUiLang } from '../../../i18n/lang';
import { deadLettersQueryOptions } from './devices-api';

function DeadLetterCard({ d, when }: { d: DeadLetterItem; when: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="dead-letter-card">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600}>{d.kind}</Text>
        <Text size="sm" c="dimmed">
          {when}
        </Text>
      </Group>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {t('devices.task')}: {d.task_ref ?? '-'}
      </Text>
      <Text size="sm">
        {t('devices.queue')}: {d.queue} · {t('devices.attempts')}: {d.attempts}
      </Text>
      <Text size="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
        {d.error}
      </Text>
    </Card>
  );
}

export function DeadLettersTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useSuspenseQuery(deadLettersQueryOptions(currentSessionUser(), page));
  if (data.total === 0) return <Text data-testid="dead-letters-empty">{t('devices.noDeadLetters')}</Text>;
  const when = (d: DeadLetterItem) => formatDateTime(d.dead_at, toUiLang(i18n.language));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped data-testid="dead-letters-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('devices.deadAt')}</Table.Th>
              <Table.Th>{t('devices.kind')}</Table.Th>
              <Table.Th>{t('devices.queue')}</Table.Th>
              <Table.Th>{t('devices.task')}</Table.Th>
              <Table.Th>{t('devices.attempts')}</Table.Th>
              <Table.Th>{t('devices.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.list.map((d) => (
              <Table.Tr key={d.id} data-testid="dead-letter-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(d)}</Table.Td>
                <Table.Td>{d.kind}</Table.Td>
                <Table.Td>{d.queue}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{d.task_ref ?? '-'}</Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td style={{ maxWidth: 320, wordBreak: 'break-word' }}>{d.error}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" data-testid="dead-letters-cards">
        {data.list.map((d) => (
          <DeadLetterCard key={d.id} d={d} when={when(d)} />
        ))}
      </Stack>
      <TablePager pages={Math.ceil(data.total / data.page_size)} page={page} onChange={setPage} testId="dead-letters-pages" />
    </Stack>
  );
}
