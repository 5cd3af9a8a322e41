import type { Db } from '@mtp/platform';
import type { PlanCode } from '@mtp/proto';

/** Who asks: the gateway's auth context fits (role 0 admin, 1 manager, 2 normal). */
export type Actor = { userId: number; role: number; siteId: number };

/** The plan a user is on; the gateway wires billing's `remaining().plan_code`. */
export type PlanOf = (userId: number) => Promise<PlanCode>;

export type BanksDeps = { db: Db; planOf: PlanOf };

export const FLAG_NAMES = { 0: 'translation memory', 1: 'termbase' } as const;
export type Flag = 0 | 1;
