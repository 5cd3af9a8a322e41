/**
 * The one TM / termbase screen, parameterized by `flag` (0 memory, 1 termbase) and `scope`
 * (individual, the non-public system banks, or the public system termbases staff manage): the
 * bank list on the left, the chosen bank's entries on the right with search, paging, add/edit,
 * delete one / selected / all, import and export.
 */
import { ActionIcon, Badge, Button, Grid, Group, NativeSelect, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { isAdminRole, type BankItem, type EntryItem } from '@mtp/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import {
  createBank,
  deleteAllEntries,
  deleteBank,
  deleteChosenEntries,
  deleteEntry,
  exportAll,
  exportChosen,
  fetchBankList,
  fetchEntries,
  importBankFile,
  insertEntry,
  renameBank,
  updateEntry,
} from '../../api/bank-endpoints';
import {
  bankListFilter,
  canEdit,
  EXPORT_FORMATS,
  systemOrIndividual,
  type BankFlag,
  type BankScope,
  type EntryInput,
} from '../../banks/bank-rules';
import { hasAuthToken } from '../../auth/session';
import { showSuccess } from '../../components/toast';
import type { NavLabelKey } from '../../nav/nav-items';
import { userDataQueryOptions } from '../../queries/user-data-query-options';
import { BankDialog, ConfirmDialog, EntryDialog, ImportDialog, useLanguageName, type BankFormValue } from './bank-dialogs';
import { EntryTable } from './entry-table';

export type BankScreenProps = { flag: BankFlag; scope: BankScope; titleKey: NavLabelKey };

type Confirm = { kind: 'bank'; bank: BankItem } | { kind: 'entry'; entry: EntryItem } | { kind: 'selected' } | { kind: 'all' };

const bankKey = (flag: BankFlag, scope: BankScope) => ['banks', flag, scope] as const;
const entryRoot = (flag: BankFlag, soi: 0 | 1) => ['bank-entries', flag, soi] as const;

