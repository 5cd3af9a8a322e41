/**
 * The header's account menu: who is logged in, the way between areas, and logout. Phones get
 * the same links in the navigation drawer instead (`DrawerAccountLinks`): the menu's button
 * shows from `sm` up only, while a guest's "Log in" stays in the header at every width.
 */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionMap, UserData } from '@mtp/proto';
import { currentLoginPath, hasAuthToken } from '../auth/session';
import { accountLinks, useAccountActions, type Area } from './account-links';

export type { Area } from './account-links';

type Props = { user: UserData; permissions: PermissionMap; area: Area };

/** Whether the user menu (and the drawer's account section) applies: someone is logged in. */
export function isLoggedIn(user: UserData): boolean {
  return user.user_id !== null && hasAuthToken();
}

export function UserMenu({ user, permissions, area }: Props) {
  const { t } = useTranslation();
  const { go, logOut } = useAccountActions();

  if (!isLoggedIn(user)) {
    return (
      <Button size="compact-sm" data-testid="login-link" onClick={() => go(currentLoginPath())}>
        {t('user.login')}
      </Button>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="light" size="compact-sm" data-testid="user-menu" visibleFrom="sm" maw={220}>
          {user.username || user.account_number}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.account_number}</Menu.Label>
        {accountLinks(area, permissions).map((link) => (
          <Menu.Item key={link.href} data-testid={link.testId} onClick={() => go(link.href)}>
            {t(link.labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" data-testid="logout" onClick={logOut}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
