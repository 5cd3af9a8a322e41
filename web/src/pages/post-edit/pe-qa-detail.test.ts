import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { numberDetail } from './pe-qa-drawer';

describe("a number_mismatch's detail in words", () => {
  it('says which numbers the translation lacks and which the source does not have, a negative number kept whole', async () => {
    const t = i18n.getFixedT('en_US');
    expect(numberDetail('-1 --1000 +3', t)).toBe('Missing in the translation: 1, -1000 · Not in the source: 3');
    expect(numberDetail('+2.5', t)).toBe('Not in the source: 2.5');
    expect(numberDetail('-7', i18n.getFixedT('zh_CN'))).toBe('译文中缺少：7');
  });
});
