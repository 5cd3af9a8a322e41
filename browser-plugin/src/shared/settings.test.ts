import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, defaultTarget, validServerUrl, withDefaults } from './settings';

describe('the server address', () => {
  it('accepts http and https addresses, without the trailing slash', () => {
    expect(validServerUrl(' https://mt.example.com/ ')).toBe('https://mt.example.com');
    expect(validServerUrl('http://10.0.0.5:8080/mt//')).toBe('http://10.0.0.5:8080/mt');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'mt.example.com',
      'ftp://mt.example.com',
      'javascript:alert(1)',
      'file:///etc',
      'https://user:pw@mt.example.com',
    ])
      expect(validServerUrl(bad), bad).toBeNull();
  });
});

describe('stored settings', () => {
  it('fall back to the defaults for missing or mistyped values', () => {
    const s = withDefaults({ server: 'https://a.example', screenWord: 'yes', authKind: 'magic', tgt: 7 }, 'zh-CN');
    expect(s).toEqual({ ...DEFAULT_SETTINGS, server: 'https://a.example', tgt: 'zh-cn', authKind: 'key' });
  });

  it("start with the browser's language as the target", () => {
    expect(defaultTarget('zh-TW')).toBe('zh-cn');
    expect(defaultTarget('de-DE')).toBe('en-us');
  });
});
