/**
 * The order characters are taken in (spec section 9: packages first, then the plan), as pure
 * functions over an owner's live grants so reserving and reporting cannot disagree. API packages
 * (T03) are spent only by public-API work (`via: 'api'`), and there before anything else.
 */
import { AppError } from '@mtp/proto';
import { catalogueSku } from './catalogue-skus';
import { isPaidPlan, type Grant } from './grants';

/** Who spends: `'api'` for the public API's work, which may use API packages; undefined for the rest. */
export type SpendVia = 'api' | undefined;

/** An API package (T03): characters for the public API only. */
export const isApiPackage = (g: Grant) => g.kind === 'package' && catalogueSku(g.sku)?.goodsType === 'T03';

export type UseOrder = {
  /** Grants to take from, in order. */
  usable: Grant[];
  /** Live packages that cannot be used because no paid plan is live (the spec's "frozen"). */
  frozen: Grant[];
  /** The plan grants in use, in order (paid plans, or else the free allowance). */
  plans: Grant[];
  /** Live, unfrozen API packages this work may not spend (work not via the API); empty via the API. */
  apiOnly: Grant[];
};

const byExpiry = (a: Grant, b: Grant) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.grantId - b.grantId;

/**
 * Via the API: API packages by earliest expiry first. Then character packages by earliest expiry,
 * then paid plans by higher level first ("upgrading uses the higher level first") and earliest
 * expiry. Packages of both kinds need a live paid plan; without one they are frozen and the free
 * allowance is the plan. With a paid plan live the free allowance is not used.
 */
export function orderForUse(live: Grant[], via?: SpendVia): UseOrder {
  const paid = live.filter(isPaidPlan).sort((a, b) => b.level - a.level || byExpiry(a, b));
  const packages = live.filter((g) => g.kind === 'package').sort(byExpiry);
  const api = packages.filter(isApiPackage);
  const chars = packages.filter((g) => !isApiPackage(g));
  if (paid.length > 0) {
    if (via === 'api') return { usable: [...api, ...chars, ...paid], frozen: [], plans: paid, apiOnly: [] };
    return { usable: [...chars, ...paid], frozen: [], plans: paid, apiOnly: api };
  }
  const free = live.filter((g) => g.kind === 'plan' && g.sku === 'free').sort(byExpiry);
  return { usable: free, frozen: packages, plans: free, apiOnly: [] };
}

export const leftOf = (g: Grant) => g.charsTotal - g.charsUsed;

export type Part = { grantId: number; chars: number };

/** Takes `chars` from the grants in order; not enough in all of them together answers 41005. */
export function allocate(usable: Grant[], chars: number): Part[] {
  const parts: Part[] = [];
  let need = chars;
  for (const g of usable) {
    if (need === 0) break;
    const take = Math.min(leftOf(g), need);
    if (take <= 0) continue;
    parts.push({ grantId: g.grantId, chars: take });
    need -= take;
  }
  if (need > 0) throw new AppError('CHARS_NOT_ENOUGH');
  return parts;
}

/**
 * Splits what goes back to the grants when a reservation ends: the last taken is given back
 * first, so the characters charged are the ones taken first (the earliest-expiring package).
 */
export function giveBack(parts: Part[], chars: number): Part[] {
  const back: Part[] = [];
  let left = chars;
  for (const p of [...parts].reverse()) {
    if (left === 0) break;
    const give = Math.min(p.chars, left);
    back.push({ grantId: p.grantId, chars: give });
    left -= give;
  }
  return back;
}
