/**
 * The concordance suites' database: a fresh one per file with the accounts, billing and language
 * migrations, one site, users made on demand and memories filled entry by entry through the
 * same `insertEntry` the editor uses (so entries carry the writer's tokens and keys).
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import type { LanguageCode } from '@mtp/proto';
import { afterAll, beforeAll, inject } from 'vitest';
import { createBank, insertEntry, languageMigrations, type Actor, type BanksDeps } from '../src/index';

export type MemoryPair = { src: LanguageCode; tgt: LanguageCode; twoWay?: boolean; system?: boolean };

export type ConcordanceFixture = {
  readonly db: Db;
  createUser(role?: number): Promise<Actor>;
  /** A memory of `actor` (a system one with `system`) holding `entries`; answers its id. */
  memory(actor: Actor, pair: MemoryPair, entries: [string, string][]): Promise<number>;
};

/** `accountPrefix` keeps the users' accounts apart from other suites'. */
export function concordanceFixture(accountPrefix: string): ConcordanceFixture {
  let db: Db;
  let deps: BanksDeps;
  let drop: (() => Promise<void>) | undefined;
  let siteId: number;
  let next = 0;

  beforeAll(async () => {
    const tdb = await createTestDatabase(inject('pgAdminUrl'));
    await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
    db = tdb.db;
    drop = () => tdb.drop();
    deps = { db, planOf: async () => 'enterprise' };
    const sites = await db.query<{ site_id: number }>(
      `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
    );
    siteId = sites.rows[0]!.site_id;
  });
  afterAll(async () => {
    await drop?.();
  });

  return {
    get db() {
      return db;
    },
    async createUser(role = 2) {
      next += 1;
      const { rows } = await db.query<{ user_id: number }>(
        `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
        [`${accountPrefix}${next}@example.com`, siteId, role],
      );
      return { userId: rows[0]!.user_id, role, siteId };
    },
    async memory(actor, pair, entries) {
      const individual = pair.system ? 0 : 1;
      const bank = await createBank(deps, actor, {
        flag: 0,
        name: `m${++next}`,
        src_lang: pair.src,
        tgt_lang: pair.tgt,
        tow_way: pair.twoWay ? 1 : 0,
        system_or_individual: individual,
      });
      for (const [source, translated] of entries) {
        await insertEntry(deps, actor, { flag: 0, system_or_individual: individual, bank_id: bank.bank_id, source, translated });
      }
      return bank.bank_id;
    },
  };
}
