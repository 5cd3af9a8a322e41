/** The /management route: the guard of admin-routes.tsx, the first page loaded before it renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { companyListQueryOptions } from './company-api';
import { ManagementPage } from './management-page';

type Guard = (opts: { context: RouterContext }) => Promise<void>;

export function managementRoute<TParent extends AnyRoute>(parent: () => TParent, guard: Guard) {
  return createRoute({
    getParentRoute: parent,
    path: '/management',
    staticData: { titleKey: 'nav.management' },
    beforeLoad: ({ context }) => guard({ context: context as RouterContext }),
    loader: async ({ context }) => {
      await (context as RouterContext).queryClient.ensureQueryData(companyListQueryOptions(currentSessionUser(), { page: 1 }));
    },
    component: ManagementPage,
  });
}
