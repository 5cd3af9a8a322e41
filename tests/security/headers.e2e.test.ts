/**
 * Browser hardening, checked in Debian's Chromium against the whole platform: the app's pages
 * carry a Content-Security-Policy the app really runs under (log in and translate with no
 * violation), cannot be framed by another origin, and send nosniff and no-referrer; API answers
 * are no-store and sandboxed; an uploaded logo is served sandboxed, so its bytes never run. The
 * API docs page (`/api-doc`: Scalar, bundled and loaded on demand, over the gateway's
 * openapi.json) runs under the same page policy, on a desktop and on a phone, with no
 * violation: nothing from Scalar's CDN, no eval.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, publicEncrypt } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';

const suite = useBrowserSuite();
const UNTRUSTED_BYTES_CSP = "sandbox; default-src 'none'";
const sel = (testId: string) => `[data-testid=${testId}]`;

/** A page of another origin that frames the platform's login page. */
let framer: Server;
let framerUrl: string;
beforeAll(async () => {
  framer = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>framer</title><iframe id="victim" src="${suite.platform.url}/login" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => framer?.close(resolve));
});

/** A page that records every CSP violation and console error it sees. */
async function watchedPage(options: BrowserContextOptions = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, ...options });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return { page, problems };
}

async function adminToken(): Promise<string> {
  const api = `${suite.platform.url}/api/v1.0`;
  const { data } = await (await fetch(`${api}/user/get_public_key`)).json();
  const password = publicEncrypt(
    { key: data.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(E2E_ADMIN.password),
  ).toString('base64');
  const res = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: E2E_ADMIN.account, password, agree_terms: true }),
  });
  return (await res.json()).data.access_token;
}

// A whole 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('browser hardening headers', () => {
  it('serves the app under a CSP it runs with: log in and translate without a violation', { timeout: 120_000 }, async () => {
    const { page, problems } = await watchedPage();
    const answer = await page.goto('/login');
    const headers = answer!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('sandbox');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');

    await page.fill('input[name=account]', E2E_ADMIN.account);
    await page.fill('input[name=password]', E2E_ADMIN.password);
    await page.click(sel('login-submit'));
    await page.waitForSelector(sel('main-layout'), { timeout: 15_000 });
    await page.goto('/');
    await page.waitForSelector(sel('text-translate-page'));
    await page.selectOption(sel('src-lang'), 'en-us');
    await page.selectOption(sel('tgt-lang'), 'zh-cn');
    await page.locator(sel('source-text')).pressSequentially('twenty one', { delay: 40 });
    await expect
      .poll(async () => (await page.locator(sel('target-text')).allTextContents()).join(''), { timeout: 30_000 })
      .toContain('二十一');
    // Reloaded, the page is revalidated (304): it must keep the page policy and load again.
    await page.reload();
    await page.waitForSelector(sel('text-translate-page'), { timeout: 15_000 });
    // Static assets are cacheable as before; only API answers are no-store.
    const script = await page.evaluate(() => document.querySelector('script[src]')?.getAttribute('src'));
    const asset = await fetch(`${suite.platform.url}${script}`);
    expect(asset.headers.get('cache-control') ?? '').not.toContain('no-store');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('serves the API docs page under the page policy: Scalar renders every call without a violation', { timeout: 120_000 }, async () => {
    const { page, problems } = await watchedPage();
    // Public, like the rest of the main area: no login needed.
    const answer = await page.goto('/api-doc');
    const headers = answer!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('sandbox');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await page.waitForSelector(sel('api-doc-page'));
    // Scalar has drawn the document: the operations, the worked examples and the code table.
    await page.getByText('/user/remaining_str').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText('LOGGED_IN_ELSEWHERE').first().waitFor({ state: 'attached' });
    await page.getByText('/try_translate').first().waitFor({ state: 'attached' });
    // The document it read is an API answer: sandboxed like every other.
    const document = await fetch(`${suite.platform.url}/api/v1.0/openapi.json`);
    expect((await document.json()).openapi).toBe('3.1.0');
    expect(document.headers.get('content-security-policy')).toBe(UNTRUSTED_BYTES_CSP);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the API docs page on phones (360 and 430 px) without sideways scrolling', { timeout: 120_000 }, async () => {
    for (const width of [360, 430]) {
      const { page, problems } = await watchedPage({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      await page.goto('/api-doc');
      await page.waitForSelector(sel('api-doc-page'));
      await page.getByText('/user/remaining_str').first().waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByText('MT Platform API').first().waitFor({ state: 'visible' });
      // Against the layout viewport (clientWidth): a phone zooms out to show what overflows, which
      // widens innerWidth with it and would hide the overflow. The highlighted examples come last.
      await page.waitForFunction(() => document.querySelectorAll('[class^=hljs-]').length > 0, undefined, { timeout: 30_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('answers the API no-store and sandboxed', async () => {
    const token = await adminToken();
    const personal = await fetch(`${suite.platform.url}/api/v1.0/user/get_user_data`, { headers: { authorization: `Bearer ${token}` } });
    expect((await personal.json()).code).toBe(20000);
    expect(personal.headers.get('cache-control')).toBe('no-store');
    expect(personal.headers.get('content-security-policy')).toBe(UNTRUSTED_BYTES_CSP);
    expect(personal.headers.get('x-content-type-options')).toBe('nosniff');
    expect(personal.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves an uploaded logo sandboxed and nosniff', async () => {
    const token = await adminToken();
    const sites = await fetch(`${suite.platform.url}/api/v1.0/site/list`, { headers: { authorization: `Bearer ${token}` } });
    const siteId = (await sites.json()).data.site_list[0].site_id as number;
    const form = new FormData();
    form.set('site_id', String(siteId));
    form.set('kind', 'large');
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${suite.platform.url}/api/v1.0/site/upload_logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploaded = await upload.json();
    expect(uploaded.code, uploaded.msg).toBe(20000);
    const logo = await fetch(`${suite.platform.url}${uploaded.data.logo_url}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);
    expect(logo.headers.get('content-security-policy')).toBe(UNTRUSTED_BYTES_CSP);
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');

    // Opened directly in the browser, the logo's document is sandboxed: it cannot run anything.
    const { page } = await watchedPage();
    const shown = await page.goto(uploaded.data.logo_url);
    expect(shown!.headers()['content-security-policy']).toBe(UNTRUSTED_BYTES_CSP);
    await page.context().close();
  });

  it('cannot be framed by a page of another origin', async () => {
    const { page, problems } = await watchedPage();
    await page.goto(framerUrl);
    await page.waitForSelector('#victim');
    await expect.poll(() => problems.join('\n'), { timeout: 15_000 }).toContain('frame-ancestors');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // The frame shows Chromium's error page, never the login form.
    expect(await frame!.locator(sel('login-page')).count()).toBe(0);
    expect(await frame!.locator('input[name=password]').count()).toBe(0);
    await page.context().close();
  });
});
