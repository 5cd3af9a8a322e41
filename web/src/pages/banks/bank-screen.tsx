/**
 * The one TM / termbase screen, parameterized by `flag` (0 memory, 1 termbase) and `scope`
 * (individual, the non-public system banks, or the public system termbases staff manage): the
 * bank list on the left, the chosen bank's entries on the right with search, paging, add/edit,
 * delete one / selected / all, import and export.
 *
 * The chosen bank, the entry page and the keyword are the route's search params (`?bank=&page=
 * &keyword=`, routes/bank-routes.tsx), so back/forward and a reload come back to the same place;
 * the route's loader has already put the account's banks and that page in the cache.
 */
import { Badge, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isAdminRole } from '@mtp/proto';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSessionUser, GUEST } from '../../auth/session-user';
import { canEdit, chosenBank, type BankFlag, type BankScope } from '../../banks/bank-rules';
import { usePagedSearch } from '../../components/use-paged-search';
import type { NavLabelKey } from '../../nav/nav-items';
import { bankListQueryOptions } from '../../queries/bank-query-options';
import { userDataQueryOptions } from '../../queries/user-data-query-options';
import { pageFilterOf, tableSearchOf, type BankSearch } from '../../routes/table-search';
import { BankListPanel } from './bank-list-panel';
import { BankScreenDialogs, useBankDialogs } from './bank-screen-dialogs';
import { EntryPanel } from './entry-panel';
import { useBankMutations } from './use-bank-mutations';

export type BankScreenProps = {
  flag: BankFlag;
  scope: BankScope;
  titleKey: NavLabelKey;
  /** The route's validated search params. */
  search: BankSearch;
  /** Moves to other search params (a new history entry). */
  onSearch: (next: BankSearch) => void;
};

export function BankScreen({ flag, scope, titleKey, search, onSearch }: BankScreenProps) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const { data: me } = useSuspenseQuery(userDataQueryOptions(user));
  const { data: banks } = useSuspenseQuery(bankListQueryOptions(user, flag, scope));
  // Free visitors may open the main area, but banks need a login: nothing to edit or load.
  const editable = user !== GUEST && canEdit(scope, isAdminRole(me.role));
  const bank = chosenBank(banks.bank_list, search.bank);

  const paged = usePagedSearch({
    value: pageFilterOf(search),
    onChange: (next) => onSearch({ ...(search.bank !== undefined ? { bank: search.bank } : {}), ...tableSearchOf(next) }),
  });
  // Another bank starts on its first page; the keyword stays in the box, as it is typed.
  const showBank = (bankId: number | undefined) =>
    onSearch({ ...(bankId !== undefined ? { bank: bankId } : {}), ...tableSearchOf({ page: 1, keyword: paged.keyword }) });

  const [selected, setSelected] = useState<Set<number>>(new Set());
  useEffect(() => setSelected(new Set()), [bank?.bank_id, paged.page, paged.keyword]);

  const dialogs = useBankDialogs();
  const mutations = useBankMutations({
    user,
    flag,
    scope,
    bank,
    selected,
    clearSelected: () => setSelected(new Set()),
    dialogs,
    onShownBankDeleted: () => showBank(undefined),
  });

  return (
    <Stack gap="md" data-testid={`bank-screen-${flag}-${scope}`}>
      <Group justify="space-between">
        <Title order={2}>{t(titleKey)}</Title>
        {!editable && <Badge color="gray">{t('bank.readOnly')}</Badge>}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <BankListPanel
            flag={flag}
            scope={scope}
            banks={banks.bank_list}
            limits={banks.limits}
            shownId={bank?.bank_id ?? null}
            editable={editable}
            onChoose={(b) => showBank(b.bank_id)}
            onCreate={() => dialogs.setBankDialog({ mode: 'create' })}
            onRename={(b) => dialogs.setBankDialog({ mode: 'rename', bank: b })}
            onDelete={(b) => dialogs.setConfirm({ kind: 'bank', bank: b })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="sm">
            {bank === null ? (
              <Text c="dimmed">{t('bank.selectBank')}</Text>
            ) : (
              // A bank the loader did not prepare (one just created) loads here, not over the screen.
              <Suspense
                fallback={
                  <Center py="md">
                    <Loader size="sm" />
                  </Center>
                }
              >
                <EntryPanel
                  user={user}
                  flag={flag}
                  scope={scope}
                  bank={bank}
                  limits={banks.limits}
                  editable={editable}
                  paged={paged}
                  selected={selected}
                  setSelected={setSelected}
                  dialogs={dialogs}
                />
              </Suspense>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <BankScreenDialogs
        flag={flag}
        scope={scope}
        limits={banks.limits}
        bank={bank}
        selectedCount={selected.size}
        dialogs={dialogs}
        mutations={mutations}
      />
    </Stack>
  );
}
