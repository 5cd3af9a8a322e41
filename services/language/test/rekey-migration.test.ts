/**
 * Migration 010 keys every stored entry again for the wider common tier: its SQL must give each
 * entry exactly the keys the writer gives a new one (`entryKeys`), or lookups would miss entries
 * written before it. Entries are written through the real writer, their keys cleared, and the
 * migration's SQL run again over them.
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations } from '@mtp/platform';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COMMON_TOKENS } from '../src/lookup/prefix-tokens';
import { createBank, insertEntry, languageMigrations, type Actor, type BanksDeps } from '../src/index';

let tdb: TestDatabase;
let rekeySql: string;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('pgAdminUrl'));
  const language = await languageMigrations();
  await runMigrations(tdb.db, [...(await accountsMigrations()), ...(await billingMigrations()), ...language]);
  rekeySql = language.find((m) => m.id.includes('010_'))!.sql;
});
afterAll(async () => {
  await tdb?.drop();
});

const sortedKeys = (keys: string[]) => keys.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('migration 010 (the wider common tier)', () => {
  it('keys stored entries exactly as the writer keys new ones, on both sides of the tier', async () => {
    const { db } = tdb;
    // Ids on both sides of the tier (and at it), given before any entry as a long-lived memory would have them.
    const seeded: [string, number][] = [
      ['the', 1],
      ['valve', 40],
      ['pressure', 1500],
      ['#', 2500],
      ['pump', COMMON_TOKENS - 1],
      ['seal', COMMON_TOKENS],
      ['gasket', COMMON_TOKENS + 1],
      ['flange', 45_000],
      ['阀', 29_000],
      ['门', 31_000],
    ];
    await db.query('INSERT INTO tm_tokens (token_id, token) SELECT * FROM unnest($1::int[], $2::text[])', [
      seeded.map(([, id]) => id),
      seeded.map(([token]) => token),
    ]);
    const { rows: users } = await db.query<{ user_id: number; site_id: number }>(
      `WITH s AS (INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id)
       INSERT INTO users (account, username, site_id, role) SELECT 'rekey@example.com', 'rekey', site_id, 2 FROM s RETURNING user_id, site_id`,
    );
    const actor: Actor = { userId: users[0]!.user_id, role: 2, siteId: users[0]!.site_id };
    const deps: BanksDeps = { db, planOf: async () => 'enterprise' };
    const bank = await createBank(deps, actor, { flag: 0, name: 'Two-way', src_lang: 'en-us', tgt_lang: 'zh-cn', tow_way: 1 });
    const texts: [string, string][] = [
      ['seal', '门'],
      ['gasket seal', '阀门'],
      ['the pump', '泵的阀门'],
      ['the valve, the pump and the seal hold 20 bar', '阀门和泵在20巴下保持密封'],
      ['flange gasket pressure pump seal valve the 3 4', '法兰垫片压力泵密封阀门'],
      ['Replace the gasket of the flange before the pressure test of the pump, then check the seal and the valve', '门'],
      ['brand new words nobody registered before in this memory at all', '全新的词'],
    ];
    for (const [source, translated] of texts) {
      await insertEntry(deps, actor, { flag: 0, system_or_individual: 1, bank_id: bank.bank_id, source, translated });
    }
    const read = () =>
      db.query<{ entry_id: string; match_keys: string[]; reverse_keys: string[] }>(
        'SELECT entry_id, match_keys::text[], reverse_keys::text[] FROM tm_entries ORDER BY entry_id',
      );
    const written = (await read()).rows;
    // The writer's keys hold pairs (common tokens) and singles (rare ones), forward and reversed.
    expect(written.some((r) => r.match_keys.some((k) => BigInt(k) >= 2n ** 31n))).toBe(true);
    expect(written.some((r) => r.match_keys.some((k) => BigInt(k) > COMMON_TOKENS && BigInt(k) < 2n ** 31n))).toBe(true);
    expect(written.every((r) => r.reverse_keys.length > 0)).toBe(true);

    await db.query(`UPDATE tm_entries SET match_keys = '{}', reverse_keys = '{}'`);
    await db.query(rekeySql);
    const rekeyed = (await read()).rows;
    expect(rekeyed.map((r) => sortedKeys(r.match_keys))).toEqual(written.map((r) => sortedKeys(r.match_keys)));
    expect(rekeyed.map((r) => sortedKeys(r.reverse_keys))).toEqual(written.map((r) => sortedKeys(r.reverse_keys)));
  });

  it('reads the key index in one process, never with parallel workers (their start cost more than the lookup)', async () => {
    const { rows } = await tdb.db.query<{ proname: string; proconfig: string[] }>(
      `SELECT proname, proconfig FROM pg_proc WHERE proname IN ('tm_match_candidates', 'tm_reverse_candidates') ORDER BY proname`,
    );
    expect(rows.map((r) => r.proname)).toEqual(['tm_match_candidates', 'tm_reverse_candidates']);
    for (const r of rows) expect(r.proconfig).toEqual(expect.arrayContaining(['enable_seqscan=off', 'max_parallel_workers_per_gather=0']));
  });
});
