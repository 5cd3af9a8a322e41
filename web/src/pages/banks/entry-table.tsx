/**
 * The entries table the bank screens share (own and system banks, moderated banks, the public
 * termbase): source, translation and note, with row checkboxes when entries can be chosen and
 * an extra column of the screen's own (actions, bank name). On a phone (below `sm`) each entry
 * is a card instead: four columns cannot fit 360 px without scrolling sideways, and a card keeps
 * the checkbox and the actions (edit, delete) in view. Both carry the test id `entry-row`.
 */
import { Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { EntryItem } from '@mtp/proto';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../components/use-phone';

export type EntrySelection = {
  selected: ReadonlySet<number>;
  setSelected: Dispatch<SetStateAction<Set<number>>>;
};

export type EntryTableProps = {
  rows: readonly EntryItem[];
  loading: boolean;
  selection?: EntrySelection;
  extra?: { header: ReactNode; cell: (entry: EntryItem) => ReactNode };
};

export function EntryTable({ rows, loading, selection, extra }: EntryTableProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const allChecked = selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(r.entry_id));
  const columns = 3 + (selection ? 1 : 0) + (extra ? 1 : 0);
  const toggle = (id: number) =>
    selection?.setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  if (phone)
    return <EntryCards rows={rows} loading={loading} selection={selection} extra={extra} allChecked={allChecked} toggle={toggle} />;
  return (
    <Table.ScrollContainer minWidth={extra ? 460 : 360}>
      <Table striped highlightOnHover data-testid="entry-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={36}>
                <Checkbox
                  aria-label={t('bank.selectAll')}
                  checked={allChecked}
                  indeterminate={!allChecked && rows.some((r) => selection.selected.has(r.entry_id))}
                  onChange={() => selection.setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.entry_id)))}
                />
              </Table.Th>
            )}
            <Table.Th>{t('bank.source')}</Table.Th>
            <Table.Th>{t('bank.target')}</Table.Th>
            <Table.Th>{t('bank.note')}</Table.Th>
            {extra && <Table.Th>{extra.header}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.entry_id} data-testid="entry-row">
              {selection && (
                <Table.Td>
                  <Checkbox aria-label={r.source} checked={selection.selected.has(r.entry_id)} onChange={() => toggle(r.entry_id)} />
                </Table.Td>
              )}
              <Table.Td>{r.source}</Table.Td>
              <Table.Td>{r.translated}</Table.Td>
              <Table.Td>{r.note}</Table.Td>
              {extra && <Table.Td>{extra.cell(r)}</Table.Td>}
            </Table.Tr>
          ))}
          {rows.length === 0 && !loading && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" size="sm">
                  {t('bank.noEntries')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryCards({
  rows,
  loading,
  selection,
  extra,
  allChecked,
  toggle,
}: EntryTableProps & { allChecked: boolean; toggle: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="entry-cards">
      {selection && rows.length > 0 && (
        <Checkbox
          label={t('bank.selectAll')}
          checked={allChecked}
          indeterminate={!allChecked && rows.some((r) => selection.selected.has(r.entry_id))}
          onChange={() => selection.setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.entry_id)))}
        />
      )}
      {rows.map((r) => (
        <Paper key={r.entry_id} withBorder p="sm" radius="md" data-testid="entry-row">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selection && (
              <Checkbox aria-label={r.source} checked={selection.selected.has(r.entry_id)} onChange={() => toggle(r.entry_id)} mt={2} />
            )}
            <Stack gap={4} miw={0} style={{ flex: 1, overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={500}>
                {r.source}
              </Text>
              <Text size="sm">{r.translated}</Text>
              {r.note && (
                <Text size="xs" c="dimmed">
                  {t('documents.fact', { label: t('bank.note'), value: r.note })}
                </Text>
              )}
              {extra && <div>{extra.cell(r)}</div>}
            </Stack>
          </Group>
        </Paper>
      ))}
      {rows.length === 0 && !loading && (
        <Text c="dimmed" ta="center" size="sm">
          {t('bank.noEntries')}
        </Text>
      )}
    </Stack>
  );
}
