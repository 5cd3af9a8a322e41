/**
 * The statistics screen's place in the URL (`?from=&to=&site=`): days are UTC (YYYY-MM-DD) as the
 * server counts them; without them the last 30 days up to today. A bad value falls back to the
 * default; the server still checks the range (44031/44032 with their message).
 */
import type { StatsQuery } from '@mtp/proto';

export type StatsSearch = { from?: string; to?: string; site?: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const DEFAULT_DAYS = 30;

const dateOf = (value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function validateStatsSearch(search: Record<string, unknown>): StatsSearch {
  const site = Number(search.site);
  return { from: dateOf(search.from), to: dateOf(search.to), site: Number.isInteger(site) && site > 0 ? site : undefined };
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The call's query: the URL's days, else the last DEFAULT_DAYS days up to today (UTC). */
export function statsQueryOf(search: StatsSearch, now = new Date()): StatsQuery {
  const to = search.to ?? utcDay(now);
  const from = search.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  return { from, to, ...(search.site ? { site_id: search.site } : {}) };
}

/** Cents as yuan with two decimals (amounts are kept exact in cents). */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** A pair as people read it; an unknown pair (old charges) gets the caller's word for it. */
export const pairLabel = (src: string, tgt: string, unknown: string) => (src && tgt ? `${src} → ${tgt}` : unknown);
