/**
 * Orders as the user center and the admin list show them (`OrderItem`), read with their grant.
 * The use status (1 in use, 2 frozen, 3 ended, 0 not paid) is computed in SQL at `now`:
 * - a plan is frozen while a higher plan of the same user is live (it continues afterwards);
 * - a package is frozen while its owner has no live paid plan;
 * - a renewal waiting for the current period counts as in use (it is bought and will follow).
 */
import { PAY_STATUS, type OrderItem, type PayStatus, type UiLang } from '@mtp/proto';
import { catalogueSku } from './catalogue-skus';
import { goodsName } from './goods-text';
import { UNLIMITED_SKU } from './periods';

export type OrderRow = {
  order_id: string;
  tid: string;
  user_id: number;
  sku_code: string;
  goods_type: string;
  price_cents: number;
  quota_chars: string;
  pay_status: PayStatus;
  provider: string;
  created_at: Date;
  paid_at: Date | null;
  starts_at: Date | null;
  expires_at: Date | null;
  use_status: 0 | 1 | 2 | 3;
};

/** The plan rank of grant `a`'s sku as SQL (the unlimited allowance of BILLING=off ranks as enterprise). */
const rankSql = (a: string) => `CASE WHEN ${a}.sku = '${UNLIMITED_SKU}' THEN 3 ELSE coalesce((SELECT CASE s.plan WHEN 'standard' THEN 1
  WHEN 'professional' THEN 2 WHEN 'enterprise' THEN 3 ELSE 0 END FROM goods_skus s WHERE s.code = ${a}.sku), 0) END`;

const livePaidPlan = (alias: string, nowParam: string) =>
  `${alias}.user_id = o.user_id AND ${alias}.kind = 'plan' AND ${alias}.sku <> 'free'
   AND ${alias}.starts_at <= ${nowParam} AND ${alias}.expires_at > ${nowParam}`;

/** SELECT list and FROM of an order with its grant and use status; `nowParam` is the time's parameter. */
export function orderSelect(nowParam: string): string {
  return `SELECT o.order_id, o.tid, o.user_id, o.sku_code, o.goods_type, o.price_cents, o.quota_chars, o.pay_status, o.provider,
      o.created_at, o.paid_at, g.starts_at, g.expires_at,
      CASE WHEN o.pay_status <> 2 OR g.grant_id IS NULL THEN 0
        WHEN g.expires_at <= ${nowParam} THEN 3
        WHEN g.kind = 'package' AND NOT EXISTS (SELECT 1 FROM quota_grants p WHERE ${livePaidPlan('p', nowParam)}) THEN 2
        WHEN g.kind = 'plan' AND EXISTS (SELECT 1 FROM quota_grants h WHERE ${livePaidPlan('h', nowParam)}
          AND ${rankSql('h')} > ${rankSql('g')}) THEN 2
        ELSE 1 END AS use_status
    FROM orders o LEFT JOIN quota_grants g ON g.order_id = o.order_id`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrderItem(r: OrderRow, lang: UiLang): OrderItem {
  const sku = catalogueSku(r.sku_code);
  return {
    tid: r.tid,
    goods_name: sku ? goodsName(sku, lang) : r.sku_code,
    sku_code: r.sku_code,
    goods_type: r.goods_type,
    price: r.price_cents,
    pay_status: r.pay_status,
    status: r.use_status,
    created_at: r.created_at.toISOString(),
    paid_at: iso(r.paid_at),
    start_time: r.pay_status === PAY_STATUS.payed ? iso(r.starts_at) : null,
    end_time: r.pay_status === PAY_STATUS.payed ? iso(r.expires_at) : null,
    quota_chars: Number(r.quota_chars),
  };
}

/** Page arithmetic shared by the paged lists (default page size 10). */
export function pageOf(q: { page?: number; page_size?: number }): { page: number; size: number; offset: number } {
  const page = q.page ?? 1;
  const size = q.page_size ?? 10;
  return { page, size, offset: (page - 1) * size };
}
