/**
 * The ledger in the shape the tasks service asks for (`QuotaPort` in services/tasks/src/ports.ts),
 * so the gateway wires it with one call. Structural: billing does not depend on tasks.
 */
import type { Db } from '@mtp/platform';
import { listOpenReservations } from './open-reservations';
import { refund, reserve, settle } from './reservations';

/** `via: 'api'`: public-API work, which takes the user's API packages first (README "API packages"). */
export type Payer = { userId: number; via?: 'api' } | { anonymousKey: string };

export type LedgerPort = {
  reserve(payer: Payer, taskId: string, chars: number): Promise<void>;
  settle(taskId: string, actualChars: number): Promise<void>;
  refund(taskId: string): Promise<void>;
  openReservations(prefix: string, olderThanMs: number): Promise<string[]>;
};

export function ledgerPort(db: Db): LedgerPort {
  return {
    reserve: async (payer, taskId, chars) => {
      const owner = 'userId' in payer ? { userId: payer.userId, via: payer.via } : { userId: null, clientKey: payer.anonymousKey };
      await reserve(db, { ...owner, taskId, chars });
    },
    settle: async (taskId, actualChars) => {
      await settle(db, { taskId, actualChars });
    },
    refund: async (taskId) => {
      await refund(db, { taskId });
    },
    openReservations: (prefix, olderThanMs) => listOpenReservations(db, { prefix, olderThanMs }),
  };
}
