/**
 * The ledger in the shape the tasks service asks for (`QuotaPort` in services/tasks/src/ports.ts),
 * so the gateway wires it with one call. Structural: billing does not depend on tasks.
 */
import { batched, type Db } from '@mtp/platform';
import { listOpenReservations } from './open-reservations';
import { chargeMany, type ChargeArgs } from './charge-batches';
import { reserveMany, settleMany } from './reservation-batches';
import { refund, type ReserveArgs, type SettleArgs } from './reservations';

/** `via: 'api'`: public-API work, which takes the user's API packages first (README "API packages"). */
export type Payer = { userId: number; via?: 'api' } | { anonymousKey: string };

export type LedgerPort = {
  reserve(payer: Payer, taskId: string, chars: number): Promise<void>;
  /** Charges work already done (charge-batches.ts): one settled reservation `idPrefix` + a UUID per batch and owner. */
  charge(payer: Payer, idPrefix: string, chars: number): Promise<void>;
  settle(taskId: string, actualChars: number): Promise<void>;
  refund(taskId: string): Promise<void>;
  openReservations(prefix: string, olderThanMs: number): Promise<string[]>;
};

/** Most reservations (or settles) in one batch. */
const MAX_BATCH = 200;

/**
 * Reservations and settles go in batches (reservation-batches.ts): a lone call is sent at once,
 * the calls made while one is being written go together in the next.
 */
export function ledgerPort(db: Db): LedgerPort {
  const reserveOne = batched((items: ReserveArgs[]) => reserveMany(db, items), { maxBatch: MAX_BATCH });
  const settleOne = batched((items: SettleArgs[]) => settleMany(db, items), { maxBatch: MAX_BATCH });
  const chargeOne = batched((items: ChargeArgs[]) => chargeMany(db, items), { maxBatch: MAX_BATCH });
  const ownerOf = (payer: Payer) =>
    'userId' in payer ? { userId: payer.userId, via: payer.via } : { userId: null, clientKey: payer.anonymousKey };
  return {
    reserve: async (payer, taskId, chars) => {
      await reserveOne({ ...ownerOf(payer), taskId, chars });
    },
    charge: async (payer, idPrefix, chars) => {
      await chargeOne({ ...ownerOf(payer), idPrefix, chars });
    },
    settle: async (taskId, actualChars) => {
      await settleOne({ taskId, actualChars });
    },
    refund: async (taskId) => {
      await refund(db, { taskId });
    },
    openReservations: (prefix, olderThanMs) => listOpenReservations(db, { prefix, olderThanMs }),
  };
}
