/**
 * The keys of the two app-key screens: a table from `sm` up (scrolling inside its box where the
 * window is narrower than its columns), cards on a phone. The staff's list adds each key's owner
 * and site. Only a live key can be revoked; revoked ones stay listed with their state.
 */
import { Badge, Button, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../commerce/format';
import { useIsPhone } from '../../components/use-phone';
import { toUiLang } from '../../i18n/lang';
import { appKeyState } from './app-key-rules';
import type { AdminAppKeyItem, AppKeyItem } from './app-keys-api';

/** A user's own key, or a staff row that also names the owner and site. */
type Key = AppKeyItem & Partial<Pick<AdminAppKeyItem, 'account' | 'username' | 'site_id' | 'site_name'>>;
type Props<T extends Key> = { keys: T[]; withOwner?: boolean; onRevoke: (key: T) => void };

function StateBadge({ revokedAt }: { revokedAt: string | null | undefined }) {
  const { t } = useTranslation();
  const state = appKeyState({ revoked_at: revokedAt ?? null });
  return (
    <Badge
      variant="light"
      color={state === 'live' ? 'teal' : 'gray'}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="app-key-state"
    >
      {t(`appKeys.${state}`)}
    </Badge>
  );
}

function RevokeButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="compact-sm" variant="light" color="red" onClick={onClick} data-testid="app-key-revoke">
      {t('appKeys.revoke')}
    </Button>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const owner = (k: Key) => (k.username ? `${k.account} (${k.username})` : (k.account ?? ''));

export function AppKeyTable<T extends Key>({ keys, withOwner = false, onRevoke }: Props<T>) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, lang) : t('appKeys.never'));

  if (phone) {
    return (
      <Stack gap="sm" data-testid="app-key-table">
        {keys.map((k) => (
          <Card key={k.app_id} withBorder padding="sm" data-testid="app-key-row" data-app-id={k.app_id} data-state={appKeyState(k)}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ minWidth: 0, wordBreak: 'break-word' }}>
                  {k.name}
                </Text>
                <StateBadge revokedAt={k.revoked_at} />
              </Group>
              <Code style={{ wordBreak: 'break-all' }}>{k.app_id}</Code>
              {withOwner && (
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {owner(k)} · {t('appKeys.site')} {k.site_name ?? k.site_id}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('appKeys.created')}: {when(k.created_at)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('appKeys.lastUsed')}: {when(k.last_used_at)}
              </Text>
              {!k.revoked_at && (
                <Group justify="flex-end">
                  <RevokeButton onClick={() => onRevoke(k)} />
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={withOwner ? 960 : 720} data-testid="app-key-table">
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {t('appKeys.name')} / {t('appKeys.appId')}
            </Table.Th>
            {withOwner && <Table.Th>{t('appKeys.owner')}</Table.Th>}
            {withOwner && <Table.Th style={NOWRAP}>{t('appKeys.site')}</Table.Th>}
            <Table.Th>
              {t('appKeys.created')} / {t('appKeys.lastUsed')}
            </Table.Th>
            <Table.Th style={NOWRAP}>{t('appKeys.state')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.app_id} data-testid="app-key-row" data-app-id={k.app_id} data-state={appKeyState(k)}>
              {/* The name above its app id (and the dates together): the row fits a laptop without scrolling. */}
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {k.name}
                </Text>
                <Code style={NOWRAP}>{k.app_id}</Code>
              </Table.Td>
              {withOwner && (
                <Table.Td miw={160} style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{k.account}</Text>
                  <Text size="xs" c="dimmed">
                    {k.username}
                  </Text>
                </Table.Td>
              )}
              {withOwner && <Table.Td>{k.site_name ?? k.site_id}</Table.Td>}
              <Table.Td style={NOWRAP}>
                <Text size="sm">{when(k.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {t('appKeys.lastUsed')}: {when(k.last_used_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StateBadge revokedAt={k.revoked_at} />
              </Table.Td>
              <Table.Td>{!k.revoked_at && <RevokeButton onClick={() => onRevoke(k)} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
