/**
 * The setup every browser test file shares: the whole platform and Debian's Chromium, started
 * once before the file's tests and stopped after them.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { E2E_ADMIN, startRunningPlatform, type RunningPlatform } from './running-platform';

export type BrowserSuite = { platform: RunningPlatform; browser: Browser };

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useBrowserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.platform = await startRunningPlatform();
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.platform?.stop();
  });
  return suite;
}

/** Logs in through the login page (the configured admin unless told) and waits for the app's layout. */
export async function logInThroughPage(page: Page, account = E2E_ADMIN.account, password = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
}

/** A fresh en-US context on the suite's platform with the admin logged in. */
export async function adminPage(suite: BrowserSuite, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, ...options });
  const page = await context.newPage();
  await logInThroughPage(page);
  return page;
}
