/**
 * The statistics' ports (`StatsSources` of @mtp/ops), wired to the packages that own the facts:
 * ops may not import accounts, billing or tasks, so the gateway hands it their query functions.
 */
import { firstUserAt, newUsersBetween, signInsBetween, usersByIds } from '@mtp/accounts';
import { chargedBetween, paidOrdersBetween } from '@mtp/billing';
import { runStatsPass, type StatsSources } from '@mtp/ops';
import type { Db } from '@mtp/platform';
import { classifyReservations, taskOutcomesBetween } from '@mtp/tasks';

export function statsSourcesOf(db: Db): StatsSources {
  return {
    charges: (from, to) => chargedBetween(db, from, to),
    classifyCharges: (ids) => classifyReservations(db, ids),
    taskOutcomes: (from, to) => taskOutcomesBetween(db, from, to),
    paidOrders: (from, to) => paidOrdersBetween(db, from, to),
    signIns: (from, to) => signInsBetween(db, from, to),
    newUsers: (from, to) => newUsersBetween(db, from, to),
    usersByIds: (ids) => usersByIds(db, ids),
    firstDay: () => firstUserAt(db),
  };
}

/** One rollup pass now (what the job does every few minutes): for benchmarks and tests that seed rows. */
export function rebuildStats(db: Db, now = new Date()): Promise<string[] | null> {
  return runStatsPass(db, statsSourcesOf(db), now);
}
