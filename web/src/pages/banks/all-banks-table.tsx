/**
 * The staff list of users' banks (`/all-memorybank`, `/all-temtermbank`): name, owner, languages,
 * entries and the view / delete actions. A table on wide screens; on a phone (below `sm`) a card
 * per bank, since five columns cannot fit 360 px without scrolling the page sideways. Both carry
 * the test ids `all-bank-row`, `view-bank` and `delete-bank`.
 */
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { OwnedBankItem } from '@mtp/proto';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../components/use-phone';
import { useLanguageName } from './bank-dialogs';

type Props = {
  banks: readonly OwnedBankItem[];
  loading: boolean;
  chosenId: number | null;
  onView: (bank: OwnedBankItem) => void;
  onDelete: (bank: OwnedBankItem) => void;
};

export function AllBanksTable({ banks, loading, chosenId, onView, onDelete }: Props) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const phone = useIsPhone();
  const pair = (b: OwnedBankItem) =>
    t(b.tow_way === 1 ? 'bank.pairTwoWay' : 'bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) });
  const highlight = (b: OwnedBankItem) => (b.bank_id === chosenId ? 'var(--mantine-color-blue-light)' : undefined);
  const actions = (b: OwnedBankItem) => (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={() => onView(b)} data-testid="view-bank">
        {t('bank.view')}
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(b)} data-testid="delete-bank">
        {t('bank.delete')}
      </Button>
    </Group>
  );
  const empty = banks.length === 0 && !loading && (
    <Text c="dimmed" ta="center" size="sm">
      {t('bank.noBanks')}
    </Text>
  );

  if (phone) {
    return (
      <Stack gap="xs" data-testid="all-bank-cards">
        {banks.map((b) => (
          <Paper key={b.bank_id} withBorder p="sm" radius="md" bg={highlight(b)} data-testid="all-bank-row">
            <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {b.name}
              </Text>
              <Text size="xs" c="dimmed">
                {b.username} · {b.account}
              </Text>
              <Text size="xs">
                {pair(b)} · {t('bank.entries', { count: b.entry_count })}
              </Text>
              {actions(b)}
            </Stack>
          </Paper>
        ))}
        {empty}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover data-testid="all-bank-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bank.name')}</Table.Th>
            <Table.Th>{t('bank.owner')}</Table.Th>
            <Table.Th>{t('bank.languagePair')}</Table.Th>
            <Table.Th>{t('bank.entryCount')}</Table.Th>
            <Table.Th>{t('bank.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {banks.map((b) => (
            <Table.Tr key={b.bank_id} bg={highlight(b)} data-testid="all-bank-row">
              <Table.Td>{b.name}</Table.Td>
              <Table.Td>
                <Text size="sm">{b.username}</Text>
                <Text size="xs" c="dimmed">
                  {b.account}
                </Text>
              </Table.Td>
              <Table.Td>{pair(b)}</Table.Td>
              <Table.Td>{b.entry_count}</Table.Td>
              <Table.Td>{actions(b)}</Table.Td>
            </Table.Tr>
          ))}
          {empty && (
            <Table.Tr>
              <Table.Td colSpan={5}>{empty}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
