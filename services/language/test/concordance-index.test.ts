/**
 * Concordance through the token index (migration 008): paging in the ranking's order, a phrase
 * matched as written, entries with the text's words whole ranked before those where the last
 * word is cut short, both sides of two-way memories,
 * and a text without a word (punctuation only) still answered by the bounded scan.
 */
import { describe, expect, it } from 'vitest';
import { findConcordance } from '../src/lookup/index';
import { concordanceFixture } from './concordance-fixture';

const fx = concordanceFixture('conci');
const { createUser, memory } = fx;

describe('concordance through the token index', () => {
  it('pages in the same order: own entries first, then the newest', async () => {
    const admin = await createUser(1);
    const user = await createUser();
    await memory(
      admin,
      { src: 'en-us', tgt: 'ja', system: true },
      [1, 2, 3].map((i) => [`System pump ${i}`, `ポンプ ${i}`]),
    );
    await memory(
      user,
      { src: 'en-us', tgt: 'ja' },
      [1, 2, 3, 4].map((i) => [`Own pump ${i}`, `ポンプ ${i}`]),
    );
    const query = { userId: user.userId, srcLang: 'en-us', tgtLang: 'ja', text: 'pump' };
    const all = await findConcordance(fx.db, query);
    expect(all.map((h) => h.source)).toEqual([
      'Own pump 4',
      'Own pump 3',
      'Own pump 2',
      'Own pump 1',
      'System pump 3',
      'System pump 2',
      'System pump 1',
    ]);
    const pages = [];
    for (const offset of [0, 3, 6, 9]) pages.push(...(await findConcordance(fx.db, { ...query, limit: 3, offset })));
    expect(pages).toEqual(all);
  });

  it('ranks entries with the words whole first, then those where the last word is cut short, in any case', async () => {
    const user = await createUser();
    await memory(user, { src: 'en-us', tgt: 'ru' }, [
      ['Check the red valve.', 'Проверьте красный клапан.'],
      ['The valve is red', 'Клапан красный'],
      ['Red valves leak', 'Красные клапаны текут'],
    ]);
    const find = (text: string) => findConcordance(fx.db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'ru', text });
    expect((await find('RED VALVE')).map((h) => h.source)).toEqual(['Check the red valve.', 'Red valves leak']);
    expect((await find('valve')).map((h) => h.source)).toEqual(['The valve is red', 'Check the red valve.', 'Red valves leak']);
    // A piece of a word: the newest entries containing it, as typed.
    expect((await find('alve')).map((h) => h.source)).toEqual(['Red valves leak', 'The valve is red', 'Check the red valve.']);
    expect(await find('red valve is')).toEqual([]);
  });

  it('answers both sides of a two-way memory, and punctuation by the bounded scan', async () => {
    const user = await createUser();
    await memory(user, { src: 'zh-cn', tgt: 'en-us', twoWay: true }, [
      ['关闭阀门', 'Close the valve'],
      ['完成 100%', '100% done'],
    ]);
    const pair = { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn' };
    expect((await findConcordance(fx.db, { ...pair, text: '阀门', side: 'target' })).map((h) => h.source)).toEqual(['Close the valve']);
    expect((await findConcordance(fx.db, { ...pair, text: 'the VALVE' })).map((h) => h.target)).toEqual(['关闭阀门']);
    expect((await findConcordance(fx.db, { ...pair, text: '%' })).map((h) => h.source)).toEqual(['100% done']);
    expect((await findConcordance(fx.db, { ...pair, text: '%', side: 'target' })).map((h) => h.target)).toEqual(['完成 100%']);
  });
});
