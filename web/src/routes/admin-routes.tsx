/** The admin back end: ADMIN and MANAGER only; NORMAL and free users get the 403 page. */
import { createRoute, redirect } from '@tanstack/react-router';
import { adminRedirect, managementRedirect } from '../auth/guards';
import { hasAuthToken } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { ADMIN_NAV } from '../nav/nav-items';
import { permissionQueryOptions } from '../queries/permission-query-options';
import { userDataQueryOptions } from '../queries/user-data-query-options';
import { allBanksRoute } from '../pages/banks/bank-page-routes';
import { orderManagementRoute } from '../pages/admin/orders/order-management-route';
import { allUsersRoute, userDataRoute } from '../pages/admin/users/user-admin-routes';
import { homeRoute } from '../pages/admin/home/home-route';
import { editorRoute } from '../pages/admin/editor/editor-route';
import { systemLogRoute } from '../pages/admin/system-log/system-log-route';
import { backupsRoute } from '../pages/admin/backups/backups-route';
import { trafficRoute } from '../pages/admin/traffic/traffic-route';
import { errorReportsRoute } from '../pages/admin/error-reports/error-reports-route';
import { adminAppKeysRoute } from '../pages/app-keys/app-keys-routes';
import { statsRoute } from '../pages/admin/stats/stats-route';
import { devicesRoute } from '../pages/admin/devices/devices-route';
import { managementRoute } from '../pages/admin/management/management-route';
import { isOnMainSite } from '../site/use-site';
import { AreaLayout } from './area-layout';
import { bankRoute } from './bank-routes';
import { rootRoute, type RouterContext } from './root-route';

function AdminLayout() {
  return <AreaLayout area="admin" testId="admin-layout" navTestId="admin-nav" nav={ADMIN_NAV} />;
}

export const adminLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'admin',
  beforeLoad: async ({ context: { queryClient } }) => {
    const permission = hasAuthToken() ? await queryClient.ensureQueryData(permissionQueryOptions(currentSessionUser())) : null;
    const to = adminRedirect({ hasToken: permission !== null, rank: permission?.rank ?? 'FREE', role: permission?.role ?? null });
    if (to) throw redirect({ to });
  },
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(userDataQueryOptions(currentSessionUser()));
  },
  component: AdminLayout,
});

const admin = () => adminLayoutRoute;

async function guardManagement({ context: { queryClient } }: { context: RouterContext }) {
  const user = await queryClient.ensureQueryData(userDataQueryOptions(currentSessionUser()));
  const to = managementRedirect(user.username, await isOnMainSite(queryClient));
  if (to) throw redirect({ to });
}

export const adminRoutes = [
  homeRoute(admin),
  allUsersRoute(admin),
  userDataRoute(admin),
  managementRoute(admin, guardManagement),
  bankRoute(admin, '/system-memorybank', 'nav.systemMemory', 0, 'system'),
  bankRoute(admin, '/system-termbank', 'nav.systemTerm', 1, 'system'),
  allBanksRoute(admin, '/all-memorybank', 'nav.allMemory', 0),
  allBanksRoute(admin, '/all-temtermbank', 'nav.allTerm', 1),
  orderManagementRoute(admin),
  bankRoute(admin, '/system-publictermbank', 'nav.systemPublicTerm', 1, 'public'),
  systemLogRoute(admin),
  trafficRoute(admin),
  errorReportsRoute(admin),
  adminAppKeysRoute(admin),
  statsRoute(admin),
  devicesRoute(admin),
  editorRoute(admin),
  backupsRoute(admin),
  createRoute({
    getParentRoute: admin,
    path: '/user-pages',
    beforeLoad: () => {
      throw redirect({ to: '/alluser' });
    },
  }),
] as const;
