/**
 * Periods of the free allowances and the grants bought with orders, all in UTC so that every
 * process (and the database) agrees on when a month or a day ends.
 */
import { LIMITS, SKUS } from '@mtp/proto';
import type { Owner } from './owner';

/** A registered user without a paid plan: the free sku's characters per calendar month. */
export const FREE_MONTHLY_CHARS = SKUS.free.quotaChars;

/**
 * An anonymous visitor (try_translate without a login): this many characters per client key and
 * calendar day. Four full-length trial texts (5,000 each): enough to try the product, and less
 * than a month of a registered free user, so registering is worth it. A day, not a month,
 * because addresses are shared (offices, mobile carriers) and change hands.
 */
export const ANONYMOUS_DAILY_CHARS = 20_000;

export type Period = { startsAt: Date; expiresAt: Date };

export function monthOf(now: Date): Period {
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { startsAt, expiresAt: addMonthsUtc(startsAt, 1) };
}

export function dayOf(now: Date): Period {
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { startsAt, expiresAt: new Date(startsAt.getTime() + 86_400_000) };
}

/** The free allowance that applies to `owner` at `now`. */
export function freeAllowance(owner: Owner, now: Date): Period & { chars: number } {
  return owner.kind === 'user' ? { ...monthOf(now), chars: FREE_MONTHLY_CHARS } : { ...dayOf(now), chars: ANONYMOUS_DAILY_CHARS };
}

/** Calendar months later; a day past the end of the target month clamps to its last day (Jan 31 + 1 = Feb 28/29). */
export function addMonthsUtc(d: Date, months: number): Date {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target;
}

/** Character packages are valid 365 days from purchase (spec section 9). */
export function packageExpiry(startsAt: Date): Date {
  return new Date(startsAt.getTime() + LIMITS.packageValidDays * 86_400_000);
}
