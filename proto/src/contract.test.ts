import { describe, expect, it } from 'vitest';
import { CODES, uiLangFrom } from './error-codes';
import { DOC_EXTENSIONS } from './documents';
import { chargeCents, LIMITS, SKUS, SKU_CODES, TIMINGS } from './constants';
import { accountKind, checkPassword, checkUsername, titleLength } from './validation';
import { permissionMap, ROLES } from './permissions';

describe('error table', () => {
  it('has unique codes, both languages for each, and the spec codes', () => {
    const codes = Object.values(CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of Object.values(CODES)) expect(c.zh_CN.length * c.en_US.length).toBeGreaterThan(0);
    expect(codes).toEqual(expect.arrayContaining([20000, 41005, 41007, 42000, 42005, 1201, 1202]));
    expect(CODES.SITE_DISABLED.en_US).toBe('The enterprise site has been disabled, please contact sales to renew');
    // The spec's 20 public-API errors are 10001-10020, in its order; ours (10021 on) follow them.
    const spec = Object.entries(CODES).filter(([, c]) => c.code >= 10001 && c.code <= 10020);
    expect(spec.map(([, c]) => c.code)).toEqual(Array.from({ length: 20 }, (_, i) => 10001 + i));
    expect(spec.every(([k]) => k.startsWith('API_'))).toBe(true);
  });

  it('names every document format taken in the unknown-format message', () => {
    // htm and xlf are other spellings of html and xliff.
    for (const ext of DOC_EXTENSIONS.filter((e) => e !== 'htm' && e !== 'xlf')) {
      expect(CODES.FILE_FORMAT_UNKNOWN.en_US).toContain(ext);
      expect(CODES.FILE_FORMAT_UNKNOWN.zh_CN).toContain(ext);
    }
  });

  it('picks Chinese for zh browsers and English otherwise', () => {
    expect(uiLangFrom('zh-CN,zh;q=0.9')).toBe('zh_CN');
    expect(uiLangFrom('en-US')).toBe('en_US');
    expect(uiLangFrom(undefined)).toBe('en_US');
  });
});

describe('constants of section 9', () => {
  it('charges 0.8 yuan per started 2000 characters', () => {
    expect([chargeCents(0), chargeCents(1), chargeCents(2000), chargeCents(2001)]).toEqual([0, 80, 80, 160]);
  });
  it('has every sku with the spec quotas and levels', () => {
    expect(SKU_CODES.every((c) => SKUS[c].code === c)).toBe(true);
    expect(SKUS.free.quotaChars).toBe(100_000);
    expect(SKUS['standard-qrt'].quotaChars).toBe(5_000_000);
    expect(SKUS['professional-m'].quotaChars).toBe(8_500_000);
    expect(SKUS['enterprise-y'].quotaChars).toBe(3_000_000_000);
    expect(SKUS['enterprise-y'].level).toBe(8);
    expect(SKUS['10M_char-y'].priceCents).toBe(400_000);
    expect(LIMITS.textChars).toBe(5000);
    expect(TIMINGS.docPollMs).toBe(2000);
  });
});

describe('validation rules', () => {
  it('tells e-mail from mobile accounts', () => {
    expect(accountKind('a@b.cn')).toBe('email');
    expect(accountKind('13512345678')).toBe('mobile');
    expect(accountKind('12512345678')).toBeNull();
  });
  it('checks usernames and passwords', () => {
    expect(checkUsername('')).toBe('USERNAME_REQUIRED');
    expect(checkUsername('a'.repeat(20))).toBeNull();
    expect(checkPassword('abc123')).toBeNull();
    expect(checkPassword('abcdef')).toBe('PASSWORD_INVALID');
  });
  it('counts a Chinese character as 2 in titles', () => {
    expect(titleLength('ab翻译')).toBe(6);
  });
});

describe('permission map', () => {
  it('hides picture translation when the site does and post-editing unless CAT is on', () => {
    const normal = permissionMap({ role: ROLES.NORMAL, siteDoCat: false, siteHidePicture: true });
    expect(normal.PictureTranslation).toBeUndefined();
    expect(normal.PostEditing).toBeUndefined();
    expect(permissionMap({ role: ROLES.NORMAL, siteDoCat: true, siteHidePicture: false }).PostEditing).toBeDefined();
  });
});
