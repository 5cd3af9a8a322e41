/**
 * The /error-reports route: for whom the server gives the AllMyTM key (administrators and
 * managers, who keep the system memories the reports feed; /403 for everyone else), the filters
 * and page in the URL, the first page loaded before it renders.
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import { permissionQueryOptions } from '../../../queries/permission-query-options';
import type { RouterContext } from '../../../routes/root-route';
import { errorReportsQueryOptions } from './error-reports-api';
import { ErrorReportsPage } from './error-reports-page';
import { errorReportQueryOf, validateErrorReportSearch, type ErrorReportSearch } from './error-reports-search';

export function errorReportsRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/error-reports',
    staticData: { titleKey: 'nav.errorReports' },
    validateSearch: validateErrorReportSearch,
    beforeLoad: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const permission = await queryClient.ensureQueryData(permissionQueryOptions(currentSessionUser()));
      if (permission.permissions.AllMyTM === undefined) throw redirect({ to: '/403' });
    },
    loaderDeps: ({ search }) => errorReportQueryOf(search),
    loader: async ({ context, deps }) => {
      const { queryClient } = context as RouterContext;
      await queryClient.ensureQueryData(errorReportsQueryOptions(currentSessionUser(), deps));
    },
    component: function ErrorReportsRoute() {
      const search = route.useSearch() as ErrorReportSearch;
      const navigate = route.useNavigate();
      return <ErrorReportsPage search={search} onSearch={(next) => void navigate({ search: next } as Parameters<typeof navigate>[0])} />;
    },
  });
  return route;
}
