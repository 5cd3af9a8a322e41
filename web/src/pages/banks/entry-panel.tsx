/**
 * The right column of the bank screen: the shown bank's entries, one page at a time (the page
 * and keyword are the route's search params), with the search box, add / import, export (the
 * selected entries when some are checked, else the whole bank) and the deletes, which open the
 * screen's confirmation dialog. In the user's own bank the entries their plan still allows show
 * beside "add"; at the limit, add and import are disabled and the panel says why.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { BankItem, BankLimits } from '@mtp/proto';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAll, exportChosen } from '../../api/bank-endpoints';
import type { SessionUser } from '../../auth/session-user';
import { entryRoom } from '../../banks/bank-limits';
import { EXPORT_FORMATS, systemOrIndividual, type BankFlag, type BankScope } from '../../banks/bank-rules';
import { TablePager } from '../../components/table-pager';
import { ExportControls } from './export-controls';
import type { PagedSearch } from '../../components/use-paged-search';
import { bankEntriesQueryOptions } from '../../queries/bank-query-options';
import type { BankDialogs } from './bank-screen-dialogs';
import { EntryTable } from './entry-table';

type Props = {
  user: SessionUser;
  flag: BankFlag;
  scope: BankScope;
  bank: BankItem;
  limits: BankLimits | undefined;
  editable: boolean;
  paged: PagedSearch;
  selected: Set<number>;
  setSelected: Dispatch<SetStateAction<Set<number>>>;
  dialogs: BankDialogs;
};

export function EntryPanel({ user, flag, scope, bank, limits, editable, paged, selected, setSelected, dialogs }: Props) {
  const { t } = useTranslation();
  const { page, setPage, search, keyword, typeSearch } = paged;
  const { data: entries } = useSuspenseQuery(bankEntriesQueryOptions(user, flag, scope, { bankId: bank.bank_id, page, keyword }));
  const [format, setFormat] = useState<string>(EXPORT_FORMATS[flag][0]!);
  const [exporting, setExporting] = useState(false);
  const room = entryRoom(bank, limits, scope);
  const full = room !== null && room.left === 0;

  const runExport = async () => {
    const soi = systemOrIndividual(scope);
    setExporting(true);
    try {
      if (selected.size > 0) await exportChosen(flag, soi, bank.bank_id, [...selected], format);
      else await exportAll(flag, soi, bank.bank_id, format);
    } catch {
      // The transfer helper already showed the message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          placeholder={t('bank.search')}
          aria-label={t('bank.search')}
          value={search}
          onChange={(e) => typeSearch(e.currentTarget.value)}
          data-testid="entry-search"
          w={{ base: '100%', xs: 240 }}
        />
        <Group gap="xs" align="flex-end">
          {editable && (
            <>
              <Button size="xs" disabled={full} onClick={() => dialogs.setEntryDialog({ entry: null })} data-testid="add-entry">
                {t('bank.addEntry')}
              </Button>
              <Button size="xs" variant="light" disabled={full} onClick={() => dialogs.setImportOpen(true)} data-testid="import-open">
                {t('bank.importTitle')}
              </Button>
            </>
          )}
          <ExportControls
            flag={flag}
            format={format}
            onFormat={setFormat}
            exporting={exporting}
            onExport={() => void runExport()}
            selectedCount={selected.size}
          />
          {editable && (
            <>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={selected.size === 0}
                onClick={() => dialogs.setConfirm({ kind: 'selected' })}
                data-testid="delete-selected"
              >
                {t('bank.deleteSelected')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={entries.total === 0}
                onClick={() => dialogs.setConfirm({ kind: 'all' })}
                data-testid="delete-all"
              >
                {t('bank.deleteAll')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {editable && room && (
        <Text size="sm" c={full ? 'red' : 'dimmed'} data-testid={full ? 'entry-limit-reached' : 'entries-left'}>
          {full ? t('bank.entryLimitReached', { limit: room.limit }) : t('bank.entriesLeft', { left: room.left, limit: room.limit })}
        </Text>
      )}
      <EntryTable
        rows={entries.list}
        loading={false}
        selection={{ selected, setSelected }}
        extra={
          editable
            ? {
                header: t('bank.actions'),
                cell: (r) => (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => dialogs.setEntryDialog({ entry: r })}
                      data-testid="edit-entry"
                    >
                      {t('bank.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => dialogs.setConfirm({ kind: 'entry', entry: r })}
                      data-testid="delete-entry"
                    >
                      {t('bank.delete')}
                    </Button>
                  </Group>
                ),
              }
            : undefined
        }
      />
      <TablePager pages={entries.pages} page={page} onChange={setPage} testId="entry-pages" />
    </Stack>
  );
}
