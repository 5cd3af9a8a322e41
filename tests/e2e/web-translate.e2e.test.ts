/**
 * `/webpage` in a real browser against the whole platform (issue 22 item 2): the URL is checked
 * in the form, a page this test serves on 127.0.0.1 (let through by the administrator's
 * allow-list, WEB_FETCH_ALLOW_HOSTS) is fetched and translated by the in-process workers, and
 * shown in a sandboxed iframe whose script never runs, with the original a toggle away; a
 * loopback name not on the list is refused with its own message. Also on a phone's width. A
 * page of many chunks shows its first screen as a partial page (with the progress) while the
 * rest is translated, then the whole page in the same frame.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { grantPlan } from '@mtp/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughPage, registerThroughApi, useBrowserSuite } from '../support/browser-suite';

const PAGE = `<!doctype html><html><head><title>Hello world</title></head><body>
<p id="greeting">Hello world.</p><script>document.getElementById('greeting').textContent = 'SCRIPT RAN';</script></body></html>`;

/**
 * 30,000 paragraphs (750 chunks, about 270,000 characters: more than the free plan holds, so the
 * user gets a standard plan): several seconds of translation even on a quiet machine, so the
 * page's 2 s polling meets the partial page (the gateway test checks the order without a race).
 */
const WORDS = ['twenty one', 'thirty', 'five', 'forty two', 'nine thousand'];
const BIG_PAGE = `<!doctype html><html><head><title>twenty one</title></head><body>
${Array.from({ length: 30_000 }, (_, i) => `<p id="p${i}">${WORDS[i % WORDS.length]}</p>`).join('\n')}</body></html>`;

const suite = useBrowserSuite();
let server: http.Server;
let base = '';
const previousAllow = process.env.WEB_FETCH_ALLOW_HOSTS;

beforeAll(async () => {
  server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/big' ? BIG_PAGE : PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.WEB_FETCH_ALLOW_HOSTS = '127.0.0.1';
});
afterAll(async () => {
  process.env.WEB_FETCH_ALLOW_HOSTS = previousAllow;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('web page translation in the browser', () => {
  it('checks the URL, translates a page into a sandboxed frame, toggles the original, refuses loopback', async () => {
    const user = { account: 'web-e2e@example.com', username: 'webber', password: 'Passw0rd1' };
    await registerThroughApi(suite, user);
    const context = await suite.browser.newContext({ baseURL: suite.platform.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logInThroughPage(page, user.account, user.password);
    await page.goto('/webpage');
    await page.waitForSelector('[data-testid=web-translate-page]', { timeout: 15_000 });

    await page.click('[data-testid=web-translate-submit]');
    await page.getByText('Enter the URL of a web page').waitFor({ timeout: 5_000 });
    await page.fill('[data-testid=web-translate-url]', 'not a url');
    await page.getByText('Enter a valid http or https URL').waitFor({ timeout: 5_000 });

    await page.fill('[data-testid=web-translate-url]', `${base}/article`);
    await page.selectOption('[data-testid=web-translate-src]', 'en-us');
    await page.selectOption('[data-testid=web-translate-tgt]', 'zh-cn');
    await page.click('[data-testid=web-translate-submit]');
    const frame = page.locator('[data-testid=web-translate-frame-translated]');
    await frame.waitFor({ timeout: 90_000 });
    expect(await frame.getAttribute('sandbox')).toBe('');
    const inner = page.frameLocator('[data-testid=web-translate-frame-translated]');
    const greeting = await inner.locator('#greeting').textContent();
    expect(greeting).not.toBe('SCRIPT RAN');
    expect(greeting).not.toBe('Hello world.');

    await page.getByText('Original', { exact: true }).click();
    const original = page.frameLocator('[data-testid=web-translate-frame-original]');
    await expect.poll(() => original.locator('#greeting').textContent(), { timeout: 10_000 }).toBe('Hello world.');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.fill('[data-testid=web-translate-url]', `http://localhost:${new URL(base).port}/`);
    await page.click('[data-testid=web-translate-submit]');
    await page.locator('[data-testid=web-translate-failed]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid=web-translate-failed]').textContent()).toContain('loopback address');
    await context.close();
  });

  it('shows the first screen of a large page as a partial page, then the whole page', async () => {
    const user = { account: 'web-e2e-big@example.com', username: 'bigweb', password: 'Passw0rd1' };
    await registerThroughApi(suite, user);
    const { db } = suite.platform.platform.database;
    const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [user.account]);
    await grantPlan(db, { userId: rows[0]!.user_id, sku: 'standard-m' });
    const context = await suite.browser.newContext({ baseURL: suite.platform.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logInThroughPage(page, user.account, user.password);
    await page.goto('/webpage');
    await page.fill('[data-testid=web-translate-url]', `${base}/big`);
    await page.click('[data-testid=web-translate-submit]');

    // The partial state: the page's top translated, its end still in English, the progress shown.
    await page.locator('[data-testid=web-translate-page][data-phase=partial]').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid=web-translate-partial]').waitFor();
    const partialFrame = page.locator('[data-testid=web-translate-frame-translated][data-stage=partial]');
    await partialFrame.waitFor({ timeout: 30_000 });
    const frame = page.frameLocator('[data-testid=web-translate-frame-translated]');
    expect(await frame.locator('#p0').textContent()).toBe('二十一');
    expect(await frame.locator('#p29999').textContent()).toBe('nine thousand');

    // Then the whole page replaces it in the same place.
    await page.locator('[data-testid=web-translate-page][data-phase=done]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid=web-translate-frame-translated][data-stage=done]').waitFor({ timeout: 30_000 });
    await expect.poll(() => frame.locator('#p29999').textContent(), { timeout: 10_000 }).toBe('九千');
    expect(await page.locator('[data-testid=web-translate-partial]').count()).toBe(0);
    await context.close();
  }, 240_000);
});
