/**
 * UTC days as the statistics use them: `YYYY-MM-DD` strings, their start instants, ranges, and
 * the checks of a requested range (44031 from > to or not a date, 44032 longer than 366 days).
 */
import { AppError } from '@mtp/proto';

export const DAY_MS = 86_400_000;
/** The longest range one query or export may span (a leap year). */
export const STATS_MAX_DAYS = 366;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a day starts, or null when `day` is not a real date. */
export function dayStartOf(day: string): Date | null {
  if (!ISO_DAY.test(day)) return null;
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? null : at;
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => dayOf(new Date(dayStartOf(day)!.getTime() + n * DAY_MS));

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A requested range, checked: both real dates, from <= to, at most STATS_MAX_DAYS days. */
export function checkRange(from: string, to: string): { from: string; to: string; days: number } {
  const start = dayStartOf(from);
  const end = dayStartOf(to);
  if (!start || !end || start > end) throw new AppError('STATS_RANGE_INVALID');
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
  if (days > STATS_MAX_DAYS) throw new AppError('STATS_RANGE_TOO_LONG');
  return { from, to, days };
}
