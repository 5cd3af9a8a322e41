/** The plan a user has now, as the purchase rules and the order lists need it. */
import { PLAN_RANK, catalogueSku } from './catalogue-skus';
import { isPaidPlan, liveGrants, type Grant, type Queryable } from './grants';
import { ownerOf } from './owner';
import type { Buyer } from './purchase-rules';
import { planCodeOfSku } from './remaining';
import type { PlanCode } from '@mtp/proto';

/** The highest plan among live paid plan grants ('free' when none). */
export function topPlanOf(live: Grant[]): PlanCode {
  let top: PlanCode = 'free';
  for (const g of live.filter(isPaidPlan)) {
    const plan = planCodeOfSku(g.sku);
    if (PLAN_RANK[plan] > PLAN_RANK[top]) top = plan;
  }
  return top;
}

export async function buyerOf(q: Queryable, userId: number | null, now: Date): Promise<Buyer> {
  if (userId === null) return { kind: 'visitor' };
  const live = await liveGrants(q, ownerOf(userId), now);
  return { kind: 'user', plan: topPlanOf(live), hasLivePlan: live.some(isPaidPlan) };
}

/** The plan rank of a grant's sku (free and packages: 0). */
export function rankOfSku(sku: string): number {
  const plan = catalogueSku(sku)?.plan;
  return plan ? PLAN_RANK[plan] : PLAN_RANK[planCodeOfSku(sku)];
}
