/** The /backups route: the first page of backups and the schedule loaded before it renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import type { RouterContext } from '../../../routes/root-route';
import { backupListQueryOptions, backupSettingsQueryOptions } from './backups-api';
import { BackupsPage } from './backups-page';

export function backupsRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/backups',
    staticData: { titleKey: 'nav.backups' },
    loader: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      await Promise.all([
        queryClient.ensureQueryData(backupListQueryOptions(user, 1)),
        queryClient.ensureQueryData(backupSettingsQueryOptions(user)),
      ]);
    },
    component: BackupsPage,
  });
}
