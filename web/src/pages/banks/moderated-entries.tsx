/**
 * The entries of one user's bank as staff see them on the "all banks" screens: read-only (the
 * server refuses staff writes into someone else's bank), with search, paging, export (all or
 * the selected entries) and deleting the selected or all entries after a confirmation.
 */
import { Button, Checkbox, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { TIMINGS, type OwnedBankItem } from '@mtp/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAllEntries, deleteChosenEntries, exportAll, exportChosen, fetchEntries } from '../../api/bank-endpoints';
import { createDebouncer, EXPORT_FORMATS, type BankFlag } from '../../banks/bank-rules';
import { showSuccess } from '../../components/toast';
import { ConfirmDialog } from './bank-dialogs';

export const moderatedEntriesKey = (flag: BankFlag) => ['moderated-entries', flag] as const;

export function ModeratedEntries({ flag, bank, onChanged }: { flag: BankFlag; bank: OwnedBankItem; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const debouncer = useMemo(
    () =>
      createDebouncer<string>((value) => {
        setKeyword(value.trim());
        setPage(1);
      }, TIMINGS.tableSearchDebounceMs),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const entries = useQuery({
    queryKey: [...moderatedEntriesKey(flag), bank.bank_id, page, keyword] as const,
    // system_or_individual 1 with bank_id: the server lets staff read the banks they moderate.
    queryFn: () => fetchEntries(flag, 1, { bank_id: bank.bank_id, page, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  const rows = entries.data?.list ?? [];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => setSelected(new Set()), [bank.bank_id, page, keyword]);
  const [confirm, setConfirm] = useState<'selected' | 'all' | null>(null);
  const [format, setFormat] = useState<string>(EXPORT_FORMATS[flag][0]!);
  const [exporting, setExporting] = useState(false);

  const remove = useMutation({
    mutationFn: (kind: 'selected' | 'all') => {
      const ref = { flag, system_or_individual: 1, bank_id: bank.bank_id };
      return kind === 'all' ? deleteAllEntries(ref) : deleteChosenEntries({ ...ref, choices: [...selected] });
    },
    onSuccess: async () => {
      showSuccess(t('bank.deleted'));
      setConfirm(null);
      setSelected(new Set());
      await Promise.all([queryClient.invalidateQueries({ queryKey: moderatedEntriesKey(flag) }), onChanged()]);
    },
  });

  const runExport = async () => {
    setExporting(true);
    try {
      if (selected.size > 0) await exportChosen(flag, 1, bank.bank_id, [...selected], format);
      else await exportAll(flag, 1, bank.bank_id, format);
    } catch {
      // The transfer helper already showed the message.
    } finally {
      setExporting(false);
    }
  };

  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.entry_id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm" data-testid="moderated-entries">
      <Text size="sm" c="dimmed">
        {t('bank.moderationHint', { name: bank.name, owner: bank.username || bank.account })}
      </Text>
      <Group justify="space-between" align="flex-end">
        <TextInput
          placeholder={t('bank.search')}
          aria-label={t('bank.search')}
          value={search}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setSearch(v);
            debouncer.push(v);
          }}
          data-testid="entry-search"
          w={240}
        />
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="xs"
            aria-label={t('bank.exportFormat')}
            data={EXPORT_FORMATS[flag].map((f) => ({ value: f, label: f.toUpperCase() }))}
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value)}
            data-testid="export-format"
          />
          <Button size="xs" variant="light" loading={exporting} onClick={() => void runExport()} data-testid="export-submit">
            {t(selected.size > 0 ? 'bank.exportSelected' : 'bank.exportSubmit')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={selected.size === 0}
            onClick={() => setConfirm('selected')}
            data-testid="delete-selected"
          >
            {t('bank.deleteSelected')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={(entries.data?.total ?? 0) === 0}
            onClick={() => setConfirm('all')}
            data-testid="delete-all"
          >
            {t('bank.deleteAll')}
          </Button>
        </Group>
      </Group>
      <Table striped highlightOnHover data-testid="entry-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label={t('bank.selectAll')}
                checked={allChecked}
                indeterminate={!allChecked && rows.some((r) => selected.has(r.entry_id))}
                onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.entry_id)))}
              />
            </Table.Th>
            <Table.Th>{t('bank.source')}</Table.Th>
            <Table.Th>{t('bank.target')}</Table.Th>
            <Table.Th>{t('bank.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.entry_id} data-testid="entry-row">
              <Table.Td>
                <Checkbox aria-label={r.source} checked={selected.has(r.entry_id)} onChange={() => toggle(r.entry_id)} />
              </Table.Td>
              <Table.Td>{r.source}</Table.Td>
              <Table.Td>{r.translated}</Table.Td>
              <Table.Td>{r.note}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && !entries.isLoading && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" ta="center" size="sm">
                  {t('bank.noEntries')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {(entries.data?.pages ?? 0) > 1 && (
        <Group justify="flex-end">
          <Pagination total={entries.data?.pages ?? 1} value={page} onChange={setPage} size="sm" data-testid="entry-pages" />
        </Group>
      )}
      {confirm && (
        <ConfirmDialog
          opened
          message={
            confirm === 'all' ? t('bank.deleteAllConfirm', { name: bank.name }) : t('bank.deleteSelectedConfirm', { count: selected.size })
          }
          busy={remove.isPending}
          onConfirm={() => remove.mutate(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}
