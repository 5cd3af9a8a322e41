/**
 * Periods of the free allowances and the grants bought with orders, all in UTC so that every
 * process (and the database) agrees on when a month or a day ends.
 */
import { LIMITS, SKUS } from '@mtp/proto';
import type { Owner } from './owner';

/** A registered user without a paid plan: the free sku's characters per calendar month. */
export const FREE_MONTHLY_CHARS = SKUS.free.quotaChars;

/**
 * A free visitor who is not logged in (try_translate): the spec's free quota (100,000) per
 * client key and calendar month, the same allowance a registered free user has. Addresses are
 * shared and change hands, so the key is only as good as `clientKeyFromIp`.
 */
export const ANONYMOUS_MONTHLY_CHARS = SKUS.free.quotaChars;

export type Period = { startsAt: Date; expiresAt: Date };

export function monthOf(now: Date): Period {
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { startsAt, expiresAt: addMonthsUtc(startsAt, 1) };
}

/** The free allowance that applies to `owner` at `now`. */
export function freeAllowance(owner: Owner, now: Date): Period & { chars: number } {
  return { ...monthOf(now), chars: owner.kind === 'user' ? FREE_MONTHLY_CHARS : ANONYMOUS_MONTHLY_CHARS };
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

/**
 * BILLING=off: what each account gets per month. Not infinite (the column is a bigint and the
 * ledger still counts), but beyond what any deployment translates: a quadrillion characters.
 */
export const UNLIMITED_MONTHLY_CHARS = 1_000_000_000_000_000;
/** The sku name of that allowance (not a catalogue sku: it is never sold). */
export const UNLIMITED_SKU = 'unlimited';
/** Above every sold level: the highest plan is used first, so nothing bought is spent while billing is off. */
export const UNLIMITED_LEVEL = 9;
