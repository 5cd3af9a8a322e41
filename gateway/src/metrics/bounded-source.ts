/**
 * Scrape-time reads must never make a scrape slow or failing: each source (a database query, a
 * bus call) runs under a deadline, a failed or late one is left out of that scrape, and the
 * database figures are shared for a few seconds, so several scrapers (two Prometheus servers,
 * a person with curl) cost one query, and at most one query per source is ever in flight.
 */
import { inTransaction, type Db } from '@mtp/platform';

/** Why 2 s: Prometheus' default scrape timeout is 10 s; a count that takes longer is a problem itself. */
export const SOURCE_TIMEOUT_MS = 2_000;
/**
 * The server ends a read this much before the caller's deadline, so a slow query normally fails
 * on its own (and frees its connection) before the scrape gives up on it.
 */
const SERVER_MARGIN_MS = 500;
/** Why 5 s: below any sensible scrape interval (15 s by default), so figures stay current. */
export const DB_SHARE_MS = 5_000;

/** Rejects when `work` takes longer than `ms` (the work itself goes on; callers bound it too). */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `read` on one pooled connection inside a read-only transaction whose statement timeout
 * ends it on the server as well, so an abandoned read does not keep running there.
 */
export async function readWithTimeout<T>(db: Db, ms: number, read: (q: Pick<Db, 'query'>) => Promise<T>): Promise<T> {
  return inTransaction(db, async (client) => {
    await client.query('SET TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ms))}`);
    return read(client);
  });
}

/**
 * A database figure shared for `shareMs`; null when the last read failed or is late. A read that
 * outlives the deadline keeps its place, so a stuck database gets one query, not one per scrape.
 */
export function sharedDbSource<T>(db: Db, what: string, read: (q: Pick<Db, 'query'>) => Promise<T>, shareMs = DB_SHARE_MS) {
  let last: { at: number; value: T | null } | null = null;
  let running: Promise<void> | null = null;
  return async (): Promise<T | null> => {
    if (last && Date.now() - last.at < shareMs) return last.value;
    running ??= readWithTimeout(db, SOURCE_TIMEOUT_MS - SERVER_MARGIN_MS, read)
      .then(
        (value) => void (last = { at: Date.now(), value }),
        () => void (last = { at: Date.now(), value: null }),
      )
      .finally(() => (running = null));
    try {
      await withDeadline(running, SOURCE_TIMEOUT_MS, what);
      return last?.value ?? null;
    } catch {
      return null;
    }
  };
}
