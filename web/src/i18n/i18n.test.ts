import { describe, expect, it } from 'vitest';
import { enUS } from './en-us';
import { toUiLang } from './lang';
import { zhCN } from './zh-cn';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));
}

describe('i18n resources', () => {
  it('zh_CN and en_US have identical keys', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
  });

  it('no string is empty', () => {
    for (const res of [zhCN, enUS]) {
      const flat = keys(res).map((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], res));
      expect(flat.every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
    }
  });

  it('interpolation placeholders match between languages, key by key', () => {
    const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const at = (res: object, key: string) => key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], res) as string;
    for (const key of keys(enUS)) expect(vars(at(zhCN, key)), key).toEqual(vars(at(enUS, key)));
    expect(vars(enUS.auth.resendIn)).toEqual(['seconds']);
  });

  it('keeps the spec literals of text translation', () => {
    expect(enUS.translate.copyFailed).toBe('Copy Failed');
    expect(enUS.translate.sameLanguage).toBe('Please select the same source language');
    expect(enUS.translate.truncated.replace('{{limit}}', '5000')).toBe('Only the first 5000 characters were translated');
  });
});

describe('toUiLang', () => {
  it('picks Chinese for any zh tag and English otherwise', () => {
    expect(toUiLang('zh')).toBe('zh_CN');
    expect(toUiLang('zh-TW')).toBe('zh_CN');
    expect(toUiLang('zh_CN')).toBe('zh_CN');
    expect(toUiLang('en-GB')).toBe('en_US');
    expect(toUiLang('ja')).toBe('en_US');
    expect(toUiLang(undefined)).toBe('en_US');
  });
});
