/**
 * The root: router context, the session check and the page title (for every page at once), the
 * pages shown when nothing matches or a load fails, and the helper for placeholder feature routes.
 */
import { Navigate, Outlet, createRootRouteWithContext, createRoute, useRouterState, type AnyRoute } from '@tanstack/react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { currentSiteCode } from '../auth/session';
import { useSessionCheck } from '../auth/session-check';
import { loginConfigQueryOptions } from '../queries/login-config-query-options';
import { useDocumentTitle } from '../site/use-site';
import { useTranslation } from 'react-i18next';
import { FeaturePlaceholder } from '../components/feature-placeholder';
import { StatusPage } from '../components/status-page';
import { currentUserAgent, mobileRedirect } from '../mobile/mobile';
import type { NavLabelKey } from '../nav/nav-items';

export type RouterContext = { queryClient: QueryClient };

export function NotFoundPage() {
  const { t } = useTranslation();
  // Spec section 2: on a phone any unknown path (or unknown site code) leads to the trial page.
  const mobileTo = mobileRedirect({ userAgent: currentUserAgent(), pathname: '', notFound: true });
  if (mobileTo) return <Navigate to={mobileTo} replace />;
  return <StatusPage code="404" title={t('page.notFoundTitle')} body={t('page.notFoundBody')} testId="not-found-page" />;
}

export function LoadErrorPage() {
  const { t } = useTranslation();
  return <StatusPage title={t('app.errorTitle')} body={t('app.errorBody')} action="retry" testId="error-page" />;
}

/** The title follows the page; on a white-label login page it is that site's, else the user's. */
function useRouteDocumentTitle(): void {
  const siteParam = useRouterState({ select: (state) => state.matches.find((m) => m.routeId === '/$siteCode')?.params });
  const code = (siteParam as { siteCode?: string } | undefined)?.siteCode ?? currentSiteCode();
  useDocumentTitle(useQuery(loginConfigQueryOptions(code)).data);
}

function Root() {
  useSessionCheck();
  useRouteDocumentTitle();
  return <Outlet />;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: LoadErrorPage,
});

/** A placeholder screen route: the feature's title and the "not available yet" notice. */
type Guard = (opts: { context: RouterContext }) => Promise<void> | void;

export function featureRoute<TParent extends AnyRoute, TPath extends string>(
  parent: () => TParent,
  path: TPath,
  titleKey: NavLabelKey,
  guard?: Guard,
) {
  return createRoute({
    getParentRoute: parent,
    path,
    beforeLoad: guard ? ({ context }) => guard({ context: context as RouterContext }) : undefined,
    staticData: { titleKey },
    component: () => <FeaturePlaceholder titleKey={titleKey} />,
  });
}
