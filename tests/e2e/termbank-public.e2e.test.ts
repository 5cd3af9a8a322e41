/**
 * Public termbases and the staff "all banks" screen in a real browser against the whole
 * platform: an administrator makes a public termbase on /system-publictermbank and adds a term;
 * a visitor who never logged in reads and searches it on /publictermbank; the administrator's
 * own termbase shows on /all-temtermbank with its owner, read-only, and its selected entries are
 * deleted after the confirmation.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';

const suite = useBrowserSuite();

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });
  return context.newPage();
}

async function loggedInPage(): Promise<Page> {
  const page = await newPage(suite.browser);
  await page.goto('/login');
  await page.fill('input[name=account]', E2E_ADMIN.account);
  await page.fill('input[name=password]', E2E_ADMIN.password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
  return page;
}

async function createTermbase(page: Page, name: string, terms: [string, string][]) {
  await page.click('[data-testid=create-bank]');
  await page.fill('[data-testid=bank-name]', name);
  await page.selectOption('[data-testid=bank-src-lang]', 'en-us');
  await page.selectOption('[data-testid=bank-tgt-lang]', 'zh-cn');
  await page.click('[data-testid=bank-save]');
  const item = page.locator('[data-testid=bank-item]', { hasText: name });
  await item.waitFor({ timeout: 10_000 });
  await item.locator('[data-testid=bank-select]').click();
  for (const [source, target] of terms) {
    await page.click('[data-testid=add-entry]');
    await page.fill('[data-testid=entry-source]', source);
    await page.fill('[data-testid=entry-target]', target);
    await page.click('[data-testid=entry-save]');
    await expect.poll(() => page.locator('[data-testid=entry-table]').textContent(), { timeout: 10_000 }).toContain(target);
  }
}

describe('public termbases and moderation in the browser', () => {
  it('publishes a termbase that a visitor reads, and moderates a user bank', async () => {
    const admin = await loggedInPage();
    const suffix = Date.now() % 100000;
    await admin.goto('/system-publictermbank');
    await admin.waitForSelector('[data-testid=bank-screen-1-public]', { timeout: 15_000 });
    await createTermbase(admin, `Public ${suffix}`, [
      ['cloud', '云'],
      ['server', '服务器'],
    ]);

    // A visitor: no login, the whitelisted public calls only.
    const visitor = await newPage(suite.browser);
    await visitor.goto('/publictermbank');
    await visitor.waitForSelector('[data-testid=public-term-screen]', { timeout: 15_000 });
    const table = visitor.locator('[data-testid=entry-table]');
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain('服务器');
    expect(await visitor.locator('[data-testid=create-bank]').count()).toBe(0);
    await visitor.fill('[data-testid=entry-search]', 'cloud');
    await expect.poll(() => visitor.locator('[data-testid=entry-row]').count(), { timeout: 10_000 }).toBe(1);
    expect(await table.textContent()).toContain('云');
    await visitor.context().close();

    // The public termbase is not on the other system screen.
    await admin.goto('/system-termbank');
    await admin.waitForSelector('[data-testid=bank-screen-1-system]', { timeout: 15_000 });
    expect(await admin.locator('[data-testid=bank-item]', { hasText: `Public ${suffix}` }).count()).toBe(0);

    // A user's own termbase (here the administrator's) on the moderation screen.
    await admin.goto('/mytermbank');
    await admin.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });
    await createTermbase(admin, `Mine ${suffix}`, [
      ['alpha', '甲'],
      ['beta', '乙'],
    ]);
    await admin.goto('/all-temtermbank');
    await admin.waitForSelector('[data-testid=all-banks-screen-1]', { timeout: 15_000 });
    await admin.fill('[data-testid=bank-search]', `Mine ${suffix}`);
    const row = admin.locator('[data-testid=all-bank-row]', { hasText: `Mine ${suffix}` });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.textContent()).toContain(E2E_ADMIN.account);
    await row.locator('[data-testid=view-bank]').click();
    const entries = admin.locator('[data-testid=moderated-entries] [data-testid=entry-row]');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    expect(await admin.locator('[data-testid=moderated-entries] [data-testid=add-entry]').count()).toBe(0);
    await entries.filter({ hasText: 'alpha' }).locator('input[type=checkbox]').check();
    await admin.click('[data-testid=delete-selected]');
    await admin.click('[data-testid=confirm-delete]');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(1);
    expect(await entries.first().textContent()).toContain('beta');
    await admin.context().close();
  });
});