export function BankScreen({ flag, scope, titleKey }: BankScreenProps) {
  const { t } = useTranslation();
  const langName = useLanguageName();
  const queryClient = useQueryClient();
  const soi = systemOrIndividual(scope);
  const user = useQuery(userDataQueryOptions());
  // Free visitors may open the main area, but banks need a login: nothing to edit or load.
  const loggedIn = hasAuthToken();
  const editable = loggedIn && canEdit(scope, isAdminRole(user.data?.role ?? null));

  const banks = useQuery({
    queryKey: bankKey(flag, scope),
    queryFn: () => fetchBankList(flag, bankListFilter(scope)),
    enabled: loggedIn,
  });
  const bankList = useMemo(() => banks.data?.bank_list ?? [], [banks.data]);
  const [bankId, setBankId] = useState<number | null>(null);
  const bank = bankList.find((b) => b.bank_id === bankId) ?? bankList[0] ?? null;

  const { page, setPage, search, keyword, typeSearch } = usePagedSearch();

  const entries = useQuery({
    queryKey: [...entryRoot(flag, soi), bank?.bank_id ?? 0, page, keyword] as const,
    queryFn: () => fetchEntries(flag, soi, { bank_id: bank!.bank_id, page, ...(keyword ? { keyword } : {}) }),
    enabled: bank !== null,
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => setSelected(new Set()), [bank?.bank_id, page, keyword]);

  const [bankDialog, setBankDialog] = useState<{ mode: 'create' } | { mode: 'rename'; bank: BankItem } | null>(null);
  const [entryDialog, setEntryDialog] = useState<{ entry: EntryItem | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [format, setFormat] = useState<string>(EXPORT_FORMATS[flag][0]!);
  const [exporting, setExporting] = useState(false);

  const refreshBanks = () => queryClient.invalidateQueries({ queryKey: bankKey(flag, scope) });
  const refreshEntries = () => Promise.all([queryClient.invalidateQueries({ queryKey: entryRoot(flag, soi) }), refreshBanks()]);

  const saveBank = useMutation({
    mutationFn: async (v: BankFormValue) => {
      if (bankDialog?.mode === 'rename') return renameBank({ flag, bank_id: bankDialog.bank.bank_id, name: v.name });
      if (v.src === '' || v.tgt === '') return;
      const isPublic = scope === 'public' ? { is_public: 1 } : {};
      return createBank({
        flag,
        name: v.name,
        src_lang: v.src,
        tgt_lang: v.tgt,
        tow_way: v.twoWay ? 1 : 0,
        system_or_individual: soi,
        ...isPublic,
      });
    },
    onSuccess: async () => {
      showSuccess(t(bankDialog?.mode === 'rename' ? 'bank.saved' : 'bank.created'));
      setBankDialog(null);
      await refreshBanks();
    },
  });

  const saveEntry = useMutation({
    mutationFn: (v: EntryInput) => {
      const base = { flag, system_or_individual: soi, bank_id: bank!.bank_id, ...v };
      const editing = entryDialog?.entry;
      return editing ? updateEntry({ ...base, entry_id: editing.entry_id }) : insertEntry(base);
    },
    onSuccess: async () => {
      showSuccess(t('bank.saved'));
      setEntryDialog(null);
      await refreshEntries();
    },
  });

  const remove = useMutation({
    mutationFn: async (c: Confirm) => {
      const ref = { flag, system_or_individual: soi, bank_id: bank?.bank_id ?? 0 };
      switch (c.kind) {
        case 'bank':
          return deleteBank(flag, c.bank.bank_id);
        case 'entry':
          return deleteEntry({ ...ref, entry_id: c.entry.entry_id });
        case 'selected':
          return deleteChosenEntries({ ...ref, choices: [...selected] });
        case 'all':
          return deleteAllEntries(ref);
      }
    },
    onSuccess: async (_data, c) => {
      showSuccess(t('bank.deleted'));
      setConfirm(null);
      if (c.kind === 'bank' && c.bank.bank_id === bank?.bank_id) setBankId(null);
      setSelected(new Set());
      await refreshEntries();
    },
  });

  const runImport = async (file: File) => {
    if (!bank) return;
    setProgress(0);
    try {
      const res = await importBankFile(
        flag,
        { system_or_individual: soi, bank_id: bank.bank_id, src_lang: bank.src_lang, tgt_lang: bank.tgt_lang },
        file,
        setProgress,
      );
      showSuccess(t('bank.imported', { count: res?.imported ?? 0 }));
      setImportOpen(false);
      await refreshEntries();
    } catch {
      // The transfer helper already showed the message.
    } finally {
      setProgress(null);
    }
  };

  const runExport = async () => {
    if (!bank) return;
    setExporting(true);
    try {
      if (selected.size > 0) await exportChosen(flag, soi, bank.bank_id, [...selected], format);
      else await exportAll(flag, soi, bank.bank_id, format);
    } catch {
      // Already shown.
    } finally {
      setExporting(false);
    }
  };

  const rows = entries.data?.list ?? [];
  const pairLabel = (b: BankItem) =>
    t(b.tow_way === 1 ? 'bank.pairTwoWay' : 'bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) });

  const confirmMessage = (c: Confirm): string => {
    switch (c.kind) {
      case 'bank':
        return t('bank.deleteBankConfirm', { name: c.bank.name });
      case 'entry':
        return t('bank.deleteEntryConfirm');
      case 'selected':
        return t('bank.deleteSelectedConfirm', { count: selected.size });
      case 'all':
        return t('bank.deleteAllConfirm', { name: bank?.name ?? '' });
    }
  };

  return (
    <Stack gap="md" data-testid={`bank-screen-${flag}-${scope}`}>
      <Group justify="space-between">
        <Title order={2}>{t(titleKey)}</Title>
        {!editable && <Badge color="gray">{t('bank.readOnly')}</Badge>}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <Stack gap="xs" data-testid="bank-list">
              <Group justify="space-between">
                <Text fw={600}>{t(flag === 0 ? 'bank.memoryBanks' : 'bank.termBanks')}</Text>
                {editable && (
                  <Button size="xs" onClick={() => setBankDialog({ mode: 'create' })} data-testid="create-bank">
                    {t('bank.createBank')}
                  </Button>
                )}
              </Group>
              {bankList.length === 0 && !banks.isLoading && (
                <Text c="dimmed" size="sm">
                  {t('bank.noBanks')}
                </Text>
              )}
              {bankList.map((b) => {
                const active = b.bank_id === bank?.bank_id;
                const own = editable && (scope !== 'individual' || b.system_or_individual === 1);
                return (
                  <Paper
                    key={b.bank_id}
                    withBorder
                    p="xs"
                    bg={active ? 'var(--mantine-color-blue-light)' : undefined}
                    data-testid="bank-item"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <UnstyledButton onClick={() => setBankId(b.bank_id)} style={{ flex: 1, minWidth: 0 }} data-testid="bank-select">
                        <Text fw={500} truncate>
                          {b.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {pairLabel(b)} · {t('bank.entries', { count: b.entry_count })}
                          {b.system_or_individual === 0 && scope === 'individual' ? ` · ${t('bank.systemTag')}` : ''}
                        </Text>
                      </UnstyledButton>
                      {own && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('bank.rename')}
                            onClick={() => setBankDialog({ mode: 'rename', bank: b })}
                            data-testid="rename-bank"
                          >
                            <span aria-hidden>✎</span>
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('bank.delete')}
                            onClick={() => setConfirm({ kind: 'bank', bank: b })}
                            data-testid="delete-bank"
                          >
                            <span aria-hidden>✕</span>
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="sm">
            {bank === null ? (
              <Text c="dimmed">{t('bank.selectBank')}</Text>
            ) : (
              <Stack gap="sm">
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
                    {editable && (
                      <>
                        <Button size="xs" onClick={() => setEntryDialog({ entry: null })} data-testid="add-entry">
                          {t('bank.addEntry')}
                        </Button>
                        <Button size="xs" variant="light" onClick={() => setImportOpen(true)} data-testid="import-open">
                          {t('bank.importTitle')}
                        </Button>
                      </>
                    )}
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
                    {editable && (
                      <>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={selected.size === 0}
                          onClick={() => setConfirm({ kind: 'selected' })}
                          data-testid="delete-selected"
                        >
                          {t('bank.deleteSelected')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={(entries.data?.total ?? 0) === 0}
                          onClick={() => setConfirm({ kind: 'all' })}
                          data-testid="delete-all"
                        >
                          {t('bank.deleteAll')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Group>
                <EntryTable
                  rows={rows}
                  loading={entries.isLoading}
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
                                onClick={() => setEntryDialog({ entry: r })}
                                data-testid="edit-entry"
                              >
                                {t('bank.edit')}
                              </Button>
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color="red"
                                onClick={() => setConfirm({ kind: 'entry', entry: r })}
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
                <TablePager pages={entries.data?.pages ?? 0} page={page} onChange={setPage} testId="entry-pages" />
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      {bankDialog && (
        <BankDialog
          opened
          mode={bankDialog.mode}
          initialName={bankDialog.mode === 'rename' ? bankDialog.bank.name : ''}
          busy={saveBank.isPending}
          onSubmit={(v) => saveBank.mutate(v)}
          onClose={() => setBankDialog(null)}
        />
      )}
      {entryDialog && bank && (
        <EntryDialog
          opened
          editing={entryDialog.entry !== null}
          initial={{
            source: entryDialog.entry?.source ?? '',
            translated: entryDialog.entry?.translated ?? '',
            note: entryDialog.entry?.note ?? '',
          }}
          srcLang={bank.src_lang}
          busy={saveEntry.isPending}
          onSubmit={(v) => saveEntry.mutate(v)}
          onClose={() => setEntryDialog(null)}
        />
      )}
      {importOpen && bank && (
        <ImportDialog opened flag={flag} progress={progress} onSubmit={(f) => void runImport(f)} onClose={() => setImportOpen(false)} />
      )}
      {confirm && (
        <ConfirmDialog
          opened
          message={confirmMessage(confirm)}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}
