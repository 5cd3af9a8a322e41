/**
 * The /stats route: the range and site in the URL, the figures loaded before it renders. The page
 * (with @mantine/charts and recharts, the biggest libraries of the admin area) is a chunk of its
 * own, loaded only here, so the main bundle does not carry the chart library.
 */
import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { statsQueryOptions } from './stats-api';
import { statsQueryOf, validateStatsSearch } from './stats-search';

export function statsRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/stats',
    staticData: { titleKey: 'nav.stats' },
    validateSearch: validateStatsSearch,
    loaderDeps: ({ search }) => statsQueryOf(search),
    loader: async ({ context, deps }) => {
      await (context as RouterContext).queryClient.ensureQueryData(statsQueryOptions(currentSessionUser(), deps));
    },
    component: lazyRouteComponent(() => import('./stats-page'), 'StatsPage'),
  });
}
