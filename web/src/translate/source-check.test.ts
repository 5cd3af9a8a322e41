import { describe, expect, it } from 'vitest';
import { effectiveTarget, isSourceMismatch, newDraftId } from './source-check';

describe('effectiveTarget', () => {
  it('keeps the chosen target unless auto detected the target itself', () => {
    expect(effectiveTarget('auto', 'en-us', null, 'zh_CN')).toBe('en-us');
    expect(effectiveTarget('auto', 'en-us', 'zh-cn', 'zh_CN')).toBe('en-us');
    expect(effectiveTarget('en-us', 'en-us', 'en-us', 'zh_CN')).toBe('en-us');
  });

  it('turns to the interface language, or to English when the text is in it', () => {
    expect(effectiveTarget('auto', 'en-us', 'en-us', 'zh_CN')).toBe('zh-cn');
    expect(effectiveTarget('auto', 'zh-cn', 'zh-cn', 'zh_CN')).toBe('en-us');
    expect(effectiveTarget('auto', 'ja', 'ja', 'en_US')).toBe('en-us');
    expect(effectiveTarget('auto', 'en-us', 'en-us', 'en_US')).toBe('zh-cn');
  });
});

describe('isSourceMismatch', () => {
  const sentence = 'twenty one thousand and five hundred';
  it('holds back only a confident detection of another language on enough text', () => {
    expect(isSourceMismatch('zh-cn', { lang: 'en-us', confidence: 0.95 }, sentence)).toBe(true);
    expect(isSourceMismatch('en-us', { lang: 'zh-cn', confidence: 1 }, '三千四百二十一万')).toBe(true);
    // Too little text, not confident, the same language, unknown, or under auto.
    expect(isSourceMismatch('en-us', { lang: 'zh-cn', confidence: 1 }, '三千 四百')).toBe(false);
    expect(isSourceMismatch('zh-cn', { lang: 'en-us', confidence: 0.7 }, sentence)).toBe(false);
    expect(isSourceMismatch('en-us', { lang: 'en-us', confidence: 1 }, sentence)).toBe(false);
    expect(isSourceMismatch('zh-cn', { lang: 'unknown', confidence: 0.9 }, sentence)).toBe(false);
    expect(isSourceMismatch('auto', { lang: 'en-us', confidence: 1 }, sentence)).toBe(false);
  });

  it('does not contradict Japanese written only in kanji', () => {
    expect(isSourceMismatch('ja', { lang: 'zh-cn', confidence: 1 }, '東京都千代田区丸の内')).toBe(false);
  });
});

describe('newDraftId', () => {
  it('is a fresh id the gateway accepts', () => {
    const a = newDraftId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newDraftId()).not.toBe(a);
  });
});
