import { AppError, detailIn, LIMITS } from '@mtp/proto';
import { describe, expect, it } from 'vitest';
import {
  bankLimit,
  checkBankName,
  checkEntry,
  checkTermLanguage,
  entryLimit,
  likePattern,
  NAME_TOO_LONG_MESSAGE,
  parseLanguagePair,
  sourceLimit,
} from '../src/index';

function thrown(fn: () => unknown): { code: number; detail: string | undefined } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, detail: detailIn(err.detail, 'en_US') };
    throw err;
  }
}

describe('bank names', () => {
  it('requires a name and trims it', () => {
    expect(thrown(() => checkBankName(''))).toEqual({ code: 40018, detail: undefined });
    expect(thrown(() => checkBankName('   '))).toEqual({ code: 40018, detail: undefined });
    expect(checkBankName('  Legal  ')).toBe('Legal');
  });

  it('allows 20 characters, Chinese counted one each, and refuses 21 with the spec message', () => {
    expect(checkBankName('a'.repeat(20))).toBe('a'.repeat(20));
    expect(checkBankName('术'.repeat(20))).toBe('术'.repeat(20));
    expect(thrown(() => checkBankName('a'.repeat(21)))).toEqual({ code: 40019, detail: NAME_TOO_LONG_MESSAGE.en_US });
    expect(NAME_TOO_LONG_MESSAGE.en_US).toBe('Enter a name of no more than 20 characters for the termbase');
  });
});

describe('entries', () => {
  it('refuses an empty source or translation', () => {
    const empty = { code: 40019, detail: 'Translation and source text cannot be empty' };
    expect(thrown(() => checkEntry({ source: '', translated: 'x' }, 'en-us'))).toEqual(empty);
    expect(thrown(() => checkEntry({ source: 'x', translated: ' \n ' }, 'en-us'))).toEqual(empty);
  });

  it('allows a Chinese source of 500 and an English one of 1000 characters, not one more', () => {
    expect(sourceLimit('zh-cn')).toBe(LIMITS.entrySourceZhChars);
    expect(sourceLimit('en-us')).toBe(LIMITS.entrySourceEnChars);
    expect(checkEntry({ source: '中'.repeat(500), translated: 'x' }, 'zh-cn').source).toHaveLength(500);
    expect(thrown(() => checkEntry({ source: '中'.repeat(501), translated: 'x' }, 'zh-cn'))).toEqual({
      code: 40019,
      detail: 'source: No more than 500 characters are allowed. Please re-enter.',
    });
    expect(checkEntry({ source: 'a'.repeat(1000), translated: 'x' }, 'en-us').source).toHaveLength(1000);
    expect(thrown(() => checkEntry({ source: 'a'.repeat(1001), translated: 'x' }, 'en-us'))?.detail).toBe(
      'source: No more than 1000 characters are allowed. Please re-enter.',
    );
    expect(thrown(() => checkEntry({ source: 'a', translated: 'b'.repeat(1001) }, 'en-us'))?.code).toBe(40019);
  });

  it('allows a note of 200 characters, not 201, and trims the texts', () => {
    expect(checkEntry({ source: ' a ', translated: ' b ', note: 'n'.repeat(200) }, 'en-us')).toEqual({
      source: 'a',
      translated: 'b',
      note: 'n'.repeat(200),
    });
    expect(thrown(() => checkEntry({ source: 'a', translated: 'b', note: 'n'.repeat(201) }, 'en-us'))).toEqual({
      code: 40019,
      detail: 'note: No more than 200 characters are allowed. Please re-enter.',
    });
  });
});

describe('language pairs, limits and keywords', () => {
  it('accepts two known, different languages as src_tgt', () => {
    expect(parseLanguagePair('zh-cn_en-us')).toEqual({ src: 'zh-cn', tgt: 'en-us' });
    expect(checkTermLanguage('ja_ru')).toEqual({ valid: true, src_lang: 'ja', tgt_lang: 'ru' });
    for (const bad of ['zh-cn_zh-cn', 'zh-cn_xx', 'zh-cn', '', 'zh-cn_en-us_ja', 'auto_en-us']) {
      expect(checkTermLanguage(bad), bad).toEqual({ valid: false, src_lang: null, tgt_lang: null });
    }
  });

  it('takes the plan limits from the entitlements', () => {
    expect([bankLimit('free', 0), bankLimit('free', 1), entryLimit('free')]).toEqual([1, 1, 5]);
    expect([bankLimit('standard', 0), bankLimit('professional', 1), entryLimit('standard')]).toEqual([10, 10, 50]);
    expect(entryLimit('enterprise')).toBeGreaterThan(50);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
