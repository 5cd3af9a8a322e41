/**
 * The session the admin screens' tests share: each test starts logged out on the main site in
 * English and ends with the real fetch back; `loginAs` stores the token the fake gateways read
 * as the role ('admin', 'manager', 'normal').
 */
import { afterEach, beforeEach } from 'vitest';
import { storage } from '../api/instance';
import { clearTokens, rememberSite } from '../auth/tokens';
import { changeLang } from '../i18n';

export type FakeRole = 'admin' | 'manager' | 'normal';

export function loginAs(who: FakeRole): void {
  storage.setItem('authToken', who);
  storage.setItem('refreshToken', `${who}-refresh`);
}

/** Registers the hooks: call once at the top of a test file, before any fetch is replaced. */
export function withAdminPageSession(): void {
  const realFetch = globalThis.fetch;
  beforeEach(async () => {
    clearTokens(storage);
    rememberSite(storage, null);
    await changeLang('en_US');
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    clearTokens(storage);
  });
}
