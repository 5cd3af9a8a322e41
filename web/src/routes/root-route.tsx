/**
 * The root: router context, the pages shown when nothing matches or a load fails, and the
 * helper for placeholder feature routes.
 */
import { Navigate, Outlet, createRootRouteWithContext, createRoute, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
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

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
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
    component: () => <FeaturePlaceholder titleKey={titleKey} />,
  });
}
