/**
 * What the purchase dialog offers and to whom (spec sections 4 and 6), as pure decisions. The
 * server marks each sku `disabled` with its reason for the caller; these rules add only what the
 * spec says the dialog itself does: its tabs, its pre-filter, and who buys at all.
 */
import { isAdminRole, type GoodsData, type GoodsPlan, type GoodsSku, type PlanCode } from '@mtp/proto';

export type PurchaseTab = 'combo' | 'package';

/** Why the dialog was opened: by the user, by a 41005 answer, or by a 42005 answer. */
export type PurchaseReason = 'manual' | 'quota' | 'planLimit';

/** Goods types as `create_orders` numbers them. */
export const GOODS_TYPE = { plan: 1, package: 2 } as const;

/** The modal's width on a desktop per tab (spec section 2); phones get the full screen. */
export const DIALOG_WIDTH: Record<PurchaseTab, number> = { combo: 1138, package: 1278 };

/** The tab the dialog opens on. 41005 shows packages to a paying member: a package needs a plan (43007), so a free user is shown plans. */
export function initialTab(reason: PurchaseReason, currentPlan: PlanCode, asked?: PurchaseTab): PurchaseTab {
  if (asked) return asked;
  if (reason === 'quota' && currentPlan !== 'free') return 'package';
  return 'combo';
}

/**
 * The plans of the combo tab. Free is nothing to buy. The spec's pre-filter: a standard user can
 * only move up, so only the plans above standard are offered.
 */
export function comboPlans(goods: Pick<GoodsData, 'member_list' | 'current_plan'>): GoodsPlan[] {
  const plans = goods.member_list.filter((p) => p.code !== 'free');
  if (goods.current_plan === 'standard') return plans.filter((p) => p.code !== 'standard');
  return plans;
}

export type SkuOffer =
  | { kind: 'buyable' }
  /** Greyed, with the server's reason (null: the generic "not available"). */
  | { kind: 'disabled'; reason: string | null }
  /** Enterprise: sold through sales, no buy button. */
  | { kind: 'contactSales' };

/** How one sku of a plan (or a package, with no plan) is offered to this caller. */
export function skuOffer(sku: GoodsSku, plan?: Pick<GoodsPlan, 'disabled' | 'contact_sales'>): SkuOffer {
  if (plan?.contact_sales) return { kind: 'contactSales' };
  if (sku.disabled) return { kind: 'disabled', reason: sku.disabled_reason };
  if (plan?.disabled) return { kind: 'disabled', reason: null };
  return { kind: 'buyable' };
}

/** The first sku a plan card selects: the first buyable one, else the first. */
export function defaultSku(plan: GoodsPlan): GoodsSku | undefined {
  return plan.skuList.find((s) => skuOffer(s, plan).kind === 'buyable') ?? plan.skuList[0];
}

export type Buyer = { loggedIn: boolean; role: number | null; onMainSite: boolean };

/**
 * Who is offered purchases (spec section 6): users of the main site and an enterprise site's
 * managers/administrators. Other enterprise users are told to contact their administrator.
 */
export function canPurchase(b: Pick<Buyer, 'role' | 'onMainSite'>): boolean {
  return b.onMainSite || isAdminRole(b.role);
}

/** What a click on "buy" does: a visitor is asked to log in first (spec section 6), a buyer orders. */
export function buyAction(b: Buyer): 'loginPrompt' | 'order' | 'contactAdmin' {
  if (!b.loggedIn) return 'loginPrompt';
  return canPurchase(b) ? 'order' : 'contactAdmin';
}

/** The login page with `?redirect=` back to where the visitor was (not back to a login page). */
export function loginRedirectPath(loginPath: string, here: string): string {
  if (!here || here === '/' || here.split('?')[0] === loginPath) return loginPath;
  return `${loginPath}?redirect=${encodeURIComponent(here)}`;
}

/** Prices are cents; shown in yuan with two decimals ("¥99.00"). */
export function formatYuan(cents: number): string {
  return `¥${(cents / 100).toFixed(2)}`;
}

export type PurchaseDecision = { kind: 'open'; tab: PurchaseTab } | { kind: 'toast'; message: string | null };

/**
 * What a request for the dialog does (41005, 42005, a button). Nothing is sold (`billing:
 * false`, or the catalogue could not be read): the message alone. An enterprise site's ordinary
 * user: the message and "please contact the administrator". Otherwise the dialog, on its tab.
 */
export function decidePurchase(
  request: { reason: PurchaseReason; message?: string; tab?: PurchaseTab },
  goods: Pick<GoodsData, 'billing' | 'current_plan'> | null,
  buyer: Buyer,
  contactAdmin: string,
): PurchaseDecision {
  if (!goods?.billing) return { kind: 'toast', message: request.message ?? null };
  if (buyer.loggedIn && !canPurchase(buyer)) return { kind: 'toast', message: [request.message, contactAdmin].filter(Boolean).join(' ') };
  return { kind: 'open', tab: initialTab(request.reason, goods.current_plan, request.tab) };
}
