/**
 * The routes of /member, /history and /message: their guards, the loaders that fill the query
 * cache before the page renders (pages read with useSuspenseQuery), and the URL's page/filter.
 */
import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { currentSessionUser } from '../../auth/session-user';
import {
  currentOrdersQueryOptions,
  expiredOrdersQueryOptions,
  goodsQueryOptions,
  memberInfoQueryOptions,
  messagesQueryOptions,
  remainingQueryOptions,
} from '../../commerce/commerce-query-options';
import { currentLang } from '../../i18n';
import type { RouterContext } from '../../routes/root-route';
import { HistoryPage } from './history-page';
import { MemberPage } from './member-page';
import { MessagePage } from './message-page';
import {
  messageFilterOf,
  messageSearchOf,
  validateMessageSearch,
  validatePageSearch,
  type MessageSearch,
  type PageSearch,
} from './user-center-search';

type Guard = (opts: { context: RouterContext }) => Promise<void>;

/** Whether anything is sold; unknown (the catalogue failed) counts as yes, so pages stay reachable. */
export async function billingOn(queryClient: QueryClient): Promise<boolean> {
  const goods = await queryClient.ensureQueryData(goodsQueryOptions(currentSessionUser(), currentLang())).catch(() => null);
  return goods?.billing !== false;
}

export function memberRoute<TParent extends AnyRoute>(parent: () => TParent, mainSiteOnly: Guard) {
  return createRoute({
    getParentRoute: parent,
    path: '/member',
    staticData: { titleKey: 'nav.member' },
    beforeLoad: async ({ context }) => {
      await mainSiteOnly({ context: context as RouterContext });
      // BILLING=off: there is no membership to show.
      if (!(await billingOn((context as RouterContext).queryClient))) throw redirect({ to: '/account' });
    },
    loader: async ({ context }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      await Promise.all([
        queryClient.ensureQueryData(memberInfoQueryOptions(user)),
        queryClient.ensureQueryData(remainingQueryOptions(user)),
      ]);
    },
    component: MemberPage,
  });
}

export function historyRoute<TParent extends AnyRoute>(parent: () => TParent, mainSiteOnly: Guard) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/history',
    staticData: { titleKey: 'nav.history' },
    validateSearch: validatePageSearch,
    beforeLoad: ({ context }) => mainSiteOnly({ context: context as RouterContext }),
    loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
    loader: async ({ context, deps }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      await Promise.all([
        queryClient.ensureQueryData(currentOrdersQueryOptions(user)),
        queryClient.ensureQueryData(expiredOrdersQueryOptions(user, deps.page)),
      ]);
    },
    component: function HistoryRoute() {
      const search = route.useSearch() as PageSearch;
      const navigate = route.useNavigate();
      return (
        <HistoryPage
          page={search.page ?? 1}
          onPage={(page) => void navigate({ search: validatePageSearch({ page }) } as Parameters<typeof navigate>[0])}
        />
      );
    },
  });
  return route;
}

export function messageRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/message',
    staticData: { titleKey: 'nav.message' },
    validateSearch: validateMessageSearch,
    loaderDeps: ({ search }) => messageFilterOf(search),
    loader: async ({ context, deps }) => {
      await (context as RouterContext).queryClient.ensureQueryData(messagesQueryOptions(currentSessionUser(), deps));
    },
    component: function MessageRoute() {
      const search = route.useSearch() as MessageSearch;
      const navigate = route.useNavigate();
      return (
        <MessagePage
          filter={messageFilterOf(search)}
          onFilter={(next) => void navigate({ search: messageSearchOf(next) } as Parameters<typeof navigate>[0])}
        />
      );
    },
  });
  return route;
}
