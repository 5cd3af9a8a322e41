/** The totals of the range as cards, and the top users as a table (three columns: fits a phone). */
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { StatsData } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { yuan } from './stats-search';

export function StatsTotals({ data }: { data: StatsData }) {
  const { t } = useTranslation();
  const cards = [
    ['chars', t('stats.totals.chars'), data.totals.chars.toLocaleString()],
    ['active', t('stats.activeUsers'), data.totals.active_users.toLocaleString()],
    ['new', t('stats.newUsers'), data.totals.new_users.toLocaleString()],
    ['done', t('stats.totals.tasksDone'), data.totals.tasks.done.toLocaleString()],
    ['failed', t('stats.totals.tasksFailed'), (data.totals.tasks.failed + data.totals.tasks.interrupted).toLocaleString()],
    ['revenue', t('stats.totals.revenue'), `¥${yuan(data.totals.revenue_cents)}`],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {cards.map(([key, label, value]) => (
        <Paper key={key} withBorder p="sm" data-testid={`stats-total-${key}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" data-testid={`stats-total-${key}-value`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function StatsTopUsers({ data }: { data: StatsData }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="stats-top-users">
      <Title order={4} mb="sm">
        {t('stats.topUsers')}
      </Title>
      {data.top_users.length === 0 ? (
        <Text c="dimmed">{t('stats.noData')}</Text>
      ) : (
        <Table striped layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stats.account')}</Table.Th>
              <Table.Th>{t('stats.username')}</Table.Th>
              <Table.Th ta="right">{t('stats.chars')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.top_users.map((u) => (
              <Table.Tr key={u.user_id} data-testid="stats-top-user">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.account || `#${u.user_id}`}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.username}</Table.Td>
                <Table.Td ta="right">{u.chars.toLocaleString()}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
