/**
 * What a logged-in user can do with their session, shown twice by the app frame: as the
 * header's menu on wide screens and inside the navigation drawer on phones, where a header
 * has no room for it next to the brand and the language switch.
 */
import { Divider, NavLink, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PermissionMap, UserData } from '@mtp/proto';
import { endSession } from '../auth/session';

export type Area = 'main' | 'userCenter' | 'admin';

export type AccountLink = { href: string; labelKey: 'user.account' | 'user.backstage' | 'user.frontend'; testId: string };

/** The ways between the areas this user has from `area`, in menu order. */
export function accountLinks(area: Area, permissions: PermissionMap): AccountLink[] {
  const links: AccountLink[] = [];
  if (area !== 'userCenter') links.push({ href: '/account', labelKey: 'user.account', testId: 'to-account' });
  if (area !== 'admin' && permissions.ToBackstage) links.push({ href: '/toBackstage', labelKey: 'user.backstage', testId: 'to-backstage' });
  if (area !== 'main') links.push({ href: '/toIndex', labelKey: 'user.frontend', testId: 'to-frontend' });
  return links;
}

/** Navigates and logs out through the router; shared so both renderings behave alike. */
export function useAccountActions() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return {
    go: (href: string) => void router.navigate({ href }),
    logOut: () => void endSession(queryClient, (href) => router.navigate({ href })),
  };
}

type DrawerProps = { user: UserData; permissions: PermissionMap; area: Area; onNavigate: () => void };

/** The drawer's account section (phones): who is logged in, the links, the messages (unread count) and logout. */
export function DrawerAccountLinks({ user, permissions, area, onNavigate }: DrawerProps) {
  const { t } = useTranslation();
  const { go, logOut } = useAccountActions();
  const follow = (href: string) => {
    onNavigate();
    go(href);
  };
  return (
    <div data-testid="drawer-account">
      <Divider my="xs" />
      <Text size="sm" fw={600} px="sm" truncate data-testid="drawer-user">
        {user.username || user.account_number}
      </Text>
      {user.username && (
        <Text size="xs" c="dimmed" px="sm" truncate>
          {user.account_number}
        </Text>
      )}
      {accountLinks(area, permissions).map((link) => (
        <NavLink key={link.href} label={t(link.labelKey)} onClick={() => follow(link.href)} data-testid={`drawer-${link.testId}`} />
      ))}
      <NavLink
        label={t('commerce.unreadCount', { count: user.msg_count })}
        onClick={() => follow('/message')}
        data-testid="drawer-to-messages"
        data-unread={user.msg_count}
      />
      <NavLink label={t('user.logout')} c="red" onClick={logOut} data-testid="drawer-logout" />
    </div>
  );
}
