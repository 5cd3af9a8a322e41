/**
 * Concordance on a real PostgreSQL: entries of the pair whose source (or target) contains a
 * text, from the user's own memories and the system ones, never another user's, with LIKE
 * wildcards taken literally, two-way memories answering the other way round, own entries first.
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import type { LanguageCode } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBank, insertEntry, languageMigrations, type Actor, type BanksDeps } from '../src/index';
import { findConcordance } from '../src/lookup/index';

let db: Db;
let deps: BanksDeps;
let drop: () => Promise<void>;
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

async function createUser(role = 2): Promise<Actor> {
  next += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
    [`conc${next}@example.com`, siteId, role],
  );
  return { userId: rows[0]!.user_id, role, siteId };
}

async function memory(
  actor: Actor,
  pair: { src: LanguageCode; tgt: LanguageCode; twoWay?: boolean; system?: boolean },
  entries: [string, string][],
) {
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
}

describe('concordance', () => {
  it('finds entries containing the text in own and system memories of the pair, own first', async () => {
    const admin = await createUser(1);
    const user = await createUser();
    const stranger = await createUser();
    await memory(admin, { src: 'en-us', tgt: 'zh-cn', system: true }, [['Open the valve slowly', '慢慢打开阀门']]);
    await memory(user, { src: 'en-us', tgt: 'zh-cn' }, [
      ['Close the VALVE before service', '维修前关闭阀门'],
      ['Nothing to see here', '这里没什么'],
    ]);
    await memory(stranger, { src: 'en-us', tgt: 'zh-cn' }, [['The valve of a stranger', '陌生人的阀门']]);
    await memory(user, { src: 'en-us', tgt: 'ja' }, [['Another valve pair', 'バルブ']]);

    const hits = await findConcordance(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: 'valve' });
    expect(hits.map((h) => [h.source, h.target, h.system])).toEqual([
      ['Close the VALVE before service', '维修前关闭阀门', false],
      ['Open the valve slowly', '慢慢打开阀门', true],
    ]);
    const byTarget = await findConcordance(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: '阀门', side: 'target' });
    expect(byTarget.map((h) => h.source).sort()).toEqual(['Close the VALVE before service', 'Open the valve slowly']);
    expect(await findConcordance(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: 'valve', limit: 1 })).toHaveLength(1);
  });

  it('takes wildcards literally and answers two-way memories the other way round', async () => {
    const user = await createUser();
    await memory(user, { src: 'zh-cn', tgt: 'en-us', twoWay: true }, [
      ['折扣为百分之五十', 'A 50% discount'],
      ['五十个', 'fifty of them'],
    ]);
    const hits = await findConcordance(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: '50%' });
    expect(hits.map((h) => [h.source, h.target])).toEqual([['A 50% discount', '折扣为百分之五十']]);
    expect(await findConcordance(db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: '_' })).toEqual([]);
  });
});
