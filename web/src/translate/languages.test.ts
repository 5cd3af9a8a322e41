import { describe, expect, it } from 'vitest';
import type { EnginePair } from '@mtp/proto';
import { memoryStorage } from '../auth/tokens';
import {
  LANG_PREFS_KEY,
  canSwap,
  defaultLangPrefs,
  domainName,
  effectiveSource,
  isSameLanguage,
  languageCodes,
  languageName,
  languagePair,
  loadLangPrefs,
  pairStatus,
  pickDomain,
  saveLangPrefs,
  swapLanguages,
  unavailableTargets,
} from './languages';

describe('swap rules', () => {
  it('is disabled under auto until a language was detected', () => {
    expect(canSwap('auto', null)).toBe(false);
    expect(swapLanguages('auto', 'en-us', null)).toBeNull();
    expect(canSwap('auto', 'zh-cn')).toBe(true);
    expect(canSwap('ja', null)).toBe(true);
  });

  it('swaps with the detected language under auto, else the chosen one', () => {
    expect(swapLanguages('auto', 'en-us', 'zh-cn')).toEqual({ src: 'en-us', tgt: 'zh-cn' });
    expect(swapLanguages('ja', 'ko', 'zh-cn')).toEqual({ src: 'ko', tgt: 'ja' });
    expect(effectiveSource('auto', 'ru')).toBe('ru');
    expect(effectiveSource('ko', 'ru')).toBe('ko');
  });

  it('flags the same source and target; under auto once the language was detected', () => {
    expect(isSameLanguage('en-us', 'en-us')).toBe(true);
    expect(isSameLanguage('zh-cn', 'en-us')).toBe(false);
    expect(isSameLanguage('auto', 'en-us')).toBe(false);
    expect(isSameLanguage('auto', 'en-us', 'en-us')).toBe(true);
    expect(isSameLanguage('auto', 'en-us', 'zh-cn')).toBe(false);
    expect(isSameLanguage('ja', 'en-us', 'en-us')).toBe(false);
  });
});

describe('remembered languages', () => {
  it('defaults to detection, into English for a Chinese UI and into Chinese otherwise', () => {
    expect(defaultLangPrefs('zh_CN')).toEqual({ src: 'auto', tgt: 'en-us' });
    expect(defaultLangPrefs('en_US')).toEqual({ src: 'auto', tgt: 'zh-cn' });
  });

  it('round-trips through storage and ignores broken or foreign values', () => {
    const store = memoryStorage();
    expect(loadLangPrefs(store, 'en_US')).toEqual({ src: 'auto', tgt: 'zh-cn' });
    saveLangPrefs(store, { src: 'ja', tgt: 'ru' });
    expect(loadLangPrefs(store, 'en_US')).toEqual({ src: 'ja', tgt: 'ru' });
    store.setItem(LANG_PREFS_KEY, '{not json');
    expect(loadLangPrefs(store, 'zh_CN')).toEqual({ src: 'auto', tgt: 'en-us' });
    store.setItem(LANG_PREFS_KEY, JSON.stringify({ src: 'xx', tgt: 'auto' }));
    expect(loadLangPrefs(store, 'en_US')).toEqual({ src: 'auto', tgt: 'zh-cn' });
  });
});

describe('engine list', () => {
  const engines: EnginePair[] = [
    { src_lang: 'zh-cn', tgt_lang: 'en-us', kind: 'direct', engine: 'local:zh-cn_en-us' },
    { src_lang: 'zh-cn', tgt_lang: 'ja', kind: 'unavailable', engine: '' },
    { src_lang: 'zh-cn', tgt_lang: 'ko', kind: 'unavailable', engine: '' },
    { src_lang: 'ja', tgt_lang: 'zh-cn', kind: 'pivot', engine: 'pivot:ja>en-us>zh-cn' },
  ];

  it('marks the unavailable targets of the source', () => {
    expect([...unavailableTargets(engines, 'zh-cn')].sort()).toEqual(['ja', 'ko']);
    expect(unavailableTargets(engines, 'ja').size).toBe(0);
  });

  it('never blocks on a missing list or an undetected source', () => {
    expect(unavailableTargets(undefined, 'zh-cn').size).toBe(0);
    expect(unavailableTargets([], 'zh-cn').size).toBe(0);
    expect(unavailableTargets(engines, null).size).toBe(0);
    expect(pairStatus(undefined, 'zh-cn', 'ja')).toBe('unknown');
    expect(pairStatus([], 'zh-cn', 'ja')).toBe('unknown');
    expect(pairStatus(engines, null, 'ja')).toBe('unknown');
    expect(pairStatus(engines, 'ru', 'ja')).toBe('unknown');
  });

  it("reads a pair's status", () => {
    expect(pairStatus(engines, 'zh-cn', 'ja')).toBe('unavailable');
    expect(pairStatus(engines, 'ja', 'zh-cn')).toBe('pivot');
    expect(pairStatus(engines, 'zh-cn', 'en-us')).toBe('direct');
  });
});

describe('domains and names', () => {
  it('keeps the chosen domain while offered, else general, else the first', () => {
    expect(pickDomain('it', ['general', 'it'])).toBe('it');
    expect(pickDomain('it', ['general', 'legal'])).toBe('general');
    expect(pickDomain('it', ['legal', 'finance'])).toBe('legal');
    expect(pickDomain('medical', undefined)).toBe('medical');
    expect(pickDomain('medical', [])).toBe('medical');
    expect(languagePair('en-us', 'zh-cn')).toBe('en-us_zh-cn');
  });

  it('names from the server first, else built in', () => {
    const list = [{ language: '中文', language_code: 'zh-cn' as const }];
    expect(languageName('zh-cn', list, 'en_US')).toBe('中文');
    expect(languageName('en-us', list, 'en_US')).toBe('English');
    expect(languageName('en-us', undefined, 'zh_CN')).toBe('英语');
    expect(domainName('general', undefined, 'zh_CN')).toBe('通用');
    expect(domainName('it', [{ domain: 'IT', domain_code: 'it' }], 'zh_CN')).toBe('IT');
  });

  it("offers the server's languages, or all of them when it has none", () => {
    expect(languageCodes([{ language: 'English', language_code: 'en-us' }])).toEqual(['en-us']);
    expect(languageCodes(undefined)).toEqual(['zh-cn', 'en-us', 'ja', 'ko', 'ru']);
    expect(languageCodes([])).toHaveLength(5);
  });
});
