/**
 * The main (translation) area. Free visitors may enter: get_user_data and the permission map
 * answer without a token, and the navigation shows what the map allows.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { currentUserAgent, mobileRedirect } from '../mobile/mobile';
import { MAIN_NAV } from '../nav/nav-items';
import { ApiDocPage } from '../pages/api-doc/api-doc-page';
import { AddinsPage, siteShowsAddins } from '../pages/addins/addins-page';
import { useCurrentSite } from '../site/use-site';
import { DocTranslatePage } from '../pages/documents/doc-translate-page';
import { publicTermRoute } from '../pages/banks/bank-page-routes';
import { MyFilesPage } from '../pages/documents/my-files-page';
import { TextTranslatePage } from '../pages/translate/text-translate-page';
import { hasAuthToken } from '../auth/session';
import { currentSessionUser } from '../auth/session-user';
import { myFilesQueryOptions } from '../queries/my-files-query-options';
import { permissionQueryOptions } from '../queries/permission-query-options';
import { userDataQueryOptions } from '../queries/user-data-query-options';
import { AreaLayout } from './area-layout';
import { LiveBulletins } from '../content/live-bulletins';
import { problemRoute } from '../pages/problem/problem-route';
import { postEditRoute } from '../pages/post-edit/post-edit-route';
import { docScanRoute } from '../pages/doc-scan/doc-scan-route';
import { WebTranslatePage } from '../pages/web-translate/web-translate-page';
import { PictureTranslatePage } from '../pages/picture-translate/picture-translate-page';
import { bankRoute } from './bank-routes';
import { rootRoute } from './root-route';
import { pageFilterOf, validateTableSearch } from './table-search';

function MainLayout() {
  const hidden = siteShowsAddins(useCurrentSite()) ? [] : ['/addins'];
  return <AreaLayout area="main" testId="main-layout" navTestId="main-nav" nav={MAIN_NAV} hidden={hidden} banner={<LiveBulletins />} />;
}

export const mainLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  loader: async ({ context: { queryClient } }) => {
    const user = currentSessionUser();
    await Promise.all([queryClient.ensureQueryData(userDataQueryOptions(user)), queryClient.ensureQueryData(permissionQueryOptions(user))]);
  },
  component: MainLayout,
});

const main = () => mainLayoutRoute;

/** The engine page: text translation (nav entry and feature key TextTranslation). Visitors on phones get the mobile trial. */
export const textTranslateRoute = createRoute({
  getParentRoute: main,
  path: '/',
  beforeLoad: ({ location }) => {
    const to = mobileRedirect({ userAgent: currentUserAgent(), pathname: location.pathname, loggedIn: hasAuthToken() });
    if (to) throw redirect({ to, replace: true });
  },
  component: TextTranslatePage,
});

/** Document translation (feature key DocTranslation); the task survives leaving the page. */
export const docTranslateRoute = createRoute({ getParentRoute: main, path: '/file', component: DocTranslatePage });

/** My Documents (feature key MyDocuments); the page and keyword are search params. */
export const myFilesRoute = createRoute({
  getParentRoute: main,
  path: '/myfile',
  validateSearch: validateTableSearch,
  loaderDeps: ({ search }) => pageFilterOf(search),
  // Returns nothing: the page reads the cache, so the router keeps no copy of the list.
  loader: async ({ context: { queryClient }, deps }) => {
    await queryClient.ensureQueryData(myFilesQueryOptions(currentSessionUser(), deps));
  },
  component: function MyFiles() {
    const search = myFilesRoute.useSearch();
    const navigate = myFilesRoute.useNavigate();
    return <MyFilesPage search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});

export const mainRoutes = [
  textTranslateRoute,
  docTranslateRoute,
  createRoute({
    getParentRoute: main,
    path: '/picturetranslate',
    staticData: { titleKey: 'nav.picture' },
    component: PictureTranslatePage,
  }),
  createRoute({ getParentRoute: main, path: '/webpage', staticData: { titleKey: 'nav.web' }, component: WebTranslatePage }),
  myFilesRoute,
  docScanRoute(main),
  postEditRoute(main),
  bankRoute(main, '/mymemorybank', 'nav.myMemory', 0, 'individual'),
  bankRoute(main, '/mytermbank', 'nav.myTerm', 1, 'individual'),
  publicTermRoute(main, '/publictermbank', 'nav.publicTerm'),
  createRoute({ getParentRoute: main, path: '/api-doc', staticData: { titleKey: 'nav.apiDoc' }, component: ApiDocPage }),
  createRoute({ getParentRoute: main, path: '/addins', staticData: { titleKey: 'nav.addins' }, component: AddinsPage }),
  problemRoute(main),
] as const;

/** Root-level redirects between the areas (spec section 2). */
export const toBackstageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/toBackstage',
  beforeLoad: () => {
    throw redirect({ to: '/home' });
  },
});

export const toIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/toIndex',
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});
