/**
 * What a paid order grants (spec sections 3, 4, 9), inside the payment's transaction:
 * - a plan starts now, or when the same or a higher plan already bought ends (renewing the same
 *   plan: the new period starts when the current one ends);
 * - a higher plan is used first and the lower ones wait: a lower plan's remaining period is
 *   frozen while the higher runs and continues after it (its end moves by the higher's period);
 * - a package is valid 365 days from payment; without a live plan the ledger reports it frozen
 *   until a plan is bought again (the buyer has paid, so it is granted either way).
 * The grant carries the order id (unique), so an order grants once whatever calls this.
 */
import { AppError } from '@mtp/proto';
import { rankOfSku } from './buyer';
import { catalogueSku, isPackageType } from './catalogue-skus';
import { insertOrderGrant, type Grant, type Queryable } from './grants';
import { addMonthsUtc, UNLIMITED_SKU } from './periods';

export type PaidOrder = { orderId: number; userId: number; skuCode: string };

type PlanGrantRow = { grant_id: string; sku: string; starts_at: Date; expires_at: Date };

/** The user's bought plans not yet ended (live or waiting), locked in grant_id order like every ledger lock. */
async function lockBoughtPlans(q: Queryable, userId: number, now: Date): Promise<PlanGrantRow[]> {
  const { rows } = await q.query<PlanGrantRow>(
    `SELECT grant_id, sku, starts_at, expires_at FROM quota_grants
     WHERE user_id = $1 AND kind = 'plan' AND sku NOT IN ('free', $3) AND expires_at > $2
     ORDER BY grant_id FOR UPDATE`,
    [userId, now, UNLIMITED_SKU],
  );
  return rows;
}

/** Grants what the order bought; null when the order had already granted (nothing changes). */
export async function grantOrder(q: Queryable, order: PaidOrder, now: Date): Promise<Grant | null> {
  const sku = catalogueSku(order.skuCode);
  if (!sku) throw new AppError('INVALID_PARAMS', `unknown sku ${order.skuCode}`);
  if (isPackageType(sku.goodsType)) {
    const expiresAt = new Date(now.getTime() + sku.validDays * 86_400_000);
    return insertOrderGrant(q, { userId: order.userId, sku: sku.code, orderId: order.orderId, startsAt: now, expiresAt });
  }
  if (sku.goodsType !== 'T01' || !sku.plan || sku.plan === 'free') throw new AppError('INVALID_PARAMS', `sku ${sku.code} grants nothing`);
  const rank = rankOfSku(sku.code);
  const plans = await lockBoughtPlans(q, order.userId, now);
  const sameOrHigher = plans.filter((p) => rankOfSku(p.sku) >= rank).map((p) => p.expires_at.getTime());
  const startsAt = new Date(Math.max(now.getTime(), ...sameOrHigher));
  const expiresAt = addMonthsUtc(startsAt, sku.months);
  const grant = await insertOrderGrant(q, { userId: order.userId, sku: sku.code, orderId: order.orderId, startsAt, expiresAt });
  if (!grant) return null;
  // Lower plans wait for this one: the part of them after its start moves past its end.
  const pause = expiresAt.getTime() - startsAt.getTime();
  const lower = plans.filter((p) => rankOfSku(p.sku) < rank && p.expires_at > startsAt);
  for (const p of lower) {
    const newStart = p.starts_at >= startsAt ? new Date(p.starts_at.getTime() + pause) : p.starts_at;
    await q.query('UPDATE quota_grants SET starts_at = $2, expires_at = $3 WHERE grant_id = $1', [
      p.grant_id,
      newStart,
      new Date(p.expires_at.getTime() + pause),
    ]);
  }
  return grant;
}
