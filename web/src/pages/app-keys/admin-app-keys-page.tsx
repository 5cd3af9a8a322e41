/**
 * /app-keys (admin area): every app key the server lets the viewer see (`admin/app_keys`: all of
 * them for the platform administrator, a manager's own site's users' keys), with owner, site and
 * state, searched by keyword (debounced 500 ms like the other tables, in the URL with the page),
 * ten a page; a live key can be revoked after a confirmation naming it and its owner.
 */
import { useState } from 'react';
import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { TablePager } from '../../components/table-pager';
import { usePagedSearch } from '../../components/use-paged-search';
import type { PageFilter } from '../../queries/query-keys';
import { pageFilterOf, type TableSearch } from '../../routes/table-search';
import { AppKeyTable } from './app-key-table';
import { adminAppKeysQueryOf, allAppKeysQueryOptions, appKeysKey, revokeAnyAppKey, type AdminAppKeyItem } from './app-keys-api';
import { RevokeKeyDialog } from './revoke-key-dialog';

type Props = { search: TableSearch; onSearch: (next: PageFilter) => void };

export function AdminAppKeysPage({ search, onSearch }: Props) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(allAppKeysQueryOptions(user, adminAppKeysQueryOf(search)));
  const table = usePagedSearch({ value: pageFilterOf(search), onChange: onSearch });
  const [revoking, setRevoking] = useState<AdminAppKeyItem | null>(null);

  return (
    <Stack gap="md" data-testid="admin-app-keys-page">
      <Title order={2}>{t('nav.appKeys')}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label={t('appKeys.keyword')}
            placeholder={t('appKeys.keywordHint')}
            value={table.search}
            onChange={(e) => table.typeSearch(e.currentTarget.value)}
            data-testid="app-key-search"
            w={{ base: '100%', sm: 320 }}
          />
          <Text size="sm" c="dimmed" data-testid="app-key-total">
            {t('appKeys.total', { count: data.total })}
          </Text>
          {data.total === 0 ? (
            <Text c="dimmed" data-testid="app-keys-none">
              {t('appKeys.none')}
            </Text>
          ) : (
            <AppKeyTable keys={data.list} withOwner onRevoke={setRevoking} />
          )}
          <TablePager pages={data.pages} page={search.page ?? 1} onChange={table.setPage} testId="app-key-pages" />
        </Stack>
      </Paper>
      {revoking && (
        <RevokeKeyDialog
          appKey={revoking}
          revoke={revokeAnyAppKey}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null);
            void queryClient.invalidateQueries({ queryKey: appKeysKey(user) });
          }}
        />
      )}
    </Stack>
  );
}
