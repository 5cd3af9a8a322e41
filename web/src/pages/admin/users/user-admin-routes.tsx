/** The /alluser and /user-data routes: filters in the URL, the first answer loaded before rendering. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { AllUsersPage } from './all-users-page';
import { UserDataPage } from './user-data-page';
import { userAdminDataQueryOptions, usersQueryOptions } from './user-admin-query-options';
import { usersQueryOf, validateUserSearch, type UserSearch } from './user-search';

export function allUsersRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/alluser',
    staticData: { titleKey: 'nav.allUser' },
    validateSearch: validateUserSearch,
    loaderDeps: ({ search }) => usersQueryOf(search),
    loader: async ({ context, deps }) => {
      await (context as RouterContext).queryClient.ensureQueryData(usersQueryOptions(currentSessionUser(), deps));
    },
    component: function AllUsersRoute() {
      const search = route.useSearch() as UserSearch;
      const navigate = route.useNavigate();
      return <AllUsersPage search={search} onSearch={(next) => void navigate({ search: next } as Parameters<typeof navigate>[0])} />;
    },
  });
  return route;
}

const userIdOf = (search: Record<string, unknown>) => {
  const n = Number(search.user_id);
  return { user_id: Number.isInteger(n) && n > 0 ? n : undefined };
};

export function userDataRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/user-data',
    staticData: { titleKey: 'nav.userData' },
    validateSearch: userIdOf,
    loaderDeps: ({ search }) => search,
    loader: async ({ context, deps }) => {
      if (deps.user_id)
        await (context as RouterContext).queryClient.ensureQueryData(userAdminDataQueryOptions(currentSessionUser(), deps.user_id));
    },
    component: function UserDataRoute() {
      const { user_id } = route.useSearch() as { user_id?: number };
      return <UserDataPage userId={user_id ?? null} />;
    },
  });
  return route;
}
