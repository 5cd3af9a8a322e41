/**
 * The entries of one user's bank as staff see them on the "all banks" screens: read-only (the
 * server refuses staff writes into someone else's bank), with search, paging, export (all or
 * the selected entries) and deleting the selected or all entries after a confirmation.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { OwnedBankItem } from '@mtp/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { ExportControls } from './export-controls';
import { usePagedSearch } from '../../components/use-paged-search';
import { deleteAllEntries, deleteChosenEntries, exportAll, exportChosen } from '../../api/bank-endpoints';
import { currentSessionUser } from '../../auth/session-user';
import { EXPORT_FORMATS, type BankFlag } from '../../banks/bank-rules';
import { showSuccess } from '../../components/toast';
import { moderatedEntriesQueryOptions } from '../../queries/bank-query-options';
import { queryKeys } from '../../queries/query-keys';
import { EntryTable } from './entry-table';
import { ConfirmDialog } from './bank-dialogs';

export function ModeratedEntries({ flag, bank, onChanged }: { flag: BankFlag; bank: OwnedBankItem; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const { page, setPage, search, keyword, typeSearch } = usePagedSearch();

  const entries = useQuery({
    ...moderatedEntriesQueryOptions(user, flag, { bankId: bank.bank_id, page, keyword }),
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
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.moderatedEntries(user, flag) }), onChanged()]);
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
          onChange={(e) => typeSearch(e.currentTarget.value)}
          data-testid="entry-search"
          w={240}
        />
        <Group gap="xs" align="flex-end">
          <ExportControls
            flag={flag}
            format={format}
            onFormat={setFormat}
            exporting={exporting}
            onExport={() => void runExport()}
            selectedCount={selected.size}
          />
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
      <EntryTable rows={rows} loading={entries.isLoading} selection={{ selected, setSelected }} />
      <TablePager pages={entries.data?.pages ?? 0} page={page} onChange={setPage} testId="entry-pages" />
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
