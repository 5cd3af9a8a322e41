/**
 * The billing notices sweep (issue 17): every few minutes the billing service says which notices
 * are due (plans expiring within 7 days or just expired, low balances, frozen packages:
 * `dueNotices`) and the accounts service posts them to the message center (`postMessage`, which
 * stores a dedupe key once per user). It runs in the gateway process because the gateway is the
 * one place that may use both services (accounts never imports billing).
 *
 * One replica sweeps at a time (a session advisory lock, as the tasks service's recovery sweeper
 * takes its own); a replica that finds the lock taken skips the round. Two that raced anyway
 * would still post each notice once: the dedupe key is the guarantee, the lock only saves work.
 */
import { postMessage } from '@mtp/accounts';
import { dueNotices } from '@mtp/billing';
import type { Db } from '@mtp/platform';

/** Why 5 minutes: the nearest notice rule is measured in days; a low balance can wait minutes. */
export const NOTICE_SWEEP_EVERY_MS = 5 * 60_000;
/** Any fixed number unlike the others (the recovery sweeper's is 0x6d747001): this lock's name. */
const NOTICE_SWEEP_LOCK = 0x6d7470_02;

export type NoticeSweeperDeps = { db: Db; log: (line: string) => void };

export type NoticeSweeper = {
  /** One round now (tests, and the first one at start); answers how many messages were new. */
  sweepOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
};

/** Runs `fn` holding the sweep's advisory lock, or answers null when another replica holds it. */
async function withSweepLock<T>(db: Db, fn: () => Promise<T>): Promise<T | null> {
  const client = await db.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [NOTICE_SWEEP_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [NOTICE_SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Posts every notice due at `now`; one that fails is logged and tried again next round. */
export async function sweepBillingNotices(deps: NoticeSweeperDeps, now = new Date()): Promise<number | null> {
  return withSweepLock(deps.db, async () => {
    let posted = 0;
    for (const notice of await dueNotices(deps.db, now)) {
      try {
        if (await postMessage(deps.db, notice)) posted += 1;
      } catch (err) {
        deps.log(`billing notices: ${notice.kind} for user ${notice.userId} not posted: ${(err as Error).message}`);
      }
    }
    return posted;
  });
}

export function startNoticeSweeper(deps: NoticeSweeperDeps, opts: { everyMs?: number; sweepAtStart?: boolean } = {}): NoticeSweeper {
  let running: Promise<number> | null = null;
  const sweepOnce = (now?: Date) => {
    // One round at a time in this process; a second caller waits for the running one, then sweeps.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(async () => (await sweepBillingNotices(deps, now)) ?? 0);
    running = next;
    return next;
  };
  const tick = () => void sweepOnce().catch((err) => deps.log(`billing notices sweep failed: ${(err as Error).message}`));
  if (opts.sweepAtStart ?? true) tick();
  const timer = setInterval(tick, opts.everyMs ?? NOTICE_SWEEP_EVERY_MS);
  timer.unref();
  return {
    sweepOnce,
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
