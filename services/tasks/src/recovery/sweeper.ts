/**
 * The recovery sweeper: every few seconds, work the bus may have lost is sent again from
 * PostgreSQL (recover-text.ts, recover-documents.ts), and ledgers left open by a failed settle or
 * refund are ended (reconcile-ledger.ts); every hour, uploads no row points at are deleted. One
 * replica sweeps at a time (a session advisory lock), so gateway replicas never race each other.
 *
 * On an in-process bus the process that starts is the only one, and its bus kept nothing of the
 * process before: the first sweep resumes everything unfinished at once, and deletes orphaned
 * uploads of any age.
 */
import { newRequestId, withRequestId, type Db } from '@mtp/platform';
import type { DocDeps } from '../documents/doc-deps';
import type { TextJobDeps } from '../text-jobs';
import { deleteOrphanUploads, ORPHAN_UPLOAD_AGE_MS } from './orphan-uploads';
import { reconcileLedger } from './reconcile-ledger';
import { recoverDocuments } from './recover-documents';
import { recoverTextTasks } from './recover-text';
import { recoverScans } from '../term-extraction/scan-recovery';
import { recoverWebTasks } from '../web-pages/web-recovery';
import { DEFAULT_RULES, type RecoveryRules } from './recovery-rules';

/** Why 5 s: a dead holder is noticed by the device registry within 15 s; the sweep adds little to that, and its queries use partial indexes. */
export const SWEEP_EVERY_MS = 5_000;
/** Why an hour: orphaned uploads are rare and only cost disk. */
const ORPHAN_SWEEP_EVERY_MS = 3_600_000;
/** Any fixed number: the lock's name among the database's advisory locks. */
const SWEEPER_LOCK = 0x6d7470_01;

export type SweeperDeps = Pick<TextJobDeps, 'db' | 'bus' | 'quota' | 'log'> & { docs: DocDeps | null };

export type Sweeper = {
  /** One sweep now (tests, and the first one at start); answers how much it sent again or ended. */
  sweepOnce(rules?: Partial<RecoveryRules>): Promise<number>;
  stop(): Promise<void>;
};

async function withLock<T>(db: Db, fn: () => Promise<T>): Promise<T | null> {
  const client = await db.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [SWEEPER_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SWEEPER_LOCK]);
    }
  } finally {
    client.release();
  }
}

export function startSweeper(deps: SweeperDeps, opts: { everyMs?: number; resumeAtStart: boolean; orphanAgeMs?: number }): Sweeper {
  let lastOrphanSweep = 0;
  const orphanAge = opts.orphanAgeMs ?? ORPHAN_UPLOAD_AGE_MS;
  // An orphan is found within its age plus one orphan sweep; a short age (tests) sweeps as often.
  const orphanEvery = Math.min(ORPHAN_SWEEP_EVERY_MS, orphanAge);
  let running: Promise<number> | null = null;
  const sweep = async (rules: RecoveryRules, orphanAgeMs?: number): Promise<number> => {
    // Work sent again goes out under a request id of its own, one per sweep (the original HTTP
    // request's id is not stored with a task): its workers' and results' lines share it.
    const done = await withRequestId(newRequestId('sweep-'), () =>
      withLock(deps.db, async () => {
        let n = await recoverTextTasks(deps, rules);
        if (deps.docs) n += await recoverDocuments(deps.docs, rules);
        if (deps.docs?.scanTerms) n += await recoverScans(deps.docs, rules);
        if (deps.docs) n += await recoverWebTasks(deps.docs, rules);
        n += await reconcileLedger(deps);
        if (deps.docs && (orphanAgeMs !== undefined || Date.now() - lastOrphanSweep >= orphanEvery)) {
          lastOrphanSweep = Date.now();
          n += await deleteOrphanUploads(deps.docs, orphanAgeMs ?? orphanAge);
        }
        return n;
      }),
    );
    return done ?? 0;
  };
  const sweepOnce = (rules: Partial<RecoveryRules> = {}, orphanAgeMs?: number) => {
    // One sweep at a time in this process; a second caller waits for the running one, then sweeps.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => sweep({ ...DEFAULT_RULES, ...rules }, orphanAgeMs));
    running = next;
    return next;
  };
  const tick = () => void sweepOnce().catch((err) => deps.log(`recovery sweep failed: ${(err as Error).message}`));
  // On an in-process bus, everything unfinished is resumed at once and orphans of any age go.
  if (opts.resumeAtStart) {
    void sweepOnce({ resumeAll: true }, 0).catch((err) => deps.log(`recovery at start failed: ${(err as Error).message}`));
  }
  const timer = setInterval(tick, opts.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  return {
    sweepOnce: (rules) => sweepOnce(rules),
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
