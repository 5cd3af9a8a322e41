/** The users as a table from `sm` up, cards on a phone; each row's actions in one menu. */
import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ROLES, type AdminUserItem } from '@mtp/proto';
import { formatDateTime } from '../../../commerce/format';
import { useIsPhone } from '../../../components/use-phone';
import { toUiLang } from '../../../i18n/lang';

export type UserAction = 'edit' | 'password' | 'toggle' | 'admin' | 'membership' | 'chars' | 'delete';

type Props = { users: AdminUserItem[]; superAdmin: boolean; onAction: (action: UserAction, user: AdminUserItem) => void };

export function roleKey(role: number) {
  return role === ROLES.ADMIN ? 'userAdmin.role.admin' : role === ROLES.MANAGER ? 'userAdmin.role.manager' : 'userAdmin.role.user';
}

function Actions({ user, superAdmin, onAction }: { user: AdminUserItem } & Omit<Props, 'users'>) {
  const { t } = useTranslation();
  const item = (action: UserAction, label: string, color?: string) => (
    <Menu.Item color={color} onClick={() => onAction(action, user)} data-testid={`user-${action}`}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('userAdmin.actions')} data-testid="user-actions">
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {item('edit', t('userAdmin.edit'))}
        {item('password', t('userAdmin.setPassword'))}
        {item('toggle', user.activated ? t('userAdmin.deactivate') : t('userAdmin.activate'))}
        {superAdmin && item('admin', user.role === ROLES.ADMIN ? t('userAdmin.revokeAdmin') : t('userAdmin.grantAdmin'))}
        {superAdmin && item('membership', t('userAdmin.setMembership'))}
        {superAdmin && item('chars', t('userAdmin.grantChars'))}
        {superAdmin && item('delete', t('userAdmin.delete'), 'red')}
      </Menu.Dropdown>
    </Menu>
  );
}

export function UserTable({ users, superAdmin, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toUiLang(i18n.language);
  const phone = useIsPhone();
  if (users.length === 0)
    return (
      <Text c="dimmed" data-testid="user-table">
        {t('userAdmin.none')}
      </Text>
    );
  const state = (u: AdminUserItem) => (
    <Badge variant="light" color={u.activated ? 'green' : 'gray'}>
      {u.activated ? t('userAdmin.active') : t('userAdmin.inactive')}
    </Badge>
  );
  const name = (u: AdminUserItem) => (
    <Anchor component={Link} to="/user-data" search={{ user_id: u.user_id } as never} data-testid="user-link">
      {u.account}
    </Anchor>
  );
  const plan = (u: AdminUserItem) =>
    `${t(`userAdmin.plan.${u.plan_code}`)}${u.expiration_time ? ` · ${formatDateTime(u.expiration_time, lang)}` : ''}`;

  if (phone) {
    return (
      <Stack gap="sm" data-testid="user-table">
        {users.map((u) => (
          <Card key={u.user_id} withBorder padding="sm" data-testid="user-row" data-user-id={u.user_id}>
            <Group justify="space-between" wrap="nowrap">
              {name(u)}
              <Actions user={u} superAdmin={superAdmin} onAction={onAction} />
            </Group>
            <Text size="sm">
              {u.username} · {t(roleKey(u.role))} · {u.site_name}
            </Text>
            <Group gap="xs">
              {state(u)}
              <Text size="xs" c="dimmed">
                {plan(u)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900} data-testid="user-table">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('userAdmin.account')}</Table.Th>
            <Table.Th>{t('userAdmin.username')}</Table.Th>
            <Table.Th>{t('userAdmin.roleLabel')}</Table.Th>
            <Table.Th>{t('userAdmin.site')}</Table.Th>
            <Table.Th>{t('userAdmin.planLabel')}</Table.Th>
            <Table.Th>{t('userAdmin.state')}</Table.Th>
            <Table.Th>{t('userAdmin.registered')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.user_id} data-testid="user-row" data-user-id={u.user_id}>
              <Table.Td>{name(u)}</Table.Td>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>{t(roleKey(u.role))}</Table.Td>
              <Table.Td>{u.site_name}</Table.Td>
              <Table.Td>{plan(u)}</Table.Td>
              <Table.Td>{state(u)}</Table.Td>
              <Table.Td>{formatDateTime(u.created_at, lang)}</Table.Td>
              <Table.Td>
                <Actions user={u} superAdmin={superAdmin} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
