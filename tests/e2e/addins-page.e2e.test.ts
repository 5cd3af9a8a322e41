/**
 * `/addins` against the whole platform: the page offers the browser plug-in's zip and the Office
 * add-in's manifest, both downloads working from the page itself (the zip starts with a zip's
 * PK header, the manifest points Office at this very server), with the install steps naming this
 * site's origin and linking the API keys page; in Chinese too; at 390 and 360 px nothing scrolls
 * sideways. A site whose config sets showAddins false neither lists the page nor offers the files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@mtp/gateway';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, apiCall, useBrowserSuite } from '../support/browser-suite';
import { TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();

beforeAll(() => {
  for (const [file, build] of [
    ['browser-plugin/dist/mtp-browser-plugin.zip', '@mtp/browser-plugin'],
    ['office-addin/dist/manifest.xml', '@mtp/office-addin'],
  ]) {
    if (!existsSync(path.join(REPO_ROOT, file!))) throw new Error(`${file} is missing: run \`npm run build -w ${build}\` (npm test does)`);
  }
});

type Fetched = { status: number; type: string; disposition: string; head: number[]; text: string };

/** Fetches a link's target from inside the page, as the browser would download it. */
function fetchLink(page: Page, testId: string): Promise<Fetched> {
  return page.locator(sel(testId)).evaluate(async (a: HTMLAnchorElement) => {
    const res = await fetch(a.href);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      disposition: res.headers.get('content-disposition') ?? '',
      head: Array.from(bytes.slice(0, 4)),
      text: new TextDecoder().decode(bytes.slice(0, 20_000)),
    };
  });
}

async function openAddins(opts: { lang: 'en_US' | 'zh_CN'; width: number; siteCode?: string }): Promise<Page> {
  const context = await suite.browser.newContext({
    baseURL: suite.platform.url,
    locale: opts.lang === 'zh_CN' ? 'zh-CN' : 'en-US',
    viewport: { width: opts.width, height: 860 },
  });
  await context.addInitScript(
    ({ lang, siteCode }) => {
      localStorage.setItem('lang', lang);
      // The site the app remembers from a login through /{code} (web/src/auth/tokens.ts).
      if (siteCode) localStorage.setItem('siteCode', siteCode);
    },
    { lang: opts.lang, siteCode: opts.siteCode ?? null },
  );
  const page = await context.newPage();
  await page.goto('/addins');
  await page.waitForSelector(sel('addins-page'), { timeout: 15_000 });
  return page;
}

/** The manifest's task-pane address (the one SourceLocation of DefaultSettings). */
const sourceLocation = (xml: string) => /<DefaultSettings>\s*<SourceLocation DefaultValue="([^"]+)"/.exec(xml)?.[1];

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('/addins', () => {
  it(
    'offers both add-ins with working downloads and the steps for this site, at 390 px',
    async () => {
      const page = await openAddins({ lang: 'en_US', width: 390 });
      expect(await page.locator('h2').first().textContent()).toBe('Plug-ins and add-ins');
      await expect.poll(() => page.title()).toContain('Plug-ins and add-ins');
      const origin = new URL(suite.platform.url).origin;
      expect(await page.locator(sel('addins-origin')).textContent()).toBe(origin);
      const pluginSteps = await page.locator(sel('addins-plugin-steps')).textContent();
      for (const part of ['chrome://extensions', 'edge://extensions', 'Developer mode', 'Load unpacked'])
        expect(pluginSteps).toContain(part);
      expect(await page.locator(sel('addins-api-keys-link')).getAttribute('href')).toBe('/api-keys');
      expect(await page.locator(sel('addins-office-web-steps')).textContent()).toContain('Upload My Add-in');
      expect(await page.locator(sel('addins-office-desktop-steps')).textContent()).toContain('Trusted Add-in Catalogs');
      expect(await page.locator(sel('addins-office')).textContent()).toContain('Integrated apps');

      const zip = await fetchLink(page, 'addins-plugin-download');
      expect(zip.status).toBe(200);
      expect(zip.type).toBe('application/zip');
      expect(zip.disposition).toContain('attachment');
      expect(zip.head).toEqual([0x50, 0x4b, 0x03, 0x04]);

      const manifest = await fetchLink(page, 'addins-office-download');
      expect(manifest.status).toBe(200);
      expect(manifest.type).toMatch(/^application\/xml/);
      expect(sourceLocation(manifest.text)).toBe(`${origin}/office-addin/index.html`);
      expect(manifest.text).not.toContain('__MTP_ORIGIN__');

      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // The nav lists the page (the burger menu on a narrow screen holds it).
      expect(await page.locator(`${sel('main-nav')} a[href="/addins"]`).count()).toBe(1);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'in Chinese at 360 px',
    async () => {
      const page = await openAddins({ lang: 'zh_CN', width: 360 });
      expect(await page.locator('h2').first().textContent()).toBe('插件与加载项');
      expect(await page.locator(sel('addins-plugin-download')).textContent()).toBe('下载插件（zip）');
      expect(await page.locator(sel('addins-office-download')).textContent()).toBe('下载清单文件（manifest.xml）');
      expect(await page.locator(sel('addins-office-web-steps')).textContent()).toContain('上传我的加载项');
      expect((await fetchLink(page, 'addins-plugin-download')).status).toBe(200);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'is neither listed nor offered on a site whose config hides the add-ins',
    async () => {
      const admin = await adminPage(suite);
      const token = (await admin.evaluate(() => localStorage.getItem('authToken')))!;
      await admin.context().close();
      await apiCall(
        suite,
        'company',
        {
          name: 'No add-ins Co',
          code: 'no-addins',
          manager_account: 'boss@no-addins.com',
          expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
          settings: { showAddins: false },
        },
        token,
      );
      const page = await openAddins({ lang: 'en_US', width: 1280, siteCode: 'no-addins' });
      await page.waitForSelector(sel('addins-hidden'));
      expect(await page.locator(sel('addins-hidden')).textContent()).toBe('This site does not offer the plug-ins and add-ins.');
      expect(await page.locator(sel('addins-plugin-download')).count()).toBe(0);
      await page.waitForSelector(sel('main-nav'));
      expect(await page.locator(`${sel('main-nav')} a[href="/api-doc"]`).count()).toBe(1);
      expect(await page.locator(`${sel('main-nav')} a[href="/addins"]`).count()).toBe(0);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});
