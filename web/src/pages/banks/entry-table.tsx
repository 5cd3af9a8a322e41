/**
 * The entries table the bank screens share (own and system banks, moderated banks, the public
 * termbase): source, translation and note, with row checkboxes when entries can be chosen and
 * an extra column of the screen's own (actions, bank name). On a phone the table scrolls inside
 * its own box rather than widening the page.
 */
import { Checkbox, Table, Text } from '@mantine/core';
import type { EntryItem } from '@mtp/proto';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

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
  const allChecked = selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(r.entry_id));
  const columns = 3 + (selection ? 1 : 0) + (extra ? 1 : 0);
  const toggle = (id: number) =>
    selection?.setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
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
