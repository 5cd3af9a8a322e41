/** The /problem route (public, like the main area): the FAQ is loaded before the page renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { faqQueryOptions } from '../../content/content-query-options';
import { currentLang } from '../../i18n';
import type { RouterContext } from '../../routes/root-route';
import { ProblemPage } from './problem-page';

export function problemRoute<TParent extends AnyRoute>(parent: () => TParent) {
  return createRoute({
    getParentRoute: parent,
    path: '/problem',
    staticData: { titleKey: 'nav.faq' },
    loader: async ({ context }) => {
      await (context as RouterContext).queryClient.ensureQueryData(faqQueryOptions(currentLang()));
    },
    component: ProblemPage,
  });
}
