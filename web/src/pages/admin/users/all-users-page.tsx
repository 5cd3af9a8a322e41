/**
 * /alluser: the users an administrator (every site) or a manager (their own site) may see,
 * filtered by account/name, role, plan, state and registration date (all in the URL), ten a page;
 * add, edit, first password, activate/deactivate, and for the super administrator administrator
 * rights, membership, characters and deletion; batch import with its row report.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAN_CODES, ROLES, type AdminUserItem, type PlanCode, type UserState } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { usePagedSearch } from '../../../components/use-paged-search';
import { userDataQueryOptions } from '../../../queries/user-data-query-options';
import { useOnMainSite } from '../../../site/use-site';
import { ImportDialog } from './import-dialog';
import { deleteUser, setAdminRights, setUserActivated } from './user-admin-endpoints';
import { userAdminKeys, usersQueryOptions } from './user-admin-query-options';
import { CharsDialog, ConfirmDialog, MembershipDialog, PasswordDialog, UserFormDialog } from './user-dialogs';
import { usersQueryOf, validateUserSearch, type UserSearch } from './user-search';
import { roleKey, UserTable, type UserAction } from './user-table';

type Props = { search: UserSearch; onSearch: (next: UserSearch) => void };
type Open = { kind: UserAction | 'add' | 'import'; user: AdminUserItem | null } | null;

export function AllUsersPage({ search, onSearch }: Props) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(userDataQueryOptions(user));
  const { data } = useSuspenseQuery(usersQueryOptions(user, usersQueryOf(search)));
  const onMainSite = useOnMainSite();
  // Role 0 is the super administrator on the main site only, as the server decides.
  const superAdmin = me.role === ROLES.ADMIN && onMainSite;
  const [open, setOpen] = useState<Open>(null);
  const filter = (patch: Partial<UserSearch>) => onSearch(validateUserSearch({ ...search, ...patch, page: undefined }));
  const table = usePagedSearch({
    value: { page: search.page ?? 1, keyword: search.keyword ?? '' },
    onChange: (next) => onSearch(validateUserSearch({ ...search, ...next })),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userAdminKeys.all(user) });
  const done = () => {
    setOpen(null);
    showSuccess(t('userAdmin.saved'));
    refresh();
  };
  const confirmed = (call: () => Promise<unknown>) => async () => {
    await call();
    showSuccess(t('userAdmin.saved'));
    refresh();
  };
  const close = () => setOpen(null);
  const target = open?.user ?? null;

  return (
    <Stack gap="md" data-testid="all-users-page">
      <Group justify="space-between">
        <Title order={2}>{t('nav.allUser')}</Title>
        <Group gap="sm">
          <Button onClick={() => setOpen({ kind: 'add', user: null })} data-testid="user-add">
            {t('userAdmin.add')}
          </Button>
          <Button variant="light" onClick={() => setOpen({ kind: 'import', user: null })} data-testid="user-import">
            {t('userAdmin.import')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('userAdmin.keyword')}
              value={table.search}
              onChange={(e) => table.typeSearch(e.currentTarget.value)}
              data-testid="user-search"
              w={{ base: '100%', sm: 220 }}
            />
            <NativeSelect
              label={t('userAdmin.roleLabel')}
              value={search.role === undefined ? '' : String(search.role)}
              onChange={(e) => filter({ role: e.currentTarget.value === '' ? undefined : (Number(e.currentTarget.value) as 0 | 1 | 2) })}
              data={[{ value: '', label: t('userAdmin.any') }, ...[0, 1, 2].map((r) => ({ value: String(r), label: t(roleKey(r)) }))]}
              data-testid="user-role"
              w={{ base: '100%', sm: 150 }}
            />
            <NativeSelect
              label={t('userAdmin.planLabel')}
              value={search.plan ?? ''}
              onChange={(e) => filter({ plan: (e.currentTarget.value || undefined) as PlanCode | undefined })}
              data={[{ value: '', label: t('userAdmin.any') }, ...PLAN_CODES.map((p) => ({ value: p, label: t(`userAdmin.plan.${p}`) }))]}
              data-testid="user-plan"
              w={{ base: '100%', sm: 150 }}
            />
            <NativeSelect
              label={t('userAdmin.state')}
              value={search.state ?? ''}
              onChange={(e) => filter({ state: (e.currentTarget.value || undefined) as UserState | undefined })}
              data={[
                { value: '', label: t('userAdmin.any') },
                { value: 'active', label: t('userAdmin.active') },
                { value: 'inactive', label: t('userAdmin.inactive') },
              ]}
              data-testid="user-state"
              w={{ base: '100%', sm: 140 }}
            />
            <DateRangeFilter
              from={search.from}
              to={search.to}
              labels={{ from: t('userAdmin.from'), to: t('userAdmin.to') }}
              onChange={filter}
              testIdPrefix="user"
            />
          </Group>
          <UserTable users={data.list} superAdmin={superAdmin} onAction={(kind, u) => setOpen({ kind, user: u })} />
          <TablePager pages={data.pages} page={search.page ?? 1} onChange={table.setPage} testId="user-pages" />
        </Stack>
      </Paper>

      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserFormDialog user={target} canChooseRole={superAdmin} onClose={close} onDone={done} />
      )}
      {open?.kind === 'password' && target && <PasswordDialog user={target} onClose={close} onDone={done} />}
      {open?.kind === 'membership' && target && <MembershipDialog user={target} onClose={close} onDone={done} />}
      {open?.kind === 'chars' && target && <CharsDialog user={target} onClose={close} onDone={done} />}
      {open?.kind === 'import' && <ImportDialog onClose={close} onImported={refresh} />}
      {open?.kind === 'toggle' && target && (
        <ConfirmDialog
          title={target.activated ? t('userAdmin.deactivate') : t('userAdmin.activate')}
          body={target.account}
          onClose={close}
          onConfirm={confirmed(() => setUserActivated(target.user_id, !target.activated))}
        />
      )}
      {open?.kind === 'admin' && target && (
        <ConfirmDialog
          title={target.role === ROLES.ADMIN ? t('userAdmin.revokeAdmin') : t('userAdmin.grantAdmin')}
          body={target.account}
          onClose={close}
          onConfirm={confirmed(() => setAdminRights(target.user_id, target.role !== ROLES.ADMIN))}
        />
      )}
      {open?.kind === 'delete' && target && (
        <ConfirmDialog
          title={t('userAdmin.delete')}
          body={t('userAdmin.deleteConfirm', { account: target.account })}
          onClose={close}
          onConfirm={confirmed(() => deleteUser(target.user_id))}
        />
      )}
    </Stack>
  );
}
