/**
 * `/all-memorybank` and `/all-temtermbank` (admin area): every user's banks of one kind with
 * their owner (administrators all sites, managers their own; the server decides), searched by
 * bank name, account or user name and paged. Choosing a bank shows its entries read-only with
 * export and deletion (ModeratedEntries); a whole bank can be deleted after a confirmation.
 */
import { Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { OwnedBankItem } from '@mtp/proto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import { deleteBank } from '../../api/bank-endpoints';
import { currentSessionUser, GUEST } from '../../auth/session-user';
import type { BankFlag } from '../../banks/bank-rules';
import { showSuccess } from '../../components/toast';
import type { NavLabelKey } from '../../nav/nav-items';
import { allBanksQueryOptions } from '../../queries/bank-query-options';
import { queryKeys } from '../../queries/query-keys';
import { AllBanksTable } from './all-banks-table';
import { ConfirmDialog } from './bank-dialogs';
import { ModeratedEntries } from './moderated-entries';

export function AllBanksScreen({ flag, titleKey }: { flag: BankFlag; titleKey: NavLabelKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const { page, setPage, search, keyword, typeSearch } = usePagedSearch();

  // useQuery rather than suspense: paging keeps the previous page on screen while the next loads.
  const banks = useQuery({
    ...allBanksQueryOptions(user, flag, { page, keyword }),
    enabled: user !== GUEST,
    placeholderData: keepPreviousData,
  });
  const list = banks.data?.list ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = list.find((b) => b.bank_id === chosenId) ?? null;
  const [toDelete, setToDelete] = useState<OwnedBankItem | null>(null);
  const refreshBanks = () => queryClient.invalidateQueries({ queryKey: queryKeys.allBanks(user, flag) });

  const removeBank = useMutation({
    mutationFn: (b: OwnedBankItem) => deleteBank(flag, b.bank_id),
    onSuccess: async (_data, b) => {
      showSuccess(t('bank.deleted'));
      setToDelete(null);
      if (b.bank_id === chosenId) setChosenId(null);
      await refreshBanks();
    },
  });

  return (
    <Stack gap="md" data-testid={`all-banks-screen-${flag}`}>
      <Title order={2}>{t(titleKey)}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="sm">
            <Stack gap="sm">
              <TextInput
                placeholder={t('bank.searchBanks')}
                aria-label={t('bank.searchBanks')}
                value={search}
                onChange={(e) => typeSearch(e.currentTarget.value)}
                data-testid="bank-search"
              />
              <AllBanksTable
                banks={list}
                loading={banks.isLoading}
                chosenId={chosenId}
                onView={(b) => setChosenId(b.bank_id)}
                onDelete={setToDelete}
              />
              <TablePager pages={banks.data?.pages ?? 0} page={page} onChange={setPage} testId="bank-pages" />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="sm">
            {chosen ? (
              <ModeratedEntries key={chosen.bank_id} flag={flag} bank={chosen} onChanged={refreshBanks} />
            ) : (
              <Text c="dimmed">{t('bank.chooseUserBank')}</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {toDelete && (
        <ConfirmDialog
          opened
          message={t('bank.deleteBankConfirm', { name: toDelete.name })}
          busy={removeBank.isPending}
          onConfirm={() => removeBank.mutate(toDelete)}
          onClose={() => setToDelete(null)}
        />
      )}
    </Stack>
  );
}
