/**
 * What the statistics read, as ports: the facts belong to other services (the ledger and orders to
 * billing, tasks to tasks, users and sign-ins to accounts), which ops must not import. The gateway
 * passes their small query functions in. Every `from`/`to` pair is a half-open UTC interval.
 */
import type { StatsKind, StatsOutcome } from '@mtp/proto';

/** A settled reservation's characters (billing): who paid and under which reservation id. */
export type ChargeFact = { taskId: string; userId: number | null; chars: number };

/** What a reservation id was for (tasks): the kind, and the pair ('' where no longer known). */
export type ChargeClass = { kind: StatsKind; src: string; tgt: string };

/** Tasks of one user that ended in the interval with one outcome (tasks). */
export type TaskOutcomeFact = { userId: number; kind: string; outcome: StatsOutcome; tasks: number };

/** Paid orders of one user and sku in the interval (billing), amounts in cents as stored. */
export type PaidOrderFact = {
  userId: number;
  skuCode: string;
  goodsType: string;
  plan: string | null;
  orders: number;
  amountCents: number;
};

/** Successful sign-ins of one user in the interval (accounts' system log). */
export type SignInFact = { userId: number; siteId: number | null; signIns: number };

/** Accounts created in the interval per site (accounts). */
export type NewUsersFact = { siteId: number; users: number };

/** A user as the statistics show them (accounts). */
export type StatsUser = { userId: number; account: string; username: string; siteId: number };

export type StatsSources = {
  charges(from: Date, to: Date): Promise<ChargeFact[]>;
  classifyCharges(taskIds: readonly string[]): Promise<Map<string, ChargeClass>>;
  taskOutcomes(from: Date, to: Date): Promise<TaskOutcomeFact[]>;
  paidOrders(from: Date, to: Date): Promise<PaidOrderFact[]>;
  signIns(from: Date, to: Date): Promise<SignInFact[]>;
  newUsers(from: Date, to: Date): Promise<NewUsersFact[]>;
  usersByIds(userIds: readonly number[]): Promise<StatsUser[]>;
  /** When the platform's first account was made: where a backfill starts (null: no users yet). */
  firstDay(): Promise<Date | null>;
};
