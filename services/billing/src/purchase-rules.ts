/**
 * What a caller may buy (spec section 4, "plan disabling in the purchase dialog"), as one pure
 * function: get_goods marks with it what the dialog disables, create_orders refuses with it.
 * The spec's text is muddled; the rule we keep (README "Decisions"):
 * - the enterprise plan is sold only through sales contact (43004), to everyone;
 * - enterprise users buy nothing themselves (43003): their contract covers it;
 * - a plan below the caller's live plan is not sold (no downgrade while a higher plan runs);
 *   the same plan renews, a higher one upgrades (standard -> professional);
 * - packages (character and API) need a live paid plan (43007);
 * - the free sku, the document sku and a sku priced 0 are not sold in the dialog (43003).
 */
import type { PlanCode } from '@mtp/proto';
import { isPackageType, PLAN_RANK, type CatalogueSku } from './catalogue-skus';

/** Who is buying: a visitor (not logged in) or a user with the plan they have now. */
export type Buyer = { kind: 'visitor' } | { kind: 'user'; plan: PlanCode; hasLivePlan: boolean };

export type Refusal = 'PURCHASE_NOT_ALLOWED' | 'ENTERPRISE_SALES_ONLY' | 'PACKAGE_NEEDS_PLAN';

export type SaleSku = Pick<CatalogueSku, 'goodsType' | 'plan' | 'priceCents'>;

/** Null when the buyer may buy the sku (a visitor: once logged in), else why not. */
export function purchaseRefusal(buyer: Buyer, sku: SaleSku): Refusal | null {
  if (sku.plan === 'enterprise') return 'ENTERPRISE_SALES_ONLY';
  if (buyer.kind === 'user' && buyer.plan === 'enterprise') return 'PURCHASE_NOT_ALLOWED';
  if (sku.plan === 'free' || sku.goodsType === 'T04' || sku.priceCents <= 0) return 'PURCHASE_NOT_ALLOWED';
  if (sku.goodsType === 'T01') {
    if (buyer.kind === 'user' && sku.plan && PLAN_RANK[sku.plan] < PLAN_RANK[buyer.plan]) return 'PURCHASE_NOT_ALLOWED';
    return null;
  }
  if (isPackageType(sku.goodsType) && (buyer.kind === 'visitor' || !buyer.hasLivePlan)) return 'PACKAGE_NEEDS_PLAN';
  return null;
}
