/**
 * The layout of an area (main, user center, admin): the app frame with the user, their
 * permission map and the navigation entries that map allows. Each area's layout route loads
 * both queries before this renders.
 */
import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentSessionUser } from '../auth/session-user';
import { AppFrame } from '../components/app-frame';
import type { Area } from '../components/user-menu';
import { visibleNavItems, type NavItem } from '../nav/nav-items';
import { permissionQueryOptions } from '../queries/permission-query-options';
import { userDataQueryOptions } from '../queries/user-data-query-options';

type Props = {
  area: Area;
  testId: string;
  navTestId: string;
  nav: readonly NavItem[];
  /** Entries this user may not open even when the permission map has them. */
  hidden?: readonly string[];
  /** Shown above every page of the area. */
  banner?: ReactNode;
};

export function AreaLayout({ area, testId, navTestId, nav, hidden, banner }: Props) {
  const sessionUser = currentSessionUser();
  const { data: user } = useSuspenseQuery(userDataQueryOptions(sessionUser));
  const { data: permission } = useSuspenseQuery(permissionQueryOptions(sessionUser));
  return (
    <AppFrame
      area={area}
      testId={testId}
      navTestId={navTestId}
      navItems={visibleNavItems(nav, permission.permissions, hidden)}
      user={user}
      permissions={permission.permissions}
      banner={banner}
    />
  );
}
