/**
 * The setup every browser test file shares: the whole platform and Debian's Chromium, started
 * once before the file's tests and stopped after them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startRunningPlatform, type RunningPlatform } from './running-platform';

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
