/**
 * Commerce (spec sections 2-4, 6, 8, 9): the catalogue, orders, payment, the member's plan and
 * the message center. Every call is under /api/v1.0/ and answers the usual envelope.
 *
 * - `GET get_goods` (whitelisted): the catalogue, with what the caller may buy marked.
 * - `POST create_orders {id, goods_type}`: an order for sku `id`, answering `{tid, redirec_url}`;
 *   the client opens `redirec_url` (the cashier) and polls `search_orders` every 3 s.
 * - `GET search_orders {tid, task_id?, goods_type?}`: the order's payment state.
 * - `GET listen_order {tid}`: waits (up to 25 s) while the order is paying, then answers as search_orders.
 * - `GET current_order`: orders in use and frozen. `GET expired_order {page, page_size}`: ended ones.
 * - `GET messages {page, page_size, unread?}`, `GET update_messages {msg_id?}` (none: all read).
 * - Admin: `GET admin/orders` (paged, filters), `GET admin/orders/export` (CSV),
 *   `GET admin/goods` and `POST admin/goods/update_price {sku_code, price}`.
 */
import { Type, type Static } from 'typebox';
import type { LocalizedText } from './app-error';
import { literalUnion } from './literal-union';
import { PLAN_CODES, SKU_CODES } from './constants';

/** Payment states of spec section 4. */
export const PAY_STATUS = { unpay: 0, paying: 1, payed: 2, payFail: 3 } as const;
export const PayStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type PayStatus = Static<typeof PayStatus>;

/** An order's use once paid: 1 in use, 2 frozen (a lower plan waiting for a higher to end), 3 ended. 0 not paid. */
export const OrderUseStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

/** Goods types as the create call numbers them: 1 T01 membership, 2 T02 characters, 3 T03 API, 4 T04 document. */
export const GoodsTypeNumber = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export type GoodsTypeNumber = Static<typeof GoodsTypeNumber>;

export const SkuCodeSchema = literalUnion(SKU_CODES);
/**
 * T03 API packages (spec section 9: "API packages of 10, 50 and 100 million also exist"). They are
 * not in SKU_CODES (the spec's list); services/billing/README.md records the codes and the rules.
 */
export const API_SKU_CODES = ['api_10M-y', 'api_50M-y', 'api_100M-y'] as const;
export type ApiSkuCode = (typeof API_SKU_CODES)[number];
export const PlanCodeSchema = literalUnion(PLAN_CODES);

/** One sku as the purchase dialog shows it; `disabled` and its reason are for this caller. */
export const GoodsSku = Type.Object({
  sku_id: Type.Integer(),
  code: Type.String(),
  /** The sku's name in the caller's language ("1 month", "3 months", "1 year", "5 million characters"). */
  name: Type.String(),
  /** Price in cents (fen); shown divided by 100 in yuan. */
  price: Type.Integer(),
  level: Type.Integer(),
  quota_chars: Type.Integer(),
  months: Type.Integer(),
  /** Days a package stays valid (365), 0 for plans. */
  valid_days: Type.Integer(),
  disabled: Type.Boolean(),
  /** Why it is disabled, in the caller's language; null when it is not. */
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
});
export type GoodsSku = Static<typeof GoodsSku>;

/** A plan (goods) of the combo tab. Enterprise has `contact_sales` and no buyable sku. */
export const GoodsPlan = Type.Object({
  code: PlanCodeSchema,
  name: Type.String(),
  features: Type.Array(Type.String()),
  skuList: Type.Array(GoodsSku),
  disabled: Type.Boolean(),
  contact_sales: Type.Boolean(),
});
export type GoodsPlan = Static<typeof GoodsPlan>;

export const GoodsTypeItem = Type.Object({
  goods_type: literalUnion(['T01', 'T02', 'T03', 'T04'] as const),
  name: Type.String(),
  itemSkuList: Type.Array(GoodsSku),
});

export const GoodsData = Type.Object({
  /** T01: the plans of the combo tab. */
  member_list: Type.Array(GoodsPlan),
  /** T02: the character packages of the package tab. */
  char_list: Type.Array(GoodsSku),
  goods_list: Type.Array(GoodsTypeItem),
  /** The caller's plan in use ('free' for visitors and free users). */
  current_plan: PlanCodeSchema,
  /** False on a private deployment (`BILLING=off`): no prices, no purchase dialog. */
  billing: Type.Boolean(),
});
export type GoodsData = Static<typeof GoodsData>;

