/**
 * What the text-screen browser suites share: a tracked page (every API call recorded by its path
 * after `/api/v1.0/`), reading a test id without waiting, and logging the admin in on `/login`.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { logInThroughPage, type BrowserSuite } from '../support/browser-suite';

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A model answer can take a moment on a cold worker. */
export const ANSWER = { timeout: 30_000, interval: 200 };
export const TEST_TIMEOUT = 120_000;

export type Tracked = { page: Page; calls: string[] };

export const sel = (testId: string) => `[data-testid=${testId}]`;

/** A fresh context on the suite's platform; every call to the API is recorded. */
export async function newTrackedPage(suite: BrowserSuite, locale: string, options: BrowserContextOptions = {}): Promise<Tracked> {
  const context = await suite.browser.newContext({ locale, baseURL: suite.platform.url, ...options });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/v1.0/')) calls.push(pathname.slice('/api/v1.0/'.length));
  });
  return { page, calls };
}

/** Text of a test id right now ('' while it is not rendered): never waits, so it suits expect.poll. */
export async function text(page: Page, testId: string): Promise<string> {
  return (await page.locator(sel(testId)).allTextContents()).join('');
}

/** Logs the configured admin in through the login page and waits for the text screen. */
export async function loginAdmin(page: Page): Promise<void> {
  await logInThroughPage(page);
  await page.waitForSelector(sel('text-translate-page'), { timeout: 15_000 });
}
