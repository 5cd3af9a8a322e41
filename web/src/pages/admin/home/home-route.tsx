/** The /home route: the summary is loaded before the page renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import { homeSummaryQueryOptions } from '../../../content/content-query-options';
import type { RouterContext } from '../../../routes/root-route';
import { HomePage } from './home-page';

export function homeRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/home',
    staticData: { titleKey: 'nav.home' },
    loader: async ({ context }) => {
      await (context as RouterContext).queryClient.ensureQueryData(homeSummaryQueryOptions(currentSessionUser()));
    },
    component: HomePage,
  });
}