export const CreateOrderBody = Type.Object({
  /** The sku_id of get_goods. */
  id: Type.Integer({ minimum: 1 }),
  goods_type: Type.Optional(GoodsTypeNumber),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;
export const CreateOrderData = Type.Object({ tid: Type.String(), redirec_url: Type.String() });
export type CreateOrderData = Static<typeof CreateOrderData>;

export const SearchOrderQuery = Type.Object({
  tid: Type.String({ minLength: 1, maxLength: 64 }),
  task_id: Type.Optional(Type.String({ maxLength: 64 })),
  goods_type: Type.Optional(Type.Integer()),
});
export type SearchOrderQuery = Static<typeof SearchOrderQuery>;

/** An order as the user center lists it. Times are ISO 8601. */
export const OrderItem = Type.Object({
  tid: Type.String(),
  goods_name: Type.String(),
  sku_code: Type.String(),
  goods_type: Type.String(),
  /** Price paid in cents. */
  price: Type.Integer(),
  pay_status: PayStatus,
  status: OrderUseStatus,
  created_at: Type.String(),
  paid_at: Type.Union([Type.String(), Type.Null()]),
  /** The period it grants (null until paid). */
  start_time: Type.Union([Type.String(), Type.Null()]),
  end_time: Type.Union([Type.String(), Type.Null()]),
  quota_chars: Type.Integer(),
});
export type OrderItem = Static<typeof OrderItem>;

/** search_orders / listen_order: the client polls until pay_status is 2 (payed) or 3 (payFail). */
export const OrderStateData = OrderItem;
export type OrderStateData = OrderItem;

export const CurrentOrderData = Type.Object({
  inuse_order_list: Type.Array(OrderItem),
  freeze_order_list: Type.Array(OrderItem),
});
export type CurrentOrderData = Static<typeof CurrentOrderData>;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const ExpiredOrderData = Type.Object({ order_list: Type.Array(OrderItem), pages: Type.Integer(), total: Type.Integer() });
export type ExpiredOrderData = Static<typeof ExpiredOrderData>;

/** The member's plan as /member shows it (`GET member_info`); balance comes from `user/remaining_str`. */
export const MemberData = Type.Object({
  plan_code: PlanCodeSchema,
  plan_sku: Type.String(),
  plan_name: Type.String(),
  member_start_time: Type.Union([Type.String(), Type.Null()]),
  expiration_time: Type.Union([Type.String(), Type.Null()]),
  /** Spec section 4: true when today is after the expiration date. */
  expired: Type.Boolean(),
  /** True from 7 days before expiry. */
  near_expiry: Type.Boolean(),
  billing: Type.Boolean(),
});
export type MemberData = Static<typeof MemberData>;

export const MessageItem = Type.Object({
  msg_id: Type.Integer(),
  kind: Type.String(),
  /** Rendered in the caller's language. */
  title: Type.String(),
  content: Type.String(),
  is_read: Type.Boolean(),
  created_at: Type.String(),
});
export type MessageItem = Static<typeof MessageItem>;
export const MessagesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  unread: Type.Optional(Type.Boolean()),
});
export type MessagesQuery = Static<typeof MessagesQuery>;
export const MessagesData = Type.Object({
  msg_list: Type.Array(MessageItem),
  pages: Type.Integer(),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type MessagesData = Static<typeof MessagesData>;
export const UpdateMessagesQuery = Type.Object({ msg_id: Type.Optional(Type.Integer({ minimum: 1 })) });
export type UpdateMessagesQuery = Static<typeof UpdateMessagesQuery>;
export const UpdateMessagesData = Type.Object({ updated: Type.Integer(), unread: Type.Integer() });
export type UpdateMessagesData = Static<typeof UpdateMessagesData>;

/** Message kinds; the text is rendered from the kind and its params in the reader's language. */
export const MESSAGE_KINDS = ['payment_succeeded', 'plan_expiring', 'plan_expired', 'low_balance', 'package_frozen'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** A name inside params: one text for every reader, or written in both interface languages. */
export type MessageName = string | LocalizedText;
/** What each kind's params hold: times ISO 8601, prices in cents, counts in characters. */
export type MessageParams = {
  payment_succeeded: { goods_name: MessageName; price_cents: number; end_time: string | null };
  plan_expiring: { plan_name: MessageName; expires_at: string; days: number };
  plan_expired: { plan_name: MessageName };
  low_balance: { chars_left: number };
  package_frozen: { package_name: MessageName; chars_left: number };
};
/** A message to post (accounts' `postMessage`); `dedupeKey` makes posting it twice harmless. */
export type NewMessage = { [K in MessageKind]: { userId: number; kind: K; params: MessageParams[K]; dedupeKey: string } }[MessageKind];

export const AdminOrdersQuery = Type.Object({
  /** Matches the buyer's account or username. */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  pay_status: Type.Optional(PayStatus),
  /** ISO dates (inclusive) of the order's creation. */
  from: Type.Optional(Type.String({ maxLength: 32 })),
  to: Type.Optional(Type.String({ maxLength: 32 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>;
export const AdminOrderItem = Type.Object({
  ...OrderItem.properties,
  user_id: Type.Integer(),
  account: Type.String(),
  username: Type.String(),
  provider: Type.String(),
});
export type AdminOrderItem = Static<typeof AdminOrderItem>;
export const AdminOrdersData = Type.Object({ order_list: Type.Array(AdminOrderItem), pages: Type.Integer(), total: Type.Integer() });
export type AdminOrdersData = Static<typeof AdminOrdersData>;
/** `GET admin/goods`: every sku (plans and packages) with its price, for the super admin's price table. */
export const AdminGoodsData = Type.Array(GoodsSku);
export type AdminGoodsData = Static<typeof AdminGoodsData>;
export const UpdatePriceBody = Type.Object({
  sku_code: Type.Union([SkuCodeSchema, literalUnion(API_SKU_CODES)]),
  price: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
});
export type UpdatePriceBody = Static<typeof UpdatePriceBody>;
