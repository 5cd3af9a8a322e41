import type { Db, inTransaction } from '@mtp/platform';
import type { PlanCode } from '@mtp/proto';

/** Who asks: the gateway's auth context fits (role 0 admin, 1 manager, 2 normal). */
export type Actor = { userId: number; role: number; siteId: number };

/** The plan a user is on; the gateway wires billing's `remaining().plan_code`. */
export type PlanOf = (userId: number) => Promise<PlanCode>;

export type BanksDeps = { db: Db; planOf: PlanOf };

export const FLAG_NAMES = { 0: 'translation memory', 1: 'termbase' } as const;
export type Flag = 0 | 1;

/** A transaction's client, as `inTransaction` hands it to its callback. */
export type TxClient = Parameters<Parameters<typeof inTransaction>[1]>[0];

/** One system-log line of a staff change to a bank (the shape of @mtp/accounts' `ActionEntry`). */
export type BankAuditEntry = {
  /** `bank.delete`, `bank.rename`, `entry.delete`, `entry.update`, ... */
  action: string;
  targetType: 'bank' | 'entry';
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  /** The bank's site, so a manager's log shows their site's moderation. */
  siteId?: number | null;
};

/**
 * Writes a staff change's system-log line with the change's own transaction client, so both
 * commit or neither does. The gateway passes one bound to the caller and the request (this
 * package does not import accounts); without one nothing is written (tests, scripts).
 */
export type BankAudit = (client: TxClient, entry: BankAuditEntry) => Promise<void>;
