/** The calls of proto/src/accounts.ts and sites.ts, typed by the contract. */
import {
  CODES,
  accountKind,
  type CheckAccountData,
  type CodePurpose,
  type ImageCodeData,
  type LoginBody,
  type LoginPermissionData,
  type PublicKeyData,
  type RegisterBody,
  type ResetPasswordBody,
  type SendCodeData,
  type SiteInfo,
  type TokenPair,
  type UpdateUsernameBody,
  type UserData,
} from '@mtp/proto';
import { api } from './instance';
import { encryptPassword } from './password-crypto';

/** Fetched per use: the key is small, and a rotated server key never leaves us stale. */
export async function encryptForServer(password: string): Promise<string> {
  const { public_key } = await api.get<PublicKeyData>('user/get_public_key');
  return encryptPassword(public_key, password);
}

export function login(body: LoginBody, expectedCodes: readonly number[]): Promise<TokenPair> {
  return api.post<TokenPair>('user/login', body, { expectedCodes });
}

/** Its failure does not matter: the client forgets the tokens either way. */
/** The light session check (auth/session-check.ts): a replaced session answers 403. */
export function checkSession(): Promise<unknown> {
  return api.get('user/check_session', undefined, { background: true });
}

export function logoutOnServer(): Promise<unknown> {
  return api.post('user/logout', undefined, { quiet: true });
}

export function fetchUserData(): Promise<UserData> {
  return api.get<UserData>('user/get_user_data');
}

export function fetchLoginPermission(): Promise<LoginPermissionData> {
  return api.get<LoginPermissionData>('permission/get_user_login_permission');
}

export function fetchImageCode(): Promise<ImageCodeData> {
  return api.get<ImageCodeData>('image_code');
}

export function checkAccountExists(account: string): Promise<CheckAccountData> {
  return api.get<CheckAccountData>('check_account', { account });
}

export type SendCodeInput = { account: string; purpose: CodePurpose; captcha_id: string; captcha_code: string };

/** A mobile number gets an SMS, an e-mail address a mail. */
export function sendVerificationCode(input: SendCodeInput, expectedCodes: readonly number[]): Promise<SendCodeData> {
  const path = accountKind(input.account) === 'mobile' ? 'send_sms_code' : 'send_email_code';
  return api.post<SendCodeData>(path, input, { expectedCodes });
}

/** Registration answers the new user's tokens: the user is logged in at once. */
export function register(body: RegisterBody, expectedCodes: readonly number[]): Promise<TokenPair> {
  return api.post<TokenPair>('user/register', body, { expectedCodes });
}

export function resetPassword(body: ResetPasswordBody, expectedCodes: readonly number[]): Promise<unknown> {
  return api.post('reset_password', body, { expectedCodes });
}

export function updateUsername(body: UpdateUsernameBody): Promise<unknown> {
  return api.post('user/update_username', body);
}

/** The login page of a site; without a code, the main site. An unknown code rejects with 40027. */
export function fetchLoginConfig(siteCode: string | null): Promise<SiteInfo> {
  return api.get<SiteInfo>('get_login_config', siteCode ? { site_code: siteCode } : {}, {
    expectedCodes: [CODES.SITE_NOT_FOUND.code],
  });
}
