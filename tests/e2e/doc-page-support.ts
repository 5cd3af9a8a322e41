/**
 * What the document-screen browser suites share: a fresh context with the configured admin
 * logged in through the login page, on `/file`.
 */
import type { Page } from 'playwright-core';
import type { BrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';

export async function adminOnFileScreen(suite: BrowserSuite, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await page.goto('/login');
  await page.fill('input[name=account]', E2E_ADMIN.account);
  await page.fill('input[name=password]', E2E_ADMIN.password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
  await page.goto('/file');
  await page.waitForSelector('[data-testid=doc-translate-page]', { timeout: 15_000 });
  return page;
}
