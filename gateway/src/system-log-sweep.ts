/**
 * The system log's retention sweep: once a day, lines older than SYSTEM_LOG_RETENTION_DAYS are
 * deleted (0 keeps every line and starts no sweep). One replica sweeps at a time under a session
 * advisory lock, as the billing notices sweep does; a replica that finds it taken skips the round.
 * Two that raced anyway would only delete the same old lines twice: the lock saves work.
 */
import { deleteExpiredSystemLog } from '@mtp/accounts';
import type { Db } from '@mtp/platform';

export const SYSTEM_LOG_SWEEP_EVERY_MS = 24 * 3600_000;
/** This lock's name: a fixed number unlike the others (recovery 0x6d747001, notices 0x6d747002). */
const SYSTEM_LOG_SWEEP_LOCK = 0x6d7470_10;

export type SystemLogSweepDeps = { db: Db; retentionDays: number; log: (line: string) => void; clock?: () => Date };

export type SystemLogSweeper = {
  /** One round now; answers the lines deleted, or null when another replica held the lock. */
  sweepOnce(): Promise<number | null>;
  stop(): Promise<void>;
};

/** Deletes the lines past retention at the clock's now, holding the sweep's lock. */
export async function sweepSystemLog(deps: SystemLogSweepDeps): Promise<number | null> {
  const client = await deps.db.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [SYSTEM_LOG_SWEEP_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      return await deleteExpiredSystemLog(deps.db, deps.retentionDays, deps.clock?.() ?? new Date());
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SYSTEM_LOG_SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

export function startSystemLogSweeper(deps: SystemLogSweepDeps, opts: { everyMs?: number } = {}): SystemLogSweeper {
  let running: Promise<number | null> = Promise.resolve(0);
  const sweepOnce = () => {
    running = running.catch(() => null).then(() => (deps.retentionDays > 0 ? sweepSystemLog(deps) : 0));
    return running;
  };
  const tick = () =>
    void sweepOnce().then(
      (n) => n && deps.log(`system log: ${n} lines older than ${deps.retentionDays} days deleted`),
      (err: Error) => deps.log(`system log sweep failed: ${err.message}`),
    );
  // Nothing to do without a retention: no timer at all.
  const timer = deps.retentionDays > 0 ? setInterval(tick, opts.everyMs ?? SYSTEM_LOG_SWEEP_EVERY_MS) : null;
  timer?.unref();
  if (timer) tick();
  return {
    sweepOnce,
    stop: async () => {
      if (timer) clearInterval(timer);
      await running.catch(() => {});
    },
  };
}
