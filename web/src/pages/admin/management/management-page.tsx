/**
 * /management (enterprise management, the platform administrator's): the enterprises searched
 * by code, name or manager, ten a page; creating and editing one (with its logos), renewing it.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Enterprise } from '@mtp/proto';
import { currentSessionUser } from '../../../auth/session-user';
import { TablePager } from '../../../components/table-pager';
import { showSuccess } from '../../../components/toast';
import { usePagedSearch } from '../../../components/use-paged-search';
import { companyKeys, companyListQueryOptions, fetchSuggestedCode } from './company-api';
import { FirstPasswordDialog, RenewDialog } from './enterprise-dialogs';
import { emptyForm, formOf, type EnterpriseFormValues } from './enterprise-form';
import { EnterpriseFormDialog } from './enterprise-form-dialog';
import { EnterpriseTable } from './enterprise-table';

type Editing = { siteId: number | null; initial: EnterpriseFormValues };

export function ManagementPage() {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const table = usePagedSearch();
  const { data } = useSuspenseQuery(
    companyListQueryOptions(user, { page: table.page, ...(table.keyword ? { keyword: table.keyword } : {}) }),
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [renewing, setRenewing] = useState<Enterprise | null>(null);
  const [firstPassword, setFirstPassword] = useState<{ account: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.all(user) });

  const startCreate = async () => {
    // A suggested code the administrator may keep or change; without it the field starts empty.
    const suggested = await fetchSuggestedCode().catch(() => null);
    setEditing({ siteId: null, initial: emptyForm(suggested?.suggested_code ?? '') });
  };

  return (
    <Stack gap="md" data-testid="management-page">
      <Title order={2}>{t('enterprise.title')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              label={t('enterprise.search')}
              value={table.search}
              onChange={(e) => table.typeSearch(e.currentTarget.value)}
              data-testid="enterprise-search"
              w={{ base: '100%', sm: 280 }}
            />
            <Button onClick={() => void startCreate()} data-testid="enterprise-create">
              {t('enterprise.create')}
            </Button>
          </Group>
          <EnterpriseTable
            enterprises={data.enterprise_list}
            onEdit={(e) => setEditing({ siteId: e.site_id, initial: formOf(e) })}
            onRenew={setRenewing}
          />
          <TablePager pages={data.pages} page={table.page} onChange={table.setPage} testId="enterprise-pages" />
        </Stack>
      </Paper>
      {editing && (
        <EnterpriseFormDialog
          siteId={editing.siteId}
          initial={editing.initial}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            showSuccess(t('enterprise.saved'));
            void refresh();
            if (saved.manager_password && saved.enterprise.manager_account)
              setFirstPassword({ account: saved.enterprise.manager_account, password: saved.manager_password });
          }}
        />
      )}
      {renewing && (
        <RenewDialog
          enterprise={renewing}
          onClose={() => setRenewing(null)}
          onRenewed={() => {
            setRenewing(null);
            showSuccess(t('enterprise.renewed'));
            void refresh();
          }}
        />
      )}
      {firstPassword && <FirstPasswordDialog {...firstPassword} onClose={() => setFirstPassword(null)} />}
    </Stack>
  );
}
