/** Failed jobs (dead letters), newest first, a page at a time: what died, why, after how many tries. */
import { useState } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { TablePager } from '../../../components/table-pager';
import { toUiLang } from '../../../i18n/lang';
import { deadLettersQueryOptions } from './devices-api';

export function DeadLettersTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useSuspenseQuery(deadLettersQueryOptions(currentSessionUser(), page));
  if (data.total === 0) return <Text data-testid="dead-letters-empty">{t('devices.noDeadLetters')}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
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
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.dead_at, toUiLang(i18n.language))}</Table.Td>
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
      <TablePager pages={Math.ceil(data.total / data.page_size)} page={page} onChange={setPage} testId="dead-letters-pages" />
    </Stack>
  );
}
