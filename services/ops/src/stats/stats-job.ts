/**
 * Keeps the rollups current. At start (and every few minutes) it computes every day from the
 * first account's day to today that is missing or not yet final: the first run is the backfill,
 * later runs recompute today (and yesterday until it is final). A session advisory lock lets one
 * replica do a pass at a time; the others skip it (their pass would write the same rows anyway).
 * Queries refresh the recent days they show when older than QUERY_STALE_MS (`refreshRecent`).
 */
import type { Db } from '@mtp/platform';
import { addDays, dayOf } from './stats-days';
import { computeStatsDay, STATS_LOCK_CLASS } from './stats-rollup';
import type { StatsSources } from './stats-sources';

export const ROLLUP_EVERY_MS = 5 * 60_000;
/** How old today's figures may be when a query shows them. */
export const QUERY_STALE_MS = 60_000;
/** The days a query may compute itself (today, yesterday); older missing days are the job's. */
const QUERY_RECENT_DAYS = 2;
/** Second key of the pass lock (the first is the class of every stats lock). */
const PASS_LOCK = 0;

type DayState = { day: string; computed_at: Date; final: boolean };

async function dayStates(db: Db, from: string, to: string): Promise<Map<string, DayState>> {
  const { rows } = await db.query<{ day: string; computed_at: Date; final: boolean }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, computed_at, final FROM stats_days WHERE day BETWEEN $1 AND $2`,
    [from, to],
  );
  return new Map(rows.map((r) => [r.day, r]));
}

/** Days of [from, to] that are missing, or not final and computed more than `staleMs` ago. */
async function dueDays(db: Db, from: string, to: string, now: Date, staleMs: number): Promise<string[]> {
  if (from > to) return [];
  const states = await dayStates(db, from, to);
  const due: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const s = states.get(d);
    if (!s || (!s.final && now.getTime() - s.computed_at.getTime() >= staleMs)) due.push(d);
  }
  return due;
}

/**
 * One pass: every due day from the first account's day to today. Answers the days computed, or
 * null when another replica holds the pass.
 */
export async function runStatsPass(db: Db, sources: StatsSources, now = new Date(), staleMs = 0): Promise<string[] | null> {
  const client = await db.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [STATS_LOCK_CLASS, PASS_LOCK]);
    if (!rows[0]!.ok) return null;
    try {
      const first = await sources.firstDay();
      if (!first) return [];
      const days = await dueDays(db, dayOf(first), dayOf(now), now, staleMs);
      for (const day of days) await computeStatsDay(db, sources, day, now);
      return days;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [STATS_LOCK_CLASS, PASS_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Before a query: recomputes the recent days of [from, to] that are stale (each under its day lock). */
export async function refreshRecent(db: Db, sources: StatsSources, from: string, to: string, now = new Date()): Promise<void> {
  const today = dayOf(now);
  const start = [from, addDays(today, 1 - QUERY_RECENT_DAYS)].sort()[1]!;
  const end = [to, today].sort()[0]!;
  for (const day of await dueDays(db, start, end, now, QUERY_STALE_MS)) await computeStatsDay(db, sources, day, now);
}

export type StatsJob = { stop: () => Promise<void>; pass: () => Promise<string[] | null> };

/** Starts the job: a pass now (the backfill) and every `everyMs`; errors are logged, never thrown. */
export function startStatsRollup(opts: { db: Db; sources: StatsSources; everyMs?: number; log?: (line: string) => void }): StatsJob {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => runStatsPass(opts.db, opts.sources, new Date(), QUERY_STALE_MS);
  const tick = () => {
    if (stopped) return;
    running = pass()
      .then((days) => {
        if (days && days.length > 1) opts.log?.(`stats: computed ${days.length} days (${days[0]} to ${days.at(-1)})`);
      })
      .catch((err) => opts.log?.(`stats: rollup failed (retried in the next pass): ${err}`));
  };
  tick();
  const timer = setInterval(tick, opts.everyMs ?? ROLLUP_EVERY_MS);
  timer.unref();
  return {
    pass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
