/**
 * /user-data?user_id=: one user's profile, plan, balance, characters used per day and kind (the
 * last 30 days), orders, recent documents and their own memories and termbases (read here;
 * moderated on the all-banks screens, which the banks card links to).
 */
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BankItem } from '@mtp/proto';
import { Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentSessionUser } from '../../../auth/session-user';
import { formatDateTime } from '../../../commerce/format';
import { toUiLang } from '../../../i18n/lang';
import { useLanguageName } from '../../banks/bank-dialogs';
import { userAdminDataQueryOptions } from './user-admin-query-options';
import { roleKey } from './user-table';

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

export function UserDataPage({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  if (!userId) {
    return (
      <Text data-testid="user-data-page">
        {t('userAdmin.pickUser')}{' '}
        <Anchor component={Link} to="/alluser">
          {t('nav.allUser')}
        </Anchor>
      </Text>
    );
  }
  return <UserData userId={userId} />;
}

function UserData({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const { data } = useSuspenseQuery(userAdminDataQueryOptions(currentSessionUser(), userId));
  const { profile, member, balance } = data;
  const orders = [...data.orders.current.inuse_order_list, ...data.orders.current.freeze_order_list, ...data.orders.expired.order_list];
  return (
    <Stack gap="md" data-testid="user-data-page">
      <Title order={2}>
        {profile.account} <Badge variant="light">{profile.activated ? t('userAdmin.active') : t('userAdmin.inactive')}</Badge>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder data-testid="user-profile">
          <Field label={t('userAdmin.username')} value={profile.username} />
          <Field label={t('userAdmin.roleLabel')} value={t(roleKey(profile.role))} />
          <Field label={t('userAdmin.site')} value={profile.site_name} />
          <Field label={t('userAdmin.registered')} value={formatDateTime(profile.created_at, lang)} />
        </Card>
        <Card withBorder data-testid="user-plan-card">
          <Field label={t('userAdmin.planLabel')} value={t(`userAdmin.plan.${member.plan_code}`)} />
          <Field label={t('userAdmin.expires')} value={formatDateTime(member.expiration_time, lang) || '—'} />
          <Field label={t('userAdmin.balance')} value={balance.total_left.toLocaleString()} />
          <Field label={t('userAdmin.packagesLeft')} value={balance.packages_left.toLocaleString()} />
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600}>{t('userAdmin.usage')}</Text>
        {data.usage.length === 0 ? (
          <Text c="dimmed">{t('userAdmin.noUsage')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table data-testid="user-usage">
              <Table.Tbody>
                {data.usage.map((u) => (
                  <Table.Tr key={`${u.day}-${u.kind}`}>
                    <Table.Td>{u.day}</Table.Td>
                    <Table.Td>{t(`userAdmin.kind.${u.kind as 'text' | 'picture' | 'task'}`)}</Table.Td>
                    <Table.Td ta="right">{u.chars.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Text fw={600}>{t('userAdmin.orders')}</Text>
        {orders.length === 0 && <Text c="dimmed">{t('userAdmin.none')}</Text>}
        {orders.map((o) => (
          <Text key={o.tid} size="sm" data-testid="user-order">
            {o.goods_name} · {formatDateTime(o.created_at, lang)}
          </Text>
        ))}
      </Card>
      <Card withBorder>
        <Text fw={600}>{t('userAdmin.tasks')}</Text>
        {data.tasks.length === 0 && <Text c="dimmed">{t('userAdmin.none')}</Text>}
        {data.tasks.map((f) => (
          <Text key={f.projectId} size="sm" data-testid="user-task">
            {f.file_name} · {f.status} · {formatDateTime(f.created_at, lang)}
          </Text>
        ))}
      </Card>
      <UserBanks banks={data.banks} />
    </Stack>
  );
}

/** The user's memories and termbases, one line each (wraps on a phone), and where to moderate them. */
function UserBanks({ banks }: { banks: readonly BankItem[] }) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const langName = useLanguageName();
  return (
    <Card withBorder data-testid="user-banks">
      <Text fw={600}>{t('userAdmin.banks')}</Text>
      {banks.length === 0 && <Text c="dimmed">{t('userAdmin.none')}</Text>}
      {banks.map((b) => (
        <Text key={b.bank_id} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="user-bank">
          <Badge variant="light" size="sm" mr={6}>
            {t(b.flag === 0 ? 'userAdmin.memory' : 'userAdmin.termbase')}
          </Badge>
          {b.name} · {t(b.tow_way === 1 ? 'bank.pairTwoWay' : 'bank.pair', { src: langName(b.src_lang), tgt: langName(b.tgt_lang) })} ·{' '}
          {t('bank.entries', { count: b.entry_count })} · {formatDateTime(b.created_at, lang)}
        </Text>
      ))}
      <Text size="xs" c="dimmed" mt="xs">
        {t('userAdmin.banksNote')}{' '}
        <Anchor component={Link} to="/all-memorybank" data-testid="user-banks-memories">
          {t('nav.allMemory')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/all-temtermbank" data-testid="user-banks-termbases">
          {t('nav.allTerm')}
        </Anchor>
      </Text>
    </Card>
  );
}
