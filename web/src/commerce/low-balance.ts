/**
 * The low-balance warning (spec sections 6, 8, 9): at 10,000 characters or fewer
 * (TIMINGS.lowCharsWarning) a notification for 10 s (TIMINGS.goodsWarningMs), once per session
 * of the tab. Main-site users and an enterprise site's managers get a "buy characters" action;
 * other users are told to contact their administrator, as are all users where nothing is sold.
 */
import type { KeyValueStore } from '../auth/tokens';
import { shouldWarnLowChars } from '../translate/low-chars';
import { canPurchase } from './purchase-rules';

export type LowBalanceAction = 'buy' | 'contactAdmin';

export function lowBalanceAction(viewer: { role: number | null; onMainSite: boolean; billing: boolean }): LowBalanceAction {
  return viewer.billing && canPurchase(viewer) ? 'buy' : 'contactAdmin';
}

/** Per account: a second login in the same tab is a new session of its own. */
export const warnedKey = (user: string) => `lowBalanceWarned:${user}`;

/**
 * Whether to warn now, marking the session as warned when so. `storage` is the tab's
 * sessionStorage: a reload is the same session, a new tab a new one.
 */
export function takeLowBalanceWarning(totalLeft: number | null | undefined, user: string, storage: KeyValueStore): boolean {
  const warned = storage.getItem(warnedKey(user)) !== null;
  if (!shouldWarnLowChars(totalLeft, warned)) return false;
  storage.setItem(warnedKey(user), '1');
  return true;
}
