/**
 * The /traffic route: only for whom the server gives the TrafficManagement key (the platform
 * administrator; /403 for everyone else), the settings and first page of overrides loaded first.
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { permissionQueryOptions } from '../../../queries/permission-query-options';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { trafficOverridesQueryOptions, trafficSettingsQueryOptions } from './traffic-api';
import { TrafficPage } from './traffic-page';

export function trafficRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/traffic',
    staticData: { titleKey: 'nav.traffic' },
    beforeLoad: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const permission = await queryClient.ensureQueryData(permissionQueryOptions(currentSessionUser()));
      if (permission.permissions.TrafficManagement === undefined) throw redirect({ to: '/403' });
    },
    loader: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      await Promise.all([
        queryClient.ensureQueryData(trafficSettingsQueryOptions(user)),
        queryClient.ensureQueryData(trafficOverridesQueryOptions(user, { page: 1 })),
      ]);
    },
    component: TrafficPage,
  });
}
