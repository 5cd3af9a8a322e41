/**
 * The mobile entry (spec sections 1 and 2): an Android or iPhone user agent gets the trial
 * translation page for the engine page and for any unknown path; every other route, `/login`
 * included, stays reachable. Desktop browsers are unaffected. Pure, so tests need no DOM.
 */
import { TIMINGS } from '@mtp/proto';

export const MOBILE_UA = /Android|iPhone/i;
export const MOBILE_HOME = '/mobiletranslate';
export const MOBILE_REGISTER = '/publicityRegister';

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && MOBILE_UA.test(userAgent);
}

/** navigator.userAgent; empty where there is no navigator (Node before 21). */
export function currentUserAgent(): string {
  return typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string' ? navigator.userAgent : '';
}

export function isMobileDevice(): boolean {
  return isMobileUserAgent(currentUserAgent());
}

/**
 * Where a visit goes instead, or null to stay. `notFound`: nothing (or no site) matched the path.
 * `loggedIn`: the trial is for visitors; someone logged in on a phone keeps the engine page,
 * the way into the app (documents, banks, account) through the navigation drawer.
 */
export function mobileRedirect(visit: {
  userAgent: string;
  pathname: string;
  notFound?: boolean;
  loggedIn?: boolean;
}): typeof MOBILE_HOME | null {
  if (!isMobileUserAgent(visit.userAgent)) return null;
  if (visit.notFound) return MOBILE_HOME;
  return visit.pathname === '/' && !visit.loggedIn ? MOBILE_HOME : null;
}

/** Message toasts on the mobile pages last 5 s (spec section 9) instead of the usual 3 s. */
export function messageDuration(durationMs: number, mobilePage: boolean): number {
  return mobilePage && durationMs === TIMINGS.errorToastMs ? TIMINGS.mobileMessageMs : durationMs;
}
