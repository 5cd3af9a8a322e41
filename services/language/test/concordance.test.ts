/**
 * Concordance on a real PostgreSQL: entries of the pair whose source (or target) contains a
 * text, from the user's own memories and the system ones, never another user's, with LIKE
 * wildcards taken literally, two-way memories answering the other way round, own entries first.
 */
import { describe, expect, it } from 'vitest';
import { findConcordance } from '../src/lookup/index';
import { concordanceFixture } from './concordance-fixture';

const fx = concordanceFixture('conc');
const { createUser, memory } = fx;

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

    const hits = await findConcordance(fx.db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: 'valve' });
    expect(hits.map((h) => [h.source, h.target, h.system])).toEqual([
      ['Close the VALVE before service', '维修前关闭阀门', false],
      ['Open the valve slowly', '慢慢打开阀门', true],
    ]);
    const byTarget = await findConcordance(fx.db, {
      userId: user.userId,
      srcLang: 'en-us',
      tgtLang: 'zh-cn',
      text: '阀门',
      side: 'target',
    });
    expect(byTarget.map((h) => h.source).sort()).toEqual(['Close the VALVE before service', 'Open the valve slowly']);
    expect(await findConcordance(fx.db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: 'valve', limit: 1 })).toHaveLength(
      1,
    );
  });

  it('takes wildcards literally and answers two-way memories the other way round', async () => {
    const user = await createUser();
    await memory(user, { src: 'zh-cn', tgt: 'en-us', twoWay: true }, [
      ['折扣为百分之五十', 'A 50% discount'],
      ['五十个', 'fifty of them'],
    ]);
    const hits = await findConcordance(fx.db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: '50%' });
    expect(hits.map((h) => [h.source, h.target])).toEqual([['A 50% discount', '折扣为百分之五十']]);
    expect(await findConcordance(fx.db, { userId: user.userId, srcLang: 'en-us', tgtLang: 'zh-cn', text: '_' })).toEqual([]);
  });
});
