/**
 * Traffic limits shared by every gateway replica: fixed-window hit counters in PostgreSQL
 * (ARCHITECTURE.md: shared state lives in PostgreSQL or NATS, never in one process's memory).
 * One atomic upsert answers the count in the current window, so replicas racing on the same key
 * never lose a hit; the database's clock decides windows, so replicas' clocks don't. Under load the
 * hits of one replica go together (@mtp/platform `batched`): one upsert adds each key's hits of the
 * batch at once, and the hits of a key are numbered within it as if they had come one by one.
 */
import { batched, type Db, type Outcome } from '@mtp/platform';

export type RateHit = {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends (and the count starts again). */
  ttlMs: number;
};

/** How often expired rows are swept; each sweep is one indexed DELETE. */
const SWEEP_EVERY_MS = 60_000;
/** Most hits in one upsert. */
const MAX_BATCH = 500;

type Hit = { key: string; windowMs: number };

export class RateCounter {
  private lastSweep = Date.now();
  private readonly hitBatched = batched((hits: Hit[]) => this.hitAll(hits), { maxBatch: MAX_BATCH });

  constructor(private readonly db: Db) {}

  /** Counts one hit on `key` in a window of `windowMs` that starts with the key's first hit. */
  async hit(key: string, windowMs: number): Promise<RateHit> {
    this.sweepNowAndThen();
    return this.hitBatched({ key, windowMs });
  }

  /**
   * Counts a batch in one statement. A key's n hits add n (or start its window at n); the i-th of
   * them answers the count minus the ones after it, exactly what n upserts in a row would answer.
   * (A key's window is part of the key, so its hits share one window length.)
   */
  private async hitAll(hits: Hit[]): Promise<Outcome<RateHit>[]> {
    const perKey = new Map<string, { windowMs: number; n: number }>();
    const position = hits.map((h) => {
      const k = perKey.get(h.key) ?? { windowMs: h.windowMs, n: 0 };
      perKey.set(h.key, k);
      return ++k.n;
    });
    const keys = [...perKey.keys()];
    const { rows } = await this.db.query<{ key: string; hits: number; ttl_ms: number }>({
      name: 'rate-counter-hits', // prepared once per connection: it runs for every request
      text: `INSERT INTO rate_limit_counters AS c (key, hits, window_ends)
       SELECT key, n, now() + window_ms * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::float8[]) AS h(key, n, window_ms)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends <= now() THEN EXCLUDED.hits ELSE c.hits + EXCLUDED.hits END,
         window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING key, hits, ceil(extract(epoch FROM window_ends - now()) * 1000)::float8 AS ttl_ms`,
      values: [keys, keys.map((k) => perKey.get(k)!.n), keys.map((k) => perKey.get(k)!.windowMs)],
    });
    const counted = new Map(rows.map((r) => [r.key, r]));
    return hits.map((h, i) => {
      const row = counted.get(h.key)!;
      return { value: { hits: row.hits - perKey.get(h.key)!.n + position[i]!, ttlMs: Math.max(0, row.ttl_ms) } };
    });
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
