/**
 * Query options of the commerce screens, every key under the account (`['user', user, ...]`,
 * queries/query-keys.ts), so a logout or a change of account drops them with the rest.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminOrdersQuery, UiLang } from '@mtp/proto';
import {
  fetchAdminGoods,
  fetchAdminOrders,
  fetchCurrentOrders,
  fetchExpiredOrders,
  fetchGoods,
  fetchMemberInfo,
  fetchMessages,
  fetchRemaining,
} from '../api/commerce-endpoints';
import type { SessionUser } from '../auth/session-user';
import { queryKeys, userKey } from '../queries/query-keys';

export type MessageFilter = { page: number; unread: boolean };

export const commerceKeys = {
  // Names and disabled reasons come in the UI language, and what is disabled depends on the caller.
  goods: (user: SessionUser, lang: UiLang) => [...userKey(user), 'goods', lang] as const,
  memberInfo: (user: SessionUser) => [...userKey(user), 'member-info'] as const,
  orders: (user: SessionUser) => [...userKey(user), 'orders'] as const,
  messages: (user: SessionUser) => [...userKey(user), 'messages'] as const,
  adminOrders: (user: SessionUser) => [...userKey(user), 'admin-orders'] as const,
  adminGoods: (user: SessionUser) => [...userKey(user), 'admin-goods'] as const,
};

export const goodsQueryOptions = (user: SessionUser, lang: UiLang) =>
  queryOptions({ queryKey: commerceKeys.goods(user, lang), queryFn: fetchGoods });

export const memberInfoQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: commerceKeys.memberInfo(user), queryFn: fetchMemberInfo, staleTime: 0 });

/** The same key as the translate pages' characters left: one answer, refreshed by either. */
export const remainingQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: queryKeys.remainingChars(user), queryFn: fetchRemaining, staleTime: 0 });

export const currentOrdersQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: [...commerceKeys.orders(user), 'current'] as const, queryFn: fetchCurrentOrders, staleTime: 0 });

export const expiredOrdersQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({ queryKey: [...commerceKeys.orders(user), 'expired', page] as const, queryFn: () => fetchExpiredOrders(page) });

export const messagesQueryOptions = (user: SessionUser, filter: MessageFilter) =>
  queryOptions({
    queryKey: [...commerceKeys.messages(user), filter] as const,
    queryFn: () => fetchMessages({ page: filter.page, ...(filter.unread ? { unread: true } : {}) }),
    staleTime: 0,
  });

export const adminOrdersQueryOptions = (user: SessionUser, query: AdminOrdersQuery) =>
  queryOptions({ queryKey: [...commerceKeys.adminOrders(user), query] as const, queryFn: () => fetchAdminOrders(query) });

export const adminGoodsQueryOptions = (user: SessionUser) =>
  queryOptions({ queryKey: commerceKeys.adminGoods(user), queryFn: fetchAdminGoods });

/** After a payment: the plan, permissions, characters and orders all changed (spec section 4). */
export function refreshAfterPayment(queryClient: QueryClient, user: SessionUser): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.userData(user),
      queryKeys.permission(user),
      queryKeys.remainingChars(user),
      commerceKeys.memberInfo(user),
      commerceKeys.orders(user),
      [...userKey(user), 'goods'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** After messages were read: the list and the unread count of the user data. */
export function refreshAfterRead(queryClient: QueryClient, user: SessionUser): Promise<unknown> {
  return Promise.all(
    [commerceKeys.messages(user), queryKeys.userData(user)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
