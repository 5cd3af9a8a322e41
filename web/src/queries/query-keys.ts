/**
 * Query keys in one place. Everything that depends on who is logged in sits under `user`, so a
 * login, logout or token refresh can reset or invalidate it in one call.
 */
import type { UiLang } from '@mtp/proto';

export const USER_ROOT_KEY = ['user'] as const;

export const queryKeys = {
  userData: [...USER_ROOT_KEY, 'data'] as const,
  permission: [...USER_ROOT_KEY, 'permission'] as const,
  remainingChars: [...USER_ROOT_KEY, 'remaining-chars'] as const,
  loginConfig: (siteCode: string | null) => ['site', 'login-config', siteCode ?? ''] as const,
  captcha: ['captcha'] as const,
  // Names in these lists follow the UI language (Accept-Language), so it is part of the key.
  languagesAndDomains: (flag: number, uiLang: UiLang) => ['site', 'languages-domains', flag, uiLang] as const,
  languages: (flag: number, uiLang: UiLang) => ['site', 'languages', flag, uiLang] as const,
  domains: (flag: number, pair: string, uiLang: UiLang) => ['site', 'domains', flag, pair, uiLang] as const,
  engines: ['translation', 'engine-list'] as const,
};
