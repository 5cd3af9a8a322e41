/** The /ordermanagement route: the filters and page in the URL, the first answers loaded before it renders. */
import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { currentSessionUser } from '../../../auth/session-user';
import { adminGoodsQueryOptions, adminOrdersQueryOptions, goodsQueryOptions } from '../../../commerce/commerce-query-options';
import { currentLang } from '../../../i18n';
import type { RouterContext } from '../../../routes/root-route';
import { OrderManagementPage } from './order-management-page';
import { ordersQueryOf, validateOrderSearch, type OrderSearch } from './order-search';

export function orderManagementRoute<TParent extends AnyRoute>(parent: () => TParent) {
  const route = createRoute({
    getParentRoute: parent,
    path: '/ordermanagement',
    staticData: { titleKey: 'nav.orders' },
    validateSearch: validateOrderSearch,
    loaderDeps: ({ search }) => ordersQueryOf(search),
    loader: async ({ context, deps }) => {
      const { queryClient } = context as RouterContext;
      const user = currentSessionUser();
      const goods = await queryClient.ensureQueryData(goodsQueryOptions(user, currentLang())).catch(() => null);
      await Promise.all([
        queryClient.ensureQueryData(adminOrdersQueryOptions(user, deps)),
        // The price table shows only where something is sold.
        goods?.billing === false ? null : queryClient.ensureQueryData(adminGoodsQueryOptions(user)),
      ]);
    },
    component: function OrderManagementRoute() {
      const search = route.useSearch() as OrderSearch;
      const navigate = route.useNavigate();
      return <OrderManagementPage search={search} onSearch={(next) => void navigate({ search: next } as Parameters<typeof navigate>[0])} />;
    },
  });
  return route;
}
