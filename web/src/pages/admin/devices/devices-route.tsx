/** The /device-mgr route: the device list and the enterprises to assign to, loaded before it renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { devicesQueryOptions, enterpriseChoicesQueryOptions } from './devices-api';
import { DevicesPage } from './devices-page';

export function devicesRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/device-mgr',
    staticData: { titleKey: 'nav.devices' },
    loader: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      await Promise.all([
        queryClient.ensureQueryData(devicesQueryOptions(user)),
        queryClient.ensureQueryData(enterpriseChoicesQueryOptions(user)),
      ]);
    },
    component: DevicesPage,
  });
}
