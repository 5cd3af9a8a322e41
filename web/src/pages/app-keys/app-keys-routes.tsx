/**
 * The routes of the two app-key screens: /api-keys in the user center (any signed-in user; the
 * layout already sends free visitors away) and /app-keys in the admin area (the platform
 * administrator sees every key, a manager their own site's: the server decides). The page, and
 * on /app-keys the keyword, live in the URL; the first page is loaded before the screen renders.
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../auth/session-user';
import type { RouterContext } from '../../routes/root-route';
import { tableSearchOf, validateTableSearch, type TableSearch } from '../../routes/table-search';
import { validatePageSearch, type PageSearch } from '../user-center/user-center-search';
import { AdminAppKeysPage } from './admin-app-keys-page';
import { ApiKeysPage } from './api-keys-page';
import { adminAppKeysQueryOf, allAppKeysQueryOptions, ownAppKeysQueryOptions } from './app-keys-api';

export function apiKeysRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/api-keys',
    staticData: { titleKey: 'nav.apiKeys' },
    validateSearch: validatePageSearch,
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: async ({ context, deps }) => {
      await (context as RouterContext).queryClient.ensureQueryData(ownAppKeysQueryOptions(currentSessionUser(), deps.page));
    },
    component: function ApiKeysRoute() {
      const search = route.useSearch() as PageSearch;
      const navigate = route.useNavigate();
      return (
        <ApiKeysPage
          page={search.page ?? 1}
          onPage={(page) => void navigate({ search: validatePageSearch({ page }) } as Parameters<typeof navigate>[0])}
        />
      );
    },
  });
  return route;
}

export function adminAppKeysRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/app-keys',
    staticData: { titleKey: 'nav.appKeys' },
    validateSearch: validateTableSearch,
    loaderDeps: ({ search }) => adminAppKeysQueryOf(search),
    loader: async ({ context, deps }) => {
      await (context as RouterContext).queryClient.ensureQueryData(allAppKeysQueryOptions(currentSessionUser(), deps));
    },
    component: function AdminAppKeysRoute() {
      const search = route.useSearch() as TableSearch;
      const navigate = route.useNavigate();
      return (
        <AdminAppKeysPage
          search={search}
          onSearch={(next) => void navigate({ search: tableSearchOf(next) } as Parameters<typeof navigate>[0])}
        />
      );
    },
  });
  return route;
}
