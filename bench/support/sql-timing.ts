/**
 * Where a request's database time goes: while on, every query of every pg client of this process
 * (pool queries and transactions alike) is timed from the moment the client is asked to run it
 * until its answer, so the time it waited behind other queries on that connection or on a row
 * lock is included; time waiting for a free pool connection is not (sample `waitingCount` for that).
 * Grouped by the statement's text (its first 100 characters, spaces collapsed).
 */
import pg from 'pg';

type Stat = { calls: number; ms: number };
const stats = new Map<string, Stat>();
let on = false;

const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;

function textOf(first: unknown): string {
  const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 100);
}

function record(key: string, started: number) {
  const stat = stats.get(key) ?? { calls: 0, ms: 0 };
  stat.calls += 1;
  stat.ms += performance.now() - started;
  stats.set(key, stat);
}

(pg.Client.prototype as { query: unknown }).query = function timedQuery(this: unknown, ...args: unknown[]) {
  if (!on) return original.apply(this, args);
  const key = textOf(args[0]);
  const started = performance.now();
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...result: unknown[]) => {
      record(key, started);
      return (callback as (...a: unknown[]) => unknown)(...result);
    };
    return original.apply(this, args);
  }
  const answer = original.apply(this, args);
  if (answer && typeof (answer as Promise<unknown>).then === 'function') {
    (answer as Promise<unknown>).then(
      () => record(key, started),
      () => record(key, started),
    );
  }
  return answer;
};

export function startSqlTiming(): void {
  stats.clear();
  on = true;
}

/** Stops timing; the statements by total time, most first. */
export function stopSqlTiming(): { sql: string; calls: number; ms: number }[] {
  on = false;
  return [...stats.entries()].map(([sql, s]) => ({ sql, ...s })).sort((a, b) => b.ms - a.ms);
}
