/**
 * The catalogue as stored (goods_skus): what get_goods lists and create_orders sells, with the
 * prices an administrator set. Only prices change at run time; the rest follows the constants.
 */
import { AppError, type PlanCode } from '@mtp/proto';
import type { CatalogueCode, CatalogueSku, GoodsTypeCode } from './catalogue-skus';
import type { Queryable } from './grants';

export type StoredSku = CatalogueSku & { skuId: number };

type SkuRow = {
  sku_id: number;
  code: CatalogueCode;
  goods_type: GoodsTypeCode;
  plan: PlanCode | null;
  level: number;
  price_cents: number;
  quota_chars: string;
  months: number;
  valid_days: number;
};

const COLUMNS = 'sku_id, code, goods_type, plan, level, price_cents, quota_chars, months, valid_days';

const toSku = (r: SkuRow): StoredSku => ({
  skuId: r.sku_id,
  code: r.code,
  goodsType: r.goods_type,
  plan: r.plan,
  level: r.level,
  priceCents: r.price_cents,
  quotaChars: Number(r.quota_chars),
  months: r.months,
  validDays: r.valid_days,
});

/** Every sku in catalogue order. */
export async function listSkus(q: Queryable): Promise<StoredSku[]> {
  const { rows } = await q.query<SkuRow>(`SELECT ${COLUMNS} FROM goods_skus ORDER BY sort_order, sku_id`);
  return rows.map(toSku);
}

export async function findSkuById(q: Queryable, skuId: number): Promise<StoredSku | null> {
  const { rows } = await q.query<SkuRow>(`SELECT ${COLUMNS} FROM goods_skus WHERE sku_id = $1`, [skuId]);
  return rows[0] ? toSku(rows[0]) : null;
}

/**
 * Sets a sku's price (cents) from the next order on; orders already made keep theirs. Plans
 * given away (free) or sold by sales (enterprise) have no self-service price to set.
 */
/** `q` may be a transaction's client, so the caller can journal the change in the same transaction. */
export async function updatePrice(q: Queryable, args: { skuCode: string; priceCents: number; adminUserId: number }): Promise<StoredSku> {
  if (!Number.isSafeInteger(args.priceCents) || args.priceCents < 0) throw new AppError('INVALID_PARAMS', 'price');
  const { rows } = await q.query<SkuRow>(
    `UPDATE goods_skus SET price_cents = $2, price_updated_at = now(), price_updated_by = $3
     WHERE code = $1 AND code NOT IN ('free', 'enterprise-y') RETURNING ${COLUMNS}`,
    [args.skuCode, args.priceCents, args.adminUserId],
  );
  if (!rows[0]) throw new AppError('INVALID_PARAMS', `sku ${args.skuCode} has no price to set`);
  return toSku(rows[0]);
}
