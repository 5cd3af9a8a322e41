/**
 * What the document-screen browser suites share: a fresh context with the configured admin
 * logged in through the login page, on `/file`.
 */
import type { Page } from 'playwright-core';
import { adminPage, type BrowserSuite } from '../support/browser-suite';

export async function adminOnFileScreen(suite: BrowserSuite, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await adminPage(suite, viewport ? { viewport } : {});
  await page.goto('/file');
  await page.waitForSelector('[data-testid=doc-translate-page]', { timeout: 15_000 });
  return page;
}
