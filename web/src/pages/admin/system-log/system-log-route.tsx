/** The /systemlog route: the filters and page in the URL, the first page loaded before it renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { systemLogQueryOptions } from './system-log-api';
import { SystemLogPage } from './system-log-page';
import { systemLogQueryOf, validateSystemLogSearch, type SystemLogSearch } from './system-log-search';

export function systemLogRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/systemlog',
    staticData: { titleKey: 'nav.systemLog' },
    validateSearch: validateSystemLogSearch,
    loaderDeps: ({ search }) => systemLogQueryOf(search),
    loader: async ({ context, deps }) => {
      const { queryClient } = context as RouterContext;
      await queryClient.ensureQueryData(systemLogQueryOptions(currentSessionUser(), deps));
    },
    component: function SystemLogRoute() {
      const search = route.useSearch() as SystemLogSearch;
      const navigate = route.useNavigate();
      return <SystemLogPage search={search} onSearch={(next) => void navigate({ search: next } as Parameters<typeof navigate>[0])} />;
    },
  });
  return route;
}
