/**
 * Traffic limits shared by every gateway replica: fixed-window hit counters in PostgreSQL
 * (ARCHITECTURE.md: shared state lives in PostgreSQL or NATS, never in one process's memory).
 * One atomic upsert per hit answers the count in the current window, so replicas racing on the
 * same key never lose a hit; the database's clock decides windows, so replicas' clocks don't.
 */
import type { Db } from '@mtp/platform';

export type RateHit = {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (and the count starts again). */
  ttlMs: number;
};

/** How often expired rows are swept; each sweep is one indexed DELETE. */
const SWEEP_EVERY_MS = 60_000;

export class RateCounter {
  private lastSweep = Date.now();

  constructor(private readonly db: Db) {}

  /** Counts one hit on `key` in a window of `windowMs` that starts with the key's first hit. */
  async hit(key: string, windowMs: number): Promise<RateHit> {
    this.sweepNowAndThen();
    const { rows } = await this.db.query<{ hits: number; ttl_ms: number }>(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING hits, ceil(extract(epoch FROM window_ends - now()) * 1000)::float8 AS ttl_ms`,
      [key, windowMs],
    );
    const row = rows[0]!;
    return { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) };
  }

  /** The hits of `key` in its current window, without counting one (0 when none is open). */
  async read(key: string): Promise<RateHit> {
    const { rows } = await this.db.query<{ hits: number; ttl_ms: number }>(
      `SELECT hits, ceil(extract(epoch FROM window_ends - now()) * 1000)::float8 AS ttl_ms
       FROM rate_limit_counters WHERE key = $1 AND window_ends > now()`,
      [key],
    );
    const row = rows[0];
    return row ? { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) } : { hits: 0, ttlMs: 0 };
  }

  /** Deletes the rows whose window has ended; answers how many. */
  async sweep(): Promise<number> {
    const res = await this.db.query('DELETE FROM rate_limit_counters WHERE window_ends <= now()');
    return res.rowCount ?? 0;
  }

  // A sweep now and then from whichever replica counts, instead of a timer to start and stop:
  // an expired row is restarted in place anyway, so sweeping only bounds the table's size.
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.sweep().catch(() => {});
  }
}
