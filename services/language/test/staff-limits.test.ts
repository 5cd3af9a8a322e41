/**
 * Staff and the plan limits (issue 17), on a real PostgreSQL: administrators (role 0) and
 * managers (role 1) are not held to a plan's memory/termbase count or entries per bank, whatever
 * plan billing reports for them, and `get_list`'s `limits` says so (absent); a normal user on the
 * same plan still is.
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { AppError, ROLES } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bankLimitsOf, createBank, importEntries, insertEntry, languageMigrations, type Actor, type BanksDeps } from '../src/index';

let db: Db;
let drop: () => Promise<void>;
// Every user here is on the free plan: 1 memory, 1 termbase, 5 entries per bank.
let deps: BanksDeps;
let siteId: number;
let users = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
  db = tdb.db;
  drop = () => tdb.drop();
  deps = { db, planOf: async () => 'free' };
  const { rows } = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  siteId = rows[0]!.site_id;
});
afterAll(async () => {
  await drop?.();
});

async function userWithRole(role: number): Promise<Actor> {
  users += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
    [`staff${users}@example.com`, siteId, role],
  );
  return { userId: rows[0]!.user_id, role, siteId };
}

const bankBody = (flag: 0 | 1, name: string) => ({ flag, name, src_lang: 'zh-cn' as const, tgt_lang: 'en-us' as const });
const entryBody = (flag: 0 | 1, bankId: number, i: number) => ({
  flag,
  system_or_individual: 1,
  bank_id: bankId,
  source: `句子${i}`,
  translated: `sentence ${i}`,
});

async function codeOf(p: Promise<unknown>): Promise<number | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('staff are not held to the plan limits', () => {
  for (const [who, role] of [
    ['an administrator', ROLES.ADMIN],
    ['a manager', ROLES.MANAGER],
  ] as const) {
    it(`lets ${who} on the free plan create banks and entries past its limits`, async () => {
      const staff = await userWithRole(role);
      for (const flag of [0, 1] as const) {
        const banks = [];
        for (let i = 0; i < 3; i++) banks.push(await createBank(deps, staff, bankBody(flag, `Bank ${i}`)));
        for (let i = 0; i < 7; i++) await insertEntry(deps, staff, entryBody(flag, banks[0]!.bank_id, i));
        expect(await bankLimitsOf(deps, staff, flag)).toBeUndefined();
      }
      const tm = await createBank(deps, staff, bankBody(0, 'Imported'));
      const csv = Array.from({ length: 8 }, (_, i) => `源${i},target ${i}`).join('\n');
      const result = await importEntries(db, staff, deps.planOf, {
        flag: 0,
        systemOrIndividual: 1,
        bankId: tm.bank_id,
        format: 'csv',
        stream: [Buffer.from(csv)],
      });
      expect(result.imported).toBe(8);
    });
  }

  it('still holds a normal user on the same plan to it', async () => {
    const user = await userWithRole(ROLES.NORMAL);
    expect(await bankLimitsOf(deps, user, 0)).toEqual({ entries_per_bank: 5, banks: 1 });
    const tm = await createBank(deps, user, bankBody(0, 'Only'));
    expect(await codeOf(createBank(deps, user, bankBody(0, 'Second')))).toBe(42005);
    for (let i = 0; i < 5; i++) await insertEntry(deps, user, entryBody(0, tm.bank_id, i));
    expect(await codeOf(insertEntry(deps, user, entryBody(0, tm.bank_id, 5)))).toBe(42005);
    const csv = '源,target';
    expect(
      await codeOf(
        importEntries(db, user, deps.planOf, {
          flag: 0,
          systemOrIndividual: 1,
          bankId: tm.bank_id,
          format: 'csv',
          stream: [Buffer.from(csv)],
        }),
      ),
    ).toBe(42005);
  });
});
