/**
 * A fresh database on the run's PostgreSQL server with the accounts and billing tables, a pool
 * big enough for real concurrency, users made directly, and the ledger's invariants as queries.
 */
import { accountsMigrations } from '@mtp/accounts';
import { createPool, runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { inject } from 'vitest';
import { billingMigrations } from '../src/index';

export type BillingFixture = Awaited<ReturnType<typeof createBillingFixture>>;

export async function createBillingFixture(poolSize = 20) {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations())]);
  const db: Db = createPool(tdb.url, poolSize);
  const site = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  let next = 0;

  async function createUser(): Promise<number> {
    next += 1;
    const { rows } = await db.query<{ user_id: number }>(
      `INSERT INTO users (account, username, site_id) VALUES ($1, 'tester', $2) RETURNING user_id`,
      [`user${next}@example.com`, site.rows[0]!.site_id],
    );
    return rows[0]!.user_id;
  }

  /** Grants whose balance differs from the sum of their ledger entries (should be none). */
  async function ledgerMismatches(): Promise<unknown[]> {
    const { rows } = await db.query(
      `SELECT g.grant_id, g.chars_total - g.chars_used AS left, coalesce(l.sum, 0) AS ledger
       FROM quota_grants g LEFT JOIN (SELECT grant_id, sum(chars) AS sum FROM quota_ledger GROUP BY grant_id) l USING (grant_id)
       WHERE g.chars_total - g.chars_used <> coalesce(l.sum, 0) OR g.chars_used < 0 OR g.chars_used > g.chars_total`,
    );
    return rows;
  }

  /** Reservations whose parts or ledger entries do not add up to what they hold or gave back. */
  async function reservationMismatches(): Promise<unknown[]> {
    const { rows } = await db.query(
      `SELECT r.task_id FROM quota_reservations r
       LEFT JOIN (SELECT task_id, sum(chars) AS sum FROM quota_reservation_parts GROUP BY task_id) p USING (task_id)
       LEFT JOIN (SELECT task_id, sum(chars) FILTER (WHERE kind = 'reserve') AS taken,
                         coalesce(sum(chars) FILTER (WHERE kind <> 'reserve'), 0) AS back
                  FROM quota_ledger WHERE task_id IS NOT NULL GROUP BY task_id) l USING (task_id)
       WHERE p.sum IS DISTINCT FROM r.chars_reserved
          OR -l.taken IS DISTINCT FROM r.chars_reserved
          OR l.back <> r.chars_reserved - coalesce(r.chars_charged, r.chars_reserved)`,
    );
    return rows;
  }

  return {
    db,
    createUser,
    ledgerMismatches,
    reservationMismatches,
    close: async () => {
      await db.end();
      await tdb.drop();
    },
  };
}

/** A small seeded generator, so a failing run can be repeated with the same sizes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY_MS = 86_400_000;
