/**
 * What the statistics (ops' daily rollups) read from billing, per half-open UTC interval:
 * characters charged (settled reservations, by the instant they were settled; refunds charge
 * nothing and open reservations count once they settle) and paid orders with their exact amounts.
 */
import type { Db } from '@mtp/platform';

export type ChargedReservation = { taskId: string; userId: number | null; chars: number };

/** Settled reservations of [from, to) that charged something, one row each. */
export async function chargedBetween(db: Db, from: Date, to: Date): Promise<ChargedReservation[]> {
  const { rows } = await db.query<{ task_id: string; user_id: number | null; chars: string }>(
    `SELECT task_id, user_id, chars_charged AS chars FROM quota_reservations
     WHERE state = 'settled' AND chars_charged > 0 AND finished_at >= $1 AND finished_at < $2`,
    [from, to],
  );
  return rows.map((r) => ({ taskId: r.task_id, userId: r.user_id, chars: Number(r.chars) }));
}

export type PaidOrders = { userId: number; skuCode: string; goodsType: string; plan: string | null; orders: number; amountCents: number };

/** Orders paid in [from, to), per buyer and sku: how many and their prices summed, in cents. */
export async function paidOrdersBetween(db: Db, from: Date, to: Date): Promise<PaidOrders[]> {
  const { rows } = await db.query<{
    user_id: number;
    sku_code: string;
    goods_type: string;
    plan: string | null;
    orders: number;
    cents: string;
  }>(
    `SELECT o.user_id, o.sku_code, o.goods_type, s.plan, count(*)::int AS orders, sum(o.price_cents) AS cents
     FROM orders o LEFT JOIN goods_skus s ON s.sku_id = o.sku_id
     WHERE o.pay_status = 2 AND o.paid_at >= $1 AND o.paid_at < $2
     GROUP BY 1, 2, 3, 4`,
    [from, to],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    skuCode: r.sku_code,
    goodsType: r.goods_type,
    plan: r.plan,
    orders: r.orders,
    amountCents: Number(r.cents),
  }));
}
