/**
 * The web shell in a real browser against the whole platform: log in through the login page,
 * see the main area in the browser's language, switch language, log out; and the client's
 * reactions to a login elsewhere (403) and to guarded routes.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';

const suite = useBrowserSuite();

async function newPage(locale: string): Promise<Page> {
  const context = await suite.browser.newContext({ locale, baseURL: suite.platform.url });
  return context.newPage();
}

async function logIn(page: Page, account = E2E_ADMIN.account, password = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
}

describe('login, language and logout in the browser', () => {
  it('shows a Chinese browser the main area in Chinese, switches to English and logs out', async () => {
    const page = await newPage('zh-CN');
    await logIn(page);
    const nav = page.locator('[data-testid=main-nav]');
    await expect.poll(() => nav.textContent(), { timeout: 15_000 }).toContain('文本翻译');
    expect(await nav.textContent()).toContain('我的记忆库');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^ey/);

    await page.click('[data-testid=lang-switch]');
    await page.click('[data-testid=lang-option-en_US]');
    await expect.poll(() => nav.textContent()).toContain('Text translation');
    await page.reload();
    await expect.poll(() => page.locator('[data-testid=main-nav]').textContent()).toContain('My translation memories');

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=logout]');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The server ended the session too: the old token no longer works.
    const res = await fetch(`${suite.platform.url}/api/v1.0/permission/get_user_site_permission`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    await page.context().close();
  });

  it('shows an English browser the English login page and the server message for a wrong password', async () => {
    const page = await newPage('en-US');
    await logIn(page, E2E_ADMIN.account, 'Wrong12345');
    await expect.poll(() => page.locator('[data-testid=login-page]').textContent(), { timeout: 15_000 }).toContain('Incorrect password');
    expect(await page.locator('[data-testid=login-submit]').textContent()).toContain('Log in');
    expect(page.url()).toContain('/login');
    await page.context().close();
  });
});

describe('client reactions', () => {
  it('logs out with a message when the account logs in elsewhere', async () => {
    const page = await newPage('en-US');
    await logIn(page);
    await page.waitForSelector('[data-testid=main-layout]');

    // The same account logs in again somewhere else.
    const api = `${suite.platform.url}/api/v1.0`;
    const { data } = await (await fetch(`${api}/user/get_public_key`)).json();
    const password = publicEncrypt(
      { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(E2E_ADMIN.password),
    );
    const other = await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: E2E_ADMIN.account, password: password.toString('base64'), agree_terms: true }),
    });
    expect((await other.json()).code).toBe(20000);

    await page.goto('/account');
    await expect.poll(() => page.textContent('body'), { timeout: 15_000 }).toContain('logged in elsewhere');
    // The login page keeps where the user was, to go back there after logging in again.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/account', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.context().close();
  });

  it('sends a free user from the user center to the engine page and shows not-found for unknown paths', async () => {
    const page = await newPage('en-US');
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/no/such/page');
    await page.waitForSelector('[data-testid=not-found-page]');
    await page.context().close();
  });
});
