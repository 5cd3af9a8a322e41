/**
 * Query keys in one place. Everything that depends on who is logged in sits under `user`, so a
 * login, logout or token refresh can reset or invalidate it in one call.
 */
export const USER_ROOT_KEY = ['user'] as const;

export const queryKeys = {
  userData: [...USER_ROOT_KEY, 'data'] as const,
  permission: [...USER_ROOT_KEY, 'permission'] as const,
  loginConfig: (siteCode: string | null) => ['site', 'login-config', siteCode ?? ''] as const,
  captcha: ['captcha'] as const,
};
