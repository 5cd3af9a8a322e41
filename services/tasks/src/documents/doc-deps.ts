import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import type { DocOptions, PlanCode } from '@mtp/proto';
import type { MtPort, Payer, QuotaPort, TmPort } from '../ports';
import type { RouteForUser } from '../pool-routing';
import type { ScanTermsPort } from '../term-extraction/scan-deps';

/** Whether a worker is gone (its heartbeats stopped): the device registry answers it. */
export type WorkerLiveness = { isGone(deviceId: string): boolean };

/**
 * What the document side of the tasks service needs: the database (truth), storage (files shared
 * with the workers), the bus (jobs), the ledger, the memories, and who is alive. It never opens a
 * document itself: document workers do, over the bus.
 */
export type DocDeps = {
  db: Db;
  storage: ObjectStorage;
  bus: Bus;
  /** The MT pool this gateway sends work to (a task keeps the pool it was created with). */
  pool: string;
  mt: MtPort;
  /** The pool of a user's work (enterprise pools); absent: `pool` and `mt` serve everyone. */
  routeFor?: RouteForUser;
  quota: QuotaPort;
  /** TM exact matches and termbase terms (logged-in users). */
  tm?: TmPort;
  /** The plan a user is on (free users have 3 document trials). */
  planOf: (userId: number) => Promise<PlanCode>;
  workers: WorkerLiveness;
  /** Problems that reach no user (a failed refund, a lost publish): logged, then retried by the sweeper. */
  log: (line: string) => void;
  /** Document scan's termbase and memory lookups (the gateway's @mtp/language adapter); absent: no document scan. */
  scanTerms?: ScanTermsPort;
};

/** Who submits a batch. */
export type DocSubmitter = { userId: number; role: number };

export type DocForm = DocOptions;

/** A file already streamed into storage by the upload. */
export type UploadedFile = { projectId: string; fileName: string; ext: string; key: string; bytes: number };

/** Who pays for a task's work: its owner, through the public API where it came that way (API packages first). */
export function payerOf(task: { user_id: number; via: 'api' | null }): Payer {
  return task.via ? { userId: task.user_id, via: task.via } : { userId: task.user_id };
}
