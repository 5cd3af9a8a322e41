/**
 * The calls of proto/src/commerce.ts: the catalogue, orders and their payment state, the
 * member's plan and balance, the message center, and the admin's orders and prices.
 */
import {
  CODES,
  type AdminGoodsData,
  type AdminOrdersData,
  type AdminOrdersQuery,
  type CreateOrderBody,
  type CreateOrderData,
  type CurrentOrderData,
  type ExpiredOrderData,
  type GoodsData,
  type MemberData,
  type MessagesData,
  type MessagesQuery,
  type OrderStateData,
  type RemainingData,
  type UpdateMessagesData,
  type UpdatePriceBody,
} from '@mtp/proto';
import { api } from './instance';
import { download } from './transfer';

export const COMMERCE_PATHS = {
  goods: 'get_goods',
  createOrder: 'create_orders',
  searchOrder: 'search_orders',
  currentOrder: 'current_order',
  expiredOrder: 'expired_order',
  memberInfo: 'member_info',
  remaining: 'user/remaining_str',
  messages: 'messages',
  updateMessages: 'update_messages',
  adminOrders: 'admin/orders',
  adminOrdersExport: 'admin/orders/export',
  adminGoods: 'admin/goods',
  adminUpdatePrice: 'admin/goods/update_price',
} as const;

export const ORDER_PAGE_SIZE = 10;
export const MESSAGE_PAGE_SIZE = 10;

/**
 * Whitelisted: visitors see the catalogue too (names and reasons in the UI language). Every
 * header asks for it (is anything sold?), so a network blip is not worth a toast on each page.
 */
export function fetchGoods(): Promise<GoodsData> {
  return api.get<GoodsData>(COMMERCE_PATHS.goods, undefined, { background: true });
}

/** 43003/43004/43005/43007 are refusals the client toasts with the server's words, as any code. */
export function createOrder(body: CreateOrderBody): Promise<CreateOrderData> {
  return api.post<CreateOrderData>(COMMERCE_PATHS.createOrder, body);
}

/**
 * One poll of an order. A background call: a network blip every 3 s is not worth a toast, the
 * next try asks again. 43002 ("Order not paid!") is the payment store's to show, not a toast.
 */
export function searchOrder(tid: string): Promise<OrderStateData> {
  return api.get<OrderStateData>(COMMERCE_PATHS.searchOrder, { tid }, { background: true, expectedCodes: [CODES.ORDER_NOT_PAID.code] });
}

export function fetchCurrentOrders(): Promise<CurrentOrderData> {
  return api.get<CurrentOrderData>(COMMERCE_PATHS.currentOrder);
}

export function fetchExpiredOrders(page: number): Promise<ExpiredOrderData> {
  return api.get<ExpiredOrderData>(COMMERCE_PATHS.expiredOrder, { page, page_size: ORDER_PAGE_SIZE });
}

export function fetchMemberInfo(): Promise<MemberData> {
  return api.get<MemberData>(COMMERCE_PATHS.memberInfo);
}

/** `user/remaining_str` with every field typed (the translate pages read only total_left). */
export function fetchRemaining(): Promise<RemainingData> {
  return api.get<RemainingData>(COMMERCE_PATHS.remaining);
}

export function fetchMessages(query: MessagesQuery): Promise<MessagesData> {
  return api.get<MessagesData>(COMMERCE_PATHS.messages, { page_size: MESSAGE_PAGE_SIZE, ...query });
}

/** Marks one message read, or every message when `msgId` is left out. */
export function markMessagesRead(msgId?: number): Promise<UpdateMessagesData> {
  return api.get<UpdateMessagesData>(COMMERCE_PATHS.updateMessages, { msg_id: msgId });
}

export function fetchAdminOrders(query: AdminOrdersQuery): Promise<AdminOrdersData> {
  return api.get<AdminOrdersData>(COMMERCE_PATHS.adminOrders, { page_size: ORDER_PAGE_SIZE, ...query });
}

/** The filtered orders as CSV (every page), saved under the server's file name. */
export function exportAdminOrders(query: Omit<AdminOrdersQuery, 'page' | 'page_size'>): Promise<void> {
  return download(COMMERCE_PATHS.adminOrdersExport, { query, fallbackName: 'orders.csv' });
}

export function fetchAdminGoods(): Promise<AdminGoodsData> {
  return api.get<AdminGoodsData>(COMMERCE_PATHS.adminGoods);
}

export function updateSkuPrice(body: UpdatePriceBody): Promise<unknown> {
  return api.post<unknown>(COMMERCE_PATHS.adminUpdatePrice, body);
}
