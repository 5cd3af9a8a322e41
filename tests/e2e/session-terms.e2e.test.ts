/**
 * Sign-up, terms and sessions in a real browser against the whole platform: registration through
 * the page (captcha, mail code, the terms dialog agreed with Enter) ends logged in; the next login
 * asks nothing until a new terms version is published; a login of the same account in a second
 * browser ends the first one's session, which says so without a click, and the text typed on `/`
 * comes back after logging in again. Titles (card and browser tab) follow the page. No page
 * errors reach the console throughout.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();
const USER = { account: `sofia${Date.now() % 100000}@example.com`, username: 'Sofia', password: 'Passw0rd1' };
const errors: string[] = [];

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // Chromium logs every 4xx answer as "Failed to load resource"; the 403 is this test's point.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(`console: ${msg.text()}`);
  });
  return { context, page };
}

const title = (page: Page) => page.locator('[data-testid=auth-title]').textContent();
const termsDialog = (page: Page) => page.locator('[data-testid=terms-dialog-submit]');

async function submitLogin(page: Page) {
  await page.goto('/login');
  await page.fill('input[name=account]', USER.account);
  await page.fill('input[name=password]', USER.password);
  await page.click('[data-testid=login-submit]');
}

async function logOut(page: Page) {
  await page.click('[data-testid=user-menu]');
  await page.click('[data-testid=logout]');
  await page.waitForURL('**/login', { timeout: 15_000 });
}

describe('registration, terms and titles', () => {
  it('registers through the page, agrees the terms once, and is asked again only for new terms', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await expect.poll(() => page.title()).toBe('Log in – MT Platform');
    expect(await title(page)).toBe('Log in');
    await page.click('[data-testid=register-tab]');
    await expect.poll(() => title(page)).toBe('Register');

    await page.fill('input[name=account]', USER.account);
    await page.fill('input[name=username]', USER.username);
    await page.fill('input[name=password]', USER.password);
    await page.fill('input[name=confirm_password]', USER.password);
    // The picture's answer, as a person would read it, from the database.
    const captchaAnswer = page.waitForResponse((r) => r.url().includes('/image_code'));
    await page.click('[data-testid=captcha-refresh]');
    const { data } = await (await captchaAnswer).json();
    const { rows } = await suite.platform.platform.database.db.query<{ answer: string }>(
      'SELECT answer FROM captchas WHERE captcha_id = $1',
      [data.captcha_id],
    );
    await page.fill('input[name=captcha_code]', rows[0]!.answer);
    await page.click('[data-testid=send-code]');
    await expect.poll(() => suite.platform.codeFromLog(USER.account), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    await page.fill('input[name=code]', suite.platform.codeFromLog(USER.account));
    await page.click('[data-testid=register-submit]');

    // The terms open before the account is created; Enter agrees (the dialog is a form).
    await termsDialog(page).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^ey/);
    await expect.poll(() => page.title()).toBe('Text translation – MT Platform');

    // The next login asks nothing.
    await logOut(page);
    await submitLogin(page);
    await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    expect(await termsDialog(page).count()).toBe(0);

    // New terms: the login stops at the dialog, which says they changed, and goes on once agreed.
    await logOut(page);
    // The operator publishes new terms (what publishTermsVersion of @mtp/accounts does).
    await suite.platform.platform.database.db.query('INSERT INTO user_terms (version) SELECT max(version) + 1 FROM user_terms');
    await submitLogin(page);
    await page.waitForSelector('[data-testid=terms-changed]', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await termsDialog(page).click();
    await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });

    await page.goto('/forget');
    await expect.poll(() => page.title()).toBe('Reset password – MT Platform');
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('a session ended elsewhere', () => {
  it('says so without a click and gives the typed text back after logging in again', { timeout: 90_000 }, async () => {
    const first = await newPage();
    await submitLogin(first.page);
    await first.page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    await first.page.fill('[data-testid=source-text]', 'twenty one');

    // The same account logs in in another browser.
    const second = await newPage();
    await submitLogin(second.page);
    await second.page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });

    // No click on the first page: its session check notices within one interval (20 s).
    const body = () => first.page.textContent('body');
    await expect.poll(body, { timeout: 40_000 }).toContain('logged in elsewhere');
    await first.page.waitForURL('**/login', { timeout: 15_000 });
    expect(await first.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await first.page.fill('input[name=account]', USER.account);
    await first.page.fill('input[name=password]', USER.password);
    await first.page.click('[data-testid=login-submit]');
    await first.page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    await expect.poll(() => first.page.inputValue('[data-testid=source-text]')).toBe('twenty one');

    await first.context.close();
    await second.context.close();
    expect(errors).toEqual([]);
  });
});
