/**
 * The app on a phone (issue 16, item 1), in Chromium with an Android user agent against the whole
 * platform: every main-area, user-center and admin screen at 412 x 915 (and some at 360) in
 * both interface languages has no horizontal page scroll and nothing of its header or main area
 * outside the screen (a table may scroll inside its own box); logout is reachable from the
 * drawer; a logged-in phone user opening `/` reaches the app, and from it documents and banks.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';
import { offScreen, seedAdminData, type Seeded } from './phone-support';

const suite = useBrowserSuite();
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LANGS = ['en_US', 'zh_CN'] as const;

const MAIN = ['/', '/file', '/picturetranslate', '/webpage', '/myfile', '/docScan', '/translationedit'];
const BANKS = ['/mymemorybank', '/mytermbank', '/publictermbank', '/api-doc', '/problem'];
const USER_CENTER = ['/account', '/member', '/history', '/message', '/api-keys'];
const ADMIN = ['/home', '/alluser', '/user-data', '/management', '/system-memorybank', '/system-termbank', '/all-memorybank'];
const ADMIN_MORE = ['/all-temtermbank', '/ordermanagement', '/system-publictermbank', '/systemlog', '/traffic', '/app-keys', '/stats'];
const ADMIN_REST = ['/device-mgr', '/set-editor', '/backups'];
const SCREENS = [...MAIN, ...BANKS, ...USER_CENTER, ...ADMIN, ...ADMIN_MORE, ...ADMIN_REST];
// The trial page too: where a logged-in phone lands on `/` is the second test's question.
const LAYOUTS =
  '[data-testid=main-layout], [data-testid=user-center-layout], [data-testid=admin-layout], [data-testid=mobile-translate-page]';

let seeded: Seeded;
beforeAll(async () => {
  seeded = await seedAdminData(suite.platform);
});

async function phone(browser: Browser, lang: string, width = 412): Promise<Page> {
  const context = await browser.newContext({
    baseURL: suite.platform.url,
    viewport: { width, height: 915 },
    userAgent: ANDROID,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  await page.goto('/login');
  await page.fill('input[name=account]', E2E_ADMIN.account);
  await page.fill('input[name=password]', E2E_ADMIN.password);
  await page.click('[data-testid=login-submit]');
  // Where login lands is the second test's question; here only that it has left the form.
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  return page;
}

/** Opens a screen with its data shown, then reports what does not fit. */
async function misfits(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForSelector(LAYOUTS, { timeout: 15_000 });
  if (path === '/myfile') await page.waitForSelector('[data-testid=my-file-download]', { timeout: 15_000 });
  if (path === '/system-termbank') {
    await page.locator('[data-testid=bank-item]', { hasText: seeded.bank }).locator('[data-testid=bank-select]').click();
    await page.waitForSelector('[data-testid=entry-row]', { timeout: 15_000 });
  }
  if (path === '/all-temtermbank') await page.waitForSelector('[data-testid=all-bank-row]', { timeout: 15_000 });
  // Fonts and the suspense of each screen settle before measuring.
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(offScreen);
}

async function openDrawer(page: Page) {
  await page.locator('header button.mantine-Burger-root').click();
  await page.waitForSelector('[data-testid=drawer-logout]', { state: 'visible' });
}

describe.each(LANGS)('a 412 px phone in %s', (lang) => {
  it('fits every screen of the three areas', async () => {
    const page = await phone(suite.browser, lang);
    const found: Record<string, string[]> = {};
    for (const path of SCREENS) {
      const bad = await misfits(page, path);
      if (bad.length > 0) found[path] = bad;
    }
    expect(found).toEqual({});
    await page.context().close();
  }, 240_000);

  it('keeps a logged-in user in the app: documents, banks and logout through the drawer', async () => {
    const page = await phone(suite.browser, lang);
    await page.goto('/');
    await page.waitForSelector('[data-testid=text-translate-page]', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-testid=mobile-login-link], [data-testid=register-link]').count()).toBe(0);
    // The header's menu is a wide screen's; on a phone the account is in the drawer.
    expect(await page.locator('[data-testid=user-menu]').isVisible()).toBe(false);

    await openDrawer(page);
    await page.click('[data-testid=main-nav] a[href="/myfile"]');
    await page.waitForSelector('[data-testid=my-file-row]', { timeout: 15_000 });
    // On the screen itself, not scrolled away sideways inside a table's box.
    const download = await page.locator('[data-testid=my-file-download]').first().boundingBox();
    expect(download!.x + download!.width).toBeLessThanOrEqual(412);
    await openDrawer(page);
    await page.click('[data-testid=main-nav] a[href="/mytermbank"]');
    await page.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });

    // An unknown path still leads to the trial page, which now leads back into the app.
    await page.goto('/no/such/page');
    await page.waitForSelector('[data-testid=mobile-app-link]', { timeout: 15_000 });
    expect(await page.evaluate(offScreen)).toEqual([]);
    await page.click('[data-testid=mobile-app-link]');
    await page.waitForSelector('[data-testid=text-translate-page]', { timeout: 15_000 });

    await openDrawer(page);
    await page.click('[data-testid=drawer-to-account]');
    await page.waitForSelector('[data-testid=account-page]', { timeout: 15_000 });
    await openDrawer(page);
    await page.click('[data-testid=drawer-to-messages]');
    await page.waitForSelector('[data-testid=message-page]', { timeout: 15_000 });
    await openDrawer(page);
    await page.click('[data-testid=drawer-logout]');
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.context().close();
  }, 120_000);
});

describe.each(LANGS)('a 360 px phone in %s', (lang) => {
  it('fits the screens with tables, the translator and the header', async () => {
    const page = await phone(suite.browser, lang, 360);
    const found: Record<string, string[]> = {};
    for (const path of ['/', '/file', '/myfile', '/system-termbank', '/all-temtermbank', '/account', '/home']) {
      const bad = await misfits(page, path);
      if (bad.length > 0) found[path] = bad;
    }
    expect(found).toEqual({});
    await page.context().close();
  }, 120_000);
});
