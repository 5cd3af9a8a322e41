/**
 * The API documentation page (`/api-doc`, Scalar over the gateway's openapi.json) in a real
 * browser: the public APIs' areas (native, DeepL-compatible, LibreTranslate-compatible, API
 * keys) show with their calls and worked examples, on a desktop and on a 412 px phone, with the
 * surrounding page in both interface languages, and the phone never scrolls sideways.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

const TITLES = { en_US: 'API documentation', zh_CN: 'API文档' } as const;
const AREAS = ['Public API', 'DeepL-compatible API', 'LibreTranslate-compatible API', 'API keys'];
const CALLS = [
  '/api/v1.0/open/token',
  '/api/v1.0/open/doc/create',
  '/v2/translate',
  '/v2/document',
  '/translate_file',
  '/frontend/settings',
];

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

async function openApiDoc(lang: keyof typeof TITLES, options: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ baseURL: suite.platform.url, ...options });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/api-doc');
  await page.waitForSelector('[data-testid=api-doc-page]');
  return { page, errors };
}

/** Waits until Scalar has drawn the public areas, their calls and the examples. */
async function expectPublicAreas(page: Page): Promise<void> {
  for (const area of AREAS) await page.getByText(area, { exact: true }).first().waitFor({ state: 'attached', timeout: 30_000 });
  for (const call of CALLS) await page.getByText(call).first().waitFor({ state: 'attached', timeout: 30_000 });
  // The worked examples of the description: the native flow and the DeepL key header.
  await page.getByText('doc/query?task_id=').first().waitFor({ state: 'attached' });
  await page.getByText('DeepL-Auth-Key $APP_ID:$APP_SECRET').first().waitFor({ state: 'attached' });
}

describe('the API documentation page', () => {
  for (const lang of ['en_US', 'zh_CN'] as const) {
    it(`shows the public APIs on a desktop (${lang})`, { timeout: 120_000 }, async () => {
      const { page, errors } = await openApiDoc(lang, DESKTOP);
      await page.getByRole('heading', { name: TITLES[lang] }).waitFor({ state: 'visible' });
      await expectPublicAreas(page);
      // The first area a reader meets in the sidebar is the public API.
      await page.getByText('Public API', { exact: true }).first().waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it(`shows the public APIs on a 412 px phone without sideways scrolling (${lang})`, { timeout: 120_000 }, async () => {
      const { page, errors } = await openApiDoc(lang, PHONE);
      await page.getByRole('heading', { name: TITLES[lang] }).waitFor({ state: 'visible' });
      await expectPublicAreas(page);
      await page.waitForFunction(() => document.querySelectorAll('[class^=hljs-]').length > 0, undefined, { timeout: 30_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
