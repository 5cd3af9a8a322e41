/**
 * The header's account menu: who is logged in, the way between areas, and logout. Phones get
 * the same links in the navigation drawer instead (`DrawerAccountLinks`): the menu's button
 * shows from `sm` up only, while a guest's "Log in" stays in the header at every width.
 * Beside it the commerce host: the "upgrade" button, the purchase dialog (which the API
 * client's 41005 / 42005 open from any page) and the low-balance warning; on the button, the
 * count of unread messages (`msg_count`) with a way to the message center.
 */
import { Button, Indicator, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionMap, UserData } from '@mtp/proto';
import { currentLoginPath, hasAuthToken } from '../auth/session';
import { CommerceHost } from '../commerce/commerce-host';
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
      <>
        <CommerceHost user={user} />
        <Button size="compact-sm" data-testid="login-link" onClick={() => go(currentLoginPath())}>
          {t('user.login')}
        </Button>
      </>
    );
  }

  const unread = user.msg_count;
  return (
    <>
      <CommerceHost user={user} />
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Indicator disabled={unread <= 0} label={unread > 99 ? '99+' : unread} size={16} visibleFrom="sm" data-testid="unread-count">
            <Button variant="light" size="compact-sm" data-testid="user-menu" visibleFrom="sm" maw={220}>
              {user.username || user.account_number}
            </Button>
          </Indicator>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.account_number}</Menu.Label>
          {accountLinks(area, permissions).map((link) => (
            <Menu.Item key={link.href} data-testid={link.testId} onClick={() => go(link.href)}>
              {t(link.labelKey)}
            </Menu.Item>
          ))}
          <Menu.Item data-testid="to-messages" data-unread={unread} onClick={() => go('/message')}>
            {t('commerce.unreadCount', { count: unread })}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" data-testid="logout" onClick={logOut}>
            {t('user.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
