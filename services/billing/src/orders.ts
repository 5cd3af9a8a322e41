/**
 * Orders (spec sections 2, 4): one purchase of one sku at the price of the moment, paid through
 * a provider. create_orders applies the purchase rules on the server (nothing is written for a
 * refused purchase); the other calls read the caller's own orders only.
 */
import { inTransaction, type Db } from '@mtp/platform';
import {
  AppError,
  PAY_STATUS,
  type CreateOrderData,
  type CurrentOrderData,
  type ExpiredOrderData,
  type GoodsTypeNumber,
  type OrderItem,
  type UiLang,
} from '@mtp/proto';
import { randomBytes } from 'node:crypto';
import { buyerOf } from './buyer';
import { findSkuById, type StoredSku } from './catalogue';
import { orderSelect, pageOf, toOrderItem, type OrderRow } from './order-items';
import type { PaymentProvider } from './payment/provider';
import { purchaseRefusal } from './purchase-rules';

export type CreateOrderArgs = {
  userId: number;
  skuId: number;
  goodsType?: GoodsTypeNumber;
  provider: PaymentProvider;
  /** BILLING=off: nothing is sold (43005). */
  billing: boolean;
  now?: Date;
};

const GOODS_TYPE_NUMBERS: Record<string, GoodsTypeNumber> = { T01: 1, T02: 2, T03: 3, T04: 4 };

/** An order id nobody can guess: 128 random bits, hex. */
export function newTid(): string {
  return randomBytes(16).toString('hex');
}

function checkSku(sku: StoredSku | null, goodsType: GoodsTypeNumber | undefined): StoredSku {
  if (!sku) throw new AppError('INVALID_PARAMS', 'id');
  if (goodsType !== undefined && GOODS_TYPE_NUMBERS[sku.goodsType] !== goodsType) throw new AppError('INVALID_PARAMS', 'goods_type');
  return sku;
}

export async function createOrder(db: Db, args: CreateOrderArgs): Promise<CreateOrderData> {
  if (!args.billing) throw new AppError('BILLING_DISABLED');
  const now = args.now ?? new Date();
  const tid = newTid();
  await inTransaction(db, async (client) => {
    const sku = checkSku(await findSkuById(client, args.skuId), args.goodsType);
    const refusal = purchaseRefusal(await buyerOf(client, args.userId, now), sku);
    if (refusal) throw new AppError(refusal);
    await client.query(
      `INSERT INTO orders (tid, user_id, sku_id, sku_code, goods_type, price_cents, quota_chars, provider, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [tid, args.userId, sku.skuId, sku.code, sku.goodsType, sku.priceCents, sku.quotaChars, args.provider.name, now],
    );
  });
  const { redirectUrl } = await args.provider.createPayment({ tid });
  return { tid, redirec_url: redirectUrl };
}

export type OrderQueryArgs = { userId: number; lang: UiLang; now?: Date };

async function loadOwnOrder(db: Db, args: OrderQueryArgs & { tid: string }): Promise<OrderItem> {
  const { rows } = await db.query<OrderRow>(`${orderSelect('$3')} WHERE o.tid = $1 AND o.user_id = $2`, [
    args.tid,
    args.userId,
    args.now ?? new Date(),
  ]);
  // Someone else's order answers as a missing one: tids are not for probing.
  if (!rows[0]) throw new AppError('ORDER_NOT_FOUND');
  return toOrderItem(rows[0], args.lang);
}

/** `search_orders`: the caller's order and its payment state (43001 for anyone else's). */
export function searchOrder(db: Db, args: OrderQueryArgs & { tid: string }): Promise<OrderItem> {
  return loadOwnOrder(db, args);
}

export type ListenArgs = OrderQueryArgs & {
  tid: string;
  /** How long to wait while the order is unpaid or paying (25 s). */
  waitMs?: number;
  /** How often the row is read meanwhile (500 ms). */
  pollMs?: number;
  /** Ends the wait early (the client went away). */
  signal?: AbortSignal;
};

const stillOpen = (o: OrderItem) => o.pay_status === PAY_STATUS.unpay || o.pay_status === PAY_STATUS.paying;

/**
 * `listen_order`: answers as soon as the order is paid or failed, or after `waitMs` with the state
 * it then has. Reading the row every `pollMs` keeps it correct across gateway replicas (the
 * notification may reach another one) without a channel between them.
 */
export async function listenOrder(db: Db, args: ListenArgs): Promise<OrderItem> {
  const deadline = Date.now() + (args.waitMs ?? 25_000);
  const pollMs = args.pollMs ?? 500;
  let order = await loadOwnOrder(db, args);
  while (stillOpen(order) && Date.now() < deadline && !args.signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
    order = await loadOwnOrder(db, args);
  }
  return order;
}

/** `current_order`: paid orders not ended, in use (status 1) or frozen (status 2). */
export async function currentOrders(db: Db, args: OrderQueryArgs): Promise<CurrentOrderData> {
  const { rows } = await db.query<OrderRow>(
    `${orderSelect('$2')} WHERE o.user_id = $1 AND o.pay_status = 2 AND g.expires_at > $2 ORDER BY g.starts_at, o.order_id`,
    [args.userId, args.now ?? new Date()],
  );
  const items = rows.map((r) => toOrderItem(r, args.lang));
  return { inuse_order_list: items.filter((o) => o.status === 1), freeze_order_list: items.filter((o) => o.status === 2) };
}

/** `expired_order`: paid orders whose period has ended, the latest first, paged. */
export async function expiredOrders(db: Db, args: OrderQueryArgs & { page?: number; page_size?: number }): Promise<ExpiredOrderData> {
  const { size, offset } = pageOf(args);
  const now = args.now ?? new Date();
  const where = 'WHERE o.user_id = $1 AND o.pay_status = 2 AND g.expires_at <= $2';
  const [list, count] = await Promise.all([
    db.query<OrderRow>(`${orderSelect('$2')} ${where} ORDER BY g.expires_at DESC, o.order_id DESC LIMIT $3 OFFSET $4`, [
      args.userId,
      now,
      size,
      offset,
    ]),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM orders o JOIN quota_grants g ON g.order_id = o.order_id ${where}`, [
      args.userId,
      now,
    ]),
  ]);
  const total = Number(count.rows[0]!.n);
  return { order_list: list.rows.map((r) => toOrderItem(r, args.lang)), pages: Math.ceil(total / size), total };
}

/** An order as a cashier shows it (by tid alone: the cashier page is reached by its unguessable tid). */
export async function findOrderByTid(
  db: Db,
  tid: string,
  lang: UiLang,
  now = new Date(),
): Promise<(OrderItem & { provider: string }) | null> {
  const { rows } = await db.query<OrderRow>(`${orderSelect('$2')} WHERE o.tid = $1`, [tid, now]);
  return rows[0] ? { ...toOrderItem(rows[0], lang), provider: rows[0].provider } : null;
}

/** The buyer reached the cashier: an unpaid order is now paying (spec section 4). */
export async function markPaying(db: Db, tid: string): Promise<void> {
  await db.query('UPDATE orders SET pay_status = 1 WHERE tid = $1 AND pay_status = 0', [tid]);
}
