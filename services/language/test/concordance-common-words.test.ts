/**
 * Concordance of a common word: PostgreSQL's statistics (ANALYZE) say the word is in many
 * entries, so each bank's newest entries are read until the page is full, bank by bank (the
 * bank index's order), instead of every entry through the token index. The ranking must be the
 * same: own entries first, newest first across the banks, whichever bank holds them; pages in
 * that order.
 */
import { describe, expect, it } from 'vitest';
import { insertEntry } from '../src/index';
import { DENSE_SHARE, findConcordance } from '../src/lookup/index';
import { tokenShares } from '../src/lookup/token-frequency';
import { concordanceFixture } from './concordance-fixture';

const fx = concordanceFixture('concc');

describe('concordance of a common word (read newest first, bank by bank)', () => {
  it('ranks own entries newest first across banks, then system ones, and pages in that order', async () => {
    const admin = await fx.createUser(1);
    const user = await fx.createUser();
    const pair = { src: 'en-us', tgt: 'ja' } as const;
    const older = await fx.memory(user, pair, [['Older bank pump 1', 'ポンプ']]);
    const newer = await fx.memory(user, pair, [['Newer bank pump 2', 'ポンプ']]);
    await fx.memory(admin, { ...pair, system: true }, [['System pump 3', 'ポンプ']]);
    // Entries added to both own banks in turn: their ids interleave across the banks.
    const deps = { db: fx.db, planOf: async () => 'enterprise' as const };
    const add = (bankId: number, source: string) =>
      insertEntry(deps, user, { flag: 0, system_or_individual: 1, bank_id: bankId, source, translated: 'ポンプ' });
    for (let i = 4; i <= 9; i++) await add(i % 2 ? older : newer, `${i % 2 ? 'Older' : 'Newer'} bank pump ${i}`);
    await add(older, 'A valve without the word');
    await fx.db.query('ANALYZE tm_entries');
    // The path under test: the statistics call the word common.
    expect((await tokenShares(fx.db, ['pump']))[0]).toBeGreaterThanOrEqual(DENSE_SHARE);

    const query = { userId: user.userId, srcLang: 'en-us', tgtLang: 'ja', text: 'pump' };
    const all = await findConcordance(fx.db, query);
    expect(all.map((h) => h.source)).toEqual([
      'Older bank pump 9',
      'Newer bank pump 8',
      'Older bank pump 7',
      'Newer bank pump 6',
      'Older bank pump 5',
      'Newer bank pump 4',
      'Newer bank pump 2',
      'Older bank pump 1',
      'System pump 3',
    ]);
    const pages = [];
    for (const offset of [0, 2, 4, 6, 8]) pages.push(...(await findConcordance(fx.db, { ...query, limit: 2, offset })));
    expect(pages).toEqual(all);
  });
});
