/**
 * Validation rules of spec section 5, shared by the gateway (which enforces them) and the web
 * client (which checks them as the user types). Each check answers the code name of the rule it
 * breaks, or null, so both sides show the same message.
 */
import { LIMITS } from './constants';
import type { CodeName } from './error-codes';

/** Local part up to 50, domain up to 50, TLD of 2-3 letters or 1-3 digits. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,50}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:[A-Za-z]{2,3}|\d{1,3})$/;
/** An 11-digit mobile number: 1, then 3-9, then nine digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** 6-16 printable characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,16}$/;

export type AccountKind = 'email' | 'mobile';

export function accountKind(account: string): AccountKind | null {
  if (MOBILE_PATTERN.test(account)) return 'mobile';
  if (!EMAIL_PATTERN.test(account)) return null;
  const domain = account.slice(account.indexOf('@') + 1);
  const beforeTld = domain.slice(0, domain.lastIndexOf('.'));
  return beforeTld.length <= 50 ? 'email' : null;
}

export function checkAccount(account: string): CodeName | null {
  return accountKind(account.trim()) ? null : 'ACCOUNT_INVALID';
}

export function checkUsername(username: string): CodeName | null {
  const name = username.trim();
  if (name.length === 0) return 'USERNAME_REQUIRED';
  if ([...name].length > LIMITS.usernameChars) return 'USERNAME_TOO_LONG';
  return null;
}

export function checkPassword(password: string): CodeName | null {
  return PASSWORD_PATTERN.test(password) ? null : 'PASSWORD_INVALID';
}

/** Title length counts a Chinese (CJK) character as 2 (spec section 5). */
export function titleLength(title: string): number {
  let n = 0;
  for (const ch of title) n += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return n;
}
