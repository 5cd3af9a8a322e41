/** What an owner has left, computed with the same rules `reserve` takes by. */
import type { Db } from '@mtp/platform';
import type { PlanCode, RemainingData } from '@mtp/proto';
import { billingEnabled } from './billing-mode';
import { catalogueSku } from './catalogue-skus';
import { isApiPackage, leftOf, orderForUse, type SpendVia } from './consumption';
import { liveGrants, type Grant } from './grants';
import { ownerOf, type Owner } from './owner';
import { freeAllowance, UNLIMITED_LEVEL, UNLIMITED_MONTHLY_CHARS, UNLIMITED_SKU } from './periods';

/** The plan a grant's sku belongs to; the unlimited allowance of BILLING=off counts as enterprise (every feature). */
export function planCodeOfSku(sku: string): PlanCode {
  if (sku === UNLIMITED_SKU) return 'enterprise';
  return catalogueSku(sku)?.plan ?? 'free';
}

const sum = (grants: Grant[]) => grants.reduce((n, g) => n + leftOf(g), 0);

/** The owner's live grants, with the period's allowance as it will be made (whole) where none exists yet. */
async function liveWithAllowances(db: Db, owner: Owner, now: Date): Promise<Grant[]> {
  const live = await liveGrants(db, owner, now);
  // Allowances are created by the first reservation of the period; until then they are whole.
  if (owner.kind === 'user' && !live.some((g) => g.sku === UNLIMITED_SKU) && !(await billingEnabled(db))) {
    const month = freeAllowance(owner, now);
    live.push({
      grantId: 0,
      kind: 'plan',
      sku: UNLIMITED_SKU,
      level: UNLIMITED_LEVEL,
      charsTotal: UNLIMITED_MONTHLY_CHARS,
      charsUsed: 0,
      ...month,
    });
  }
  if (!live.some((g) => g.kind === 'plan')) {
    const free = freeAllowance(owner, now);
    live.push({ grantId: 0, kind: 'plan', sku: 'free', level: 1, charsTotal: free.chars, charsUsed: 0, ...free });
  }
  return live;
}

async function balanceOf(db: Db, owner: Owner, now: Date, via?: SpendVia): Promise<RemainingData> {
  const { usable, frozen, plans, apiOnly } = orderForUse(await liveWithAllowances(db, owner, now), via);
  const packages = usable.filter((g) => g.kind === 'package');
  // Listed in use beside the others: bought and live, spendable through the public API only.
  const inUse = [...packages, ...apiOnly];
  const plan = plans[0];
  const packagesLeft = sum(packages);
  const planLeft = sum(plans);
  return {
    total_left: packagesLeft + planLeft,
    packages_left: packagesLeft,
    plan_left: planLeft,
    packages_frozen: sum(frozen),
    api_packages_left: sum(inUse.filter(isApiPackage)),
    plan_code: plan ? planCodeOfSku(plan.sku) : 'free',
    plan_sku: plan?.sku ?? 'free',
    plan_expires_at: plan ? plan.expiresAt.toISOString() : null,
    packages: [...inUse.map((g) => ({ g, state: 'in_use' as const })), ...frozen.map((g) => ({ g, state: 'frozen' as const }))].map(
      ({ g, state }) => ({ sku: g.sku, chars_total: g.charsTotal, chars_left: leftOf(g), expires_at: g.expiresAt.toISOString(), state }),
    ),
  };
}

/**
 * A registered user's characters (`GET user/remaining_str`): what the site's work may spend, so
 * `total_left` and `packages_left` leave API packages out; `api_packages_left` shows them apart.
 */
export function remaining(db: Db, userId: number, now = new Date()): Promise<RemainingData> {
  return balanceOf(db, ownerOf(userId), now);
}

/**
 * The same balance as the public API spends it (`via: 'api'`): `total_left` and `packages_left`
 * include the API packages, which that work takes first (DeepL's `usage`, say).
 */
export function remainingForApi(db: Db, userId: number, now = new Date()): Promise<RemainingData> {
  return balanceOf(db, ownerOf(userId), now, 'api');
}

/** An anonymous visitor's characters this month, by client key (see `clientKeyFromIp`). */
export function remainingAnonymous(db: Db, clientKey: string, now = new Date()): Promise<RemainingData> {
  return balanceOf(db, ownerOf(null, clientKey), now);
}

/**
 * What the public API can spend now, as DeepL's `/v2/usage` reports it: the characters of the
 * grants in use (API packages, packages, the plan) and how many of them are used; `limit - count`
 * is the balance the API sees.
 */
export async function usageForApi(db: Db, userId: number, now = new Date()): Promise<{ count: number; limit: number }> {
  const { usable } = orderForUse(await liveWithAllowances(db, ownerOf(userId), now), 'api');
  return { count: usable.reduce((n, g) => n + g.charsUsed, 0), limit: usable.reduce((n, g) => n + g.charsTotal, 0) };
}
