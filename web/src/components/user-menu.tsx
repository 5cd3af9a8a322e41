/** The header's account menu: who is logged in, the way between areas, and logout. */
import { Button, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PermissionMap, UserData } from '@mtp/proto';
import { currentLoginPath, endSession, hasAuthToken } from '../auth/session';

export type Area = 'main' | 'userCenter' | 'admin';

type Props = { user: UserData; permissions: PermissionMap; area: Area };

export function UserMenu({ user, permissions, area }: Props) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const go = (href: string) => void router.navigate({ href });

  if (user.user_id === null || !hasAuthToken()) {
    return (
      <Button size="compact-sm" data-testid="login-link" onClick={() => go(currentLoginPath())}>
        {t('user.login')}
      </Button>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="light" size="compact-sm" data-testid="user-menu">
          {user.username || user.account_number}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.account_number}</Menu.Label>
        {area !== 'userCenter' && <Menu.Item onClick={() => go('/account')}>{t('user.account')}</Menu.Item>}
        {area !== 'admin' && permissions.ToBackstage && (
          <Menu.Item data-testid="to-backstage" onClick={() => go('/toBackstage')}>
            {t('user.backstage')}
          </Menu.Item>
        )}
        {area !== 'main' && <Menu.Item onClick={() => go('/toIndex')}>{t('user.frontend')}</Menu.Item>}
        <Menu.Divider />
        <Menu.Item color="red" data-testid="logout" onClick={() => void endSession(queryClient, (href) => router.navigate({ href }))}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
