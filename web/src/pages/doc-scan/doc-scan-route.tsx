/**
 * `/docScan` (feature key ScanDoc: registered users; visitors see the page with a login note).
 * The loader puts the language pairs and the caller's newest scan in the query cache, so coming
 * back to the page shows the scan at once.
 */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { hasAuthToken } from '../../auth/session';
import { currentSessionUser } from '../../auth/session-user';
import { currentLang } from '../../i18n';
import type { RouterContext } from '../../routes/root-route';
import { candidatePageQueryOptions, latestScanQueryOptions, termLanguagesQueryOptions } from './doc-scan-api';
import { DocScanPage } from './doc-scan-page';

export function docScanRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/docScan',
    staticData: { titleKey: 'nav.docScan' },
    loader: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      // A failed call does not block the page: its query tries again when the page renders.
      const languages = queryClient.ensureQueryData(termLanguagesQueryOptions(currentLang())).catch(() => undefined);
      if (hasAuthToken()) {
        const user = currentSessionUser();
        const scan = await queryClient.ensureQueryData(latestScanQueryOptions(user)).catch(() => null);
        // A finished scan shows its first page and how many are chosen at once.
        if (scan?.status === 'done') {
          await Promise.all(
            [false, true].map((chosenOnly) =>
              queryClient.ensureQueryData(candidatePageQueryOptions(user, scan.task_id, { page: 1, chosenOnly })).catch(() => undefined),
            ),
          );
        }
      }
      await languages;
    },
    component: DocScanPage,
  });
}
