/** Routes open to everybody: the login entries, password reset and the status pages. */
import { createRoute, notFound } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODES } from '@mtp/proto';
import { isApiError } from '../api/api-error';
import { StatusPage } from '../components/status-page';
import type { NavLabelKey } from '../nav/nav-items';
import { ForgetPage } from '../pages/auth/forget-page';
import { LoginPage } from '../pages/auth/login-page';
import { MobileTranslatePage } from '../pages/mobile/mobile-translate-page';
import { PublicityRegisterPage } from '../pages/mobile/publicity-register-page';
import { loginConfigQueryOptions } from '../queries/login-config-query-options';
import { rootRoute } from './root-route';

type LoginSearch = { redirect?: string };
const validateLoginSearch = (search: Record<string, unknown>): LoginSearch =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {};

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { titleKey: 'auth.loginTitle' },
  validateSearch: validateLoginSearch,
  component: function MainLogin() {
    const { redirect } = loginRoute.useSearch();
    // The main site's branding is a nicety; the form works without it.
    const site = useQuery(loginConfigQueryOptions(null)).data;
    return <LoginPage mode="main" site={site} siteCode={null} redirect={redirect} />;
  },
});

export const adminLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/adminlogin',
  staticData: { titleKey: 'auth.adminLoginTitle' },
  component: function AdminLogin() {
    const site = useQuery(loginConfigQueryOptions(null)).data;
    return <LoginPage mode="admin" site={site} siteCode={null} />;
  },
});

/** A white-label site's login; an unknown code is simply a page that does not exist. */
export const siteLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$siteCode',
  staticData: { titleKey: 'auth.loginTitle' },
  // A forced logout sends the user here with `?redirect=` back to where they were.
  validateSearch: validateLoginSearch,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(loginConfigQueryOptions(params.siteCode));
    } catch (err) {
      if (isApiError(err, CODES.SITE_NOT_FOUND.code)) throw notFound();
      throw err;
    }
  },
  component: function SiteLogin() {
    const { siteCode } = siteLoginRoute.useParams();
    const { redirect } = siteLoginRoute.useSearch();
    const { data: site } = useSuspenseQuery(loginConfigQueryOptions(siteCode));
    return <LoginPage mode="site" site={site} siteCode={siteCode} redirect={redirect} />;
  },
});

export const forgetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forget',
  staticData: { titleKey: 'auth.forgetTitle' },
  component: ForgetPage,
});

export const noActiveRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/noactive',
  staticData: { titleKey: 'page.noactiveTitle' },
  component: function NoActive() {
    const { t } = useTranslation();
    return <StatusPage title={t('page.noactiveTitle')} body={t('page.noactiveBody')} action="login" testId="noactive-page" />;
  },
});

export const forbiddenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/403',
  staticData: { titleKey: 'page.forbiddenTitle' },
  component: function Forbidden() {
    const { t } = useTranslation();
    return <StatusPage code="403" title={t('page.forbiddenTitle')} body={t('page.forbiddenBody')} testId="forbidden-page" />;
  },
});

/** The mobile entry (spec section 2): phones land here for `/` and unknown paths; anyone may open it. */
export const mobileTranslateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mobiletranslate',
  staticData: { titleKey: 'mobile.title' },
  component: MobileTranslatePage,
});

export const publicityRegisterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/publicityRegister',
  staticData: { titleKey: 'auth.registerTitle' },
  component: PublicityRegisterPage,
});

/** Public screens whose features arrive in later issues. */
function laterRoute<TPath extends string>(path: TPath, titleKey: NavLabelKey) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { titleKey },
    component: function Later() {
      const { t } = useTranslation();
      return <StatusPage title={t(titleKey)} body={t('page.arrivesLater')} testId="later-page" />;
    },
  });
}

export const publicRoutes = [
  loginRoute,
  adminLoginRoute,
  siteLoginRoute,
  forgetRoute,
  noActiveRoute,
  forbiddenRoute,
  mobileTranslateRoute,
  publicityRegisterRoute,
  laterRoute('/catview', 'nav.catView'),
  laterRoute('/caterror', 'nav.catError'),
  laterRoute('/thirdparty', 'nav.thirdParty'),
] as const;
