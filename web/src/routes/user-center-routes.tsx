/** The user center: only for logged-in users; free users are sent to the engine page. */
import { createRoute, redirect } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { mainSiteOnlyRedirect, userCenterRedirect, type Viewer } from '../auth/guards';
import { hasAuthToken } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { goodsQueryOptions } from '../commerce/commerce-query-options';
import { currentLang } from '../i18n';
import { MAIN_SITE_ONLY_PATHS, USER_CENTER_NAV } from '../nav/nav-items';
import { AccountPage } from '../pages/account-page';
import { apiKeysRoute } from '../pages/app-keys/app-keys-routes';
import { historyRoute, memberRoute, messageRoute } from '../pages/user-center/user-center-page-routes';
import { permissionQueryOptions } from '../queries/permission-query-options';
import { userDataQueryOptions } from '../queries/user-data-query-options';
import { isOnMainSite, useOnMainSite } from '../site/use-site';
import { AreaLayout } from './area-layout';
import { rootRoute, type RouterContext } from './root-route';

async function viewer(queryClient: QueryClient): Promise<Viewer> {
  if (!hasAuthToken()) return { hasToken: false, rank: 'FREE', role: null };
  const user = await queryClient.ensureQueryData(userDataQueryOptions(currentSessionUser()));
  return { hasToken: true, rank: user.rank, role: user.role };
}

function UserCenterLayout() {
  const { data: user } = useSuspenseQuery(userDataQueryOptions(currentSessionUser()));
  const onMainSite = useOnMainSite();
  // BILLING=off (get_goods `billing: false`): no /member.
  const billingOff = useQuery(goodsQueryOptions(currentSessionUser(), currentLang())).data?.billing === false;
  const hidden = [
    ...(mainSiteOnlyRedirect({ hasToken: true, rank: user.rank, role: user.role }, onMainSite) ? MAIN_SITE_ONLY_PATHS : []),
    ...(billingOff ? ['/member'] : []),
  ];
  return <AreaLayout area="userCenter" testId="user-center-layout" navTestId="user-center-nav" nav={USER_CENTER_NAV} hidden={hidden} />;
}

export const userCenterLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'user-center',
  beforeLoad: async ({ context: { queryClient } }) => {
    const to = userCenterRedirect(await viewer(queryClient));
    if (to) throw redirect({ to });
  },
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([
      queryClient.ensureQueryData(permissionQueryOptions(currentSessionUser())),
      // The catalogue decides whether /member shows; a failure only leaves it shown.
      queryClient.ensureQueryData(goodsQueryOptions(currentSessionUser(), currentLang())).catch(() => undefined),
    ]);
  },
  component: UserCenterLayout,
});

const center = () => userCenterLayoutRoute;

/** Member and history: NORMAL users of a non-main site are sent to their account page. */
async function guardMainSiteOnly({ context: { queryClient } }: { context: RouterContext }) {
  const to = mainSiteOnlyRedirect(await viewer(queryClient), await isOnMainSite(queryClient));
  if (to) throw redirect({ to });
}

export const userCenterRoutes = [
  createRoute({ getParentRoute: center, path: '/account', component: AccountPage }),
  memberRoute(center, guardMainSiteOnly),
  historyRoute(center, guardMainSiteOnly),
  messageRoute(center),
  apiKeysRoute(center),
] as const;
