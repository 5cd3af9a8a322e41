/**
 * /api-keys (user center): the user's app keys for the public API (`app/keys`), newest first,
 * ten a page (`?page=` in the URL), revoked ones included with their state. "Create key" asks
 * for a name, then shows the new secret once; "Revoke" asks first. With no key yet the page
 * says what a key is for.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../auth/session-user';
import { TablePager } from '../../components/table-pager';
import { AppKeyTable } from './app-key-table';
import { appKeysKey, ownAppKeysQueryOptions, revokeOwnAppKey, type AppKeyItem, type CreatedAppKey } from './app-keys-api';
import { CreateKeyDialog } from './create-key-dialog';
import { NewKeyDialog } from './new-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';

type Props = { page: number; onPage: (page: number) => void };

function EmptyKeys() {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="app-keys-empty">
      <Text fw={600}>{t('appKeys.empty')}</Text>
      <Text size="sm" c="dimmed">
        {t('appKeys.emptyHint')}
      </Text>
    </Stack>
  );
}

export function ApiKeysPage({ page, onPage }: Props) {
  const { t } = useTranslation();
  const user = currentSessionUser();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(ownAppKeysQueryOptions(user, page));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAppKey | null>(null);
  const [revoking, setRevoking] = useState<AppKeyItem | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: appKeysKey(user) });

  return (
    <Stack gap="md" maw={1100} data-testid="api-keys-page">
      <Group justify="space-between" gap="sm">
        <Title order={2}>{t('nav.apiKeys')}</Title>
        <Button onClick={() => setCreating(true)} data-testid="app-key-create">
          {t('appKeys.create')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('appKeys.intro')}{' '}
        <Anchor component={Link} to="/api-doc" size="sm">
          {t('nav.apiDoc')}
        </Anchor>
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          {data.total === 0 ? <EmptyKeys /> : <AppKeyTable keys={data.list} onRevoke={setRevoking} />}
          <TablePager pages={data.pages} page={page} onChange={onPage} testId="app-key-pages" />
        </Stack>
      </Paper>

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            // The new key is the newest: it heads the first page.
            onPage(1);
            refresh();
          }}
        />
      )}
      {created && <NewKeyDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeKeyDialog
          appKey={revoking}
          revoke={revokeOwnAppKey}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setRevoking(null);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}
