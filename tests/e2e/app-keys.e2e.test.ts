/**
 * App keys in a real browser against the whole platform (issue 20, item 1): a user creates a key
 * on /api-keys (the form refusing an empty and a too long name first), sees its secret once,
 * copies the API key, trades the app id and secret for a token (`POST open/token`) that a native
 * call takes, revokes the key after a confirmation naming it, and from then on the credentials
 * (10003) and the token (10007) are refused; the administrator finds the key on /app-keys and
 * revokes another one there. In Chinese: the
 * 20-live-keys refusal in the server's words inside the dialog. On a 412 px phone (and 360) in
 * both languages: no sideways page scroll, the new key's dialog inside the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, apiCall, registerThroughApi, useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';
import { offScreen } from './phone-support';
import { TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

type Created = { app_id: string; app_secret: string; api_key: string };
type Reply = { code: number; msg: string; data: { token: string; expires_in: number } | null };

/** The native token call as an API user's script makes it. */
async function tokenFor(appId: string, appSecret: string): Promise<Reply> {
  const res = await fetch(`${suite.platform.url}/api/v1.0/open/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ app_id: appId, app_secret: appSecret }),
  });
  return (await res.json()) as Reply;
}

/** A native call with the token (the engine list: it reads nothing else). */
async function withToken(token: string): Promise<{ code: number; data: unknown }> {
  const res = await fetch(`${suite.platform.url}/api/v1.0/open/enginelist`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; data: unknown };
}

async function userPage(account: string, password: string, opts: { lang?: 'en_US' | 'zh_CN'; width?: number } = {}): Promise<Page> {
  const { lang = 'en_US', width = 1280 } = opts;
  const phone = width < 500;
  const context = await suite.browser.newContext({
    baseURL: suite.platform.url,
    locale: lang === 'zh_CN' ? 'zh-CN' : 'en-US',
    viewport: { width, height: phone ? 915 : 900 },
    ...(phone ? { userAgent: ANDROID, isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  // A phone opening `/` after login lands on the mobile entry: wait for having left the form only.
  await page.goto('/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click(sel('login-submit'));
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  return page;
}

async function openKeys(page: Page): Promise<void> {
  await page.goto('/api-keys');
  await page.waitForSelector(sel('api-keys-page'), { timeout: 15_000 });
}

const rowOf = (page: Page, appId: string) => page.locator(`${sel('app-key-row')}[data-app-id="${appId}"]`);

/** The new key's dialog fits the screen, and nothing in it scrolls sideways. */
async function dialogFits(page: Page, width: number): Promise<void> {
  const box = (await page.locator('.mantine-Modal-content').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const overflow = await page.locator('.mantine-Modal-content').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('/api-keys and /app-keys', () => {
  it(
    'creates a key, shows the secret once, copies the API key that then works; revoked, it stops working; the admin sees it',
    async () => {
      const USER = { account: 'api-user@example.com', username: 'apiuser', password: 'Apiuser123' };
      await registerThroughApi(suite, USER);
      const page = await userPage(USER.account, USER.password);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.platform.url });
      await openKeys(page);
      await page.waitForSelector(sel('app-keys-empty'));
      expect(await page.locator(`${sel('user-center-nav')} a[href="/api-keys"]`).count()).toBe(1);

      // The name is checked before anything is sent.
      await page.click(sel('app-key-create'));
      await page.click(sel('app-key-create-dialog-submit'));
      await page.getByText('Please enter a name').waitFor();
      await page.fill(sel('app-key-name'), 'x'.repeat(51));
      await page.click(sel('app-key-create-dialog-submit'));
      await page.getByText('No more than 50 characters are allowed').waitFor();
      await page.fill(sel('app-key-name'), 'Build server');
      await page.click(sel('app-key-create-dialog-submit'));

      // Shown once: the id, the secret and the API key made of both, with the warning.
      await page.waitForSelector(sel('app-key-new-app-id'));
      const appId = (await page.textContent(sel('app-key-new-app-id')))!.trim();
      const secret = (await page.textContent(sel('app-key-new-secret')))!.trim();
      const apiKey = (await page.textContent(sel('app-key-new-api-key')))!.trim();
      expect(appId).toMatch(/^[0-9a-f-]{36}$/);
      expect(secret.length).toBeGreaterThanOrEqual(40);
      expect(apiKey).toBe(`${appId}:${secret}`);
      expect(await page.textContent(sel('app-key-secret-once'))).toContain('will not be shown again');
      expect(await page.getAttribute(sel('app-key-doc-link'), 'href')).toBe('/api-doc');
      await page.click(sel('app-key-new-api-key-copy'));
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

      await page.click(sel('app-key-created-done'));
      await page.waitForSelector(sel('app-key-created-dialog'), { state: 'detached' });
      await rowOf(page, appId).waitFor();
      expect(await rowOf(page, appId).getAttribute('data-state')).toBe('live');
      expect(await rowOf(page, appId).textContent()).toContain('Build server');
      // Never again: not on the page, not after a reload.
      expect(await page.content()).not.toContain(secret);
      await page.reload();
      await rowOf(page, appId).waitFor();
      expect(await page.content()).not.toContain(secret);

      // The copied key works: its app id and secret answer a token.
      const [id, appSecret] = (await page.evaluate(() => navigator.clipboard.readText())).split(':') as [string, string];
      const issued = await tokenFor(id, appSecret);
      expect(issued.code).toBe(20000);
      expect(issued.data!.token.length).toBeGreaterThan(20);
      expect(issued.data!.expires_in).toBeGreaterThan(0);
      // ...and the token is taken by a native call.
      expect((await withToken(issued.data!.token)).code).toBe(20000);

      // Revoking asks first, naming the key; then the key is refused.
      await rowOf(page, appId).locator(sel('app-key-revoke')).click();
      await page.waitForSelector(sel('app-key-revoke-name'));
      expect(await page.textContent(sel('app-key-revoke-name'))).toContain('“Build server”');
      await page.click(sel('app-key-revoke-confirm-submit'));
      await expect.poll(() => rowOf(page, appId).getAttribute('data-state')).toBe('revoked');
      expect(await rowOf(page, appId).locator(sel('app-key-revoke')).count()).toBe(0);
      expect(await tokenFor(id, appSecret)).toMatchObject({ code: 10003, data: null });
      expect(await withToken(issued.data!.token)).toMatchObject({ code: 10007, data: null });

      // The administrator finds the user's keys by account, and revokes a live one there.
      // A second key, made as a script would with the page's session (one session per account).
      const sessionToken = (await page.evaluate(() => localStorage.getItem('authToken')))!;
      const second = await apiCall<Created>(suite, 'app/keys', { name: 'Nightly job' }, sessionToken);
      expect((await tokenFor(second.app_id, second.app_secret)).code).toBe(20000);
      const admin = await adminPage(suite);
      await admin.goto('/app-keys');
      await admin.waitForSelector(sel('admin-app-keys-page'), { timeout: 15_000 });
      expect(await admin.locator(`${sel('admin-nav')} a[href="/app-keys"]`).count()).toBe(1);
      await admin.fill(sel('app-key-search'), USER.account);
      await admin.waitForURL((url) => url.searchParams.get('keyword') === USER.account);
      await rowOf(admin, appId).waitFor();
      expect(await admin.locator(sel('app-key-row')).count()).toBe(2);
      expect(await rowOf(admin, appId).textContent()).toContain(USER.account);
      expect(await rowOf(admin, appId).getAttribute('data-state')).toBe('revoked');
      await rowOf(admin, second.app_id).locator(sel('app-key-revoke')).click();
      expect(await admin.textContent(sel('app-key-revoke-name'))).toContain(USER.account);
      await admin.click(sel('app-key-revoke-confirm-submit'));
      await expect.poll(() => rowOf(admin, second.app_id).getAttribute('data-state')).toBe('revoked');
      expect((await tokenFor(second.app_id, second.app_secret)).code).toBe(10003);
      // The owner sees it revoked too.
      await page.reload();
      await expect.poll(() => rowOf(page, second.app_id).getAttribute('data-state')).toBe('revoked');
    },
    TEST_TIMEOUT,
  );

  it(
    'in Chinese: the 20-key limit in the server’s words; revoking one makes room',
    async () => {
      const USER = { account: 'api-many@example.com', username: 'apimany', password: 'Apimany123' };
      const { token } = await registerThroughApi(suite, USER);
      for (let i = 1; i <= 20; i++) await apiCall(suite, 'app/keys', { name: `脚本 ${i}` }, token);
      const page = await userPage(USER.account, USER.password, { lang: 'zh_CN' });
      await openKeys(page);
      expect(await page.locator(sel('app-key-row')).count()).toBe(10);
      await page.waitForSelector(sel('app-key-pages'));
      expect(await page.textContent(sel('api-keys-page'))).toContain('创建密钥');

      await page.click(sel('app-key-create'));
      await page.fill(sel('app-key-name'), '第二十一个');
      await page.click(sel('app-key-create-dialog-submit'));
      await page.waitForSelector(sel('app-key-create-refused'));
      expect(await page.textContent(sel('app-key-create-refused'))).toContain('最多可同时拥有20个有效密钥');
      await page.click(sel('app-key-create-dialog-cancel'));

      await page.locator(sel('app-key-revoke')).first().click();
      expect(await page.textContent(sel('app-key-revoke-name'))).toContain('确定吊销密钥“脚本 20”');
      await page.click(sel('app-key-revoke-confirm-submit'));
      await page.locator(`${sel('app-key-row')}[data-state=revoked]`).waitFor();
      await page.click(sel('app-key-create'));
      await page.fill(sel('app-key-name'), '第二十一个');
      await page.click(sel('app-key-create-dialog-submit'));
      await page.waitForSelector(sel('app-key-new-app-id'));
      expect(await page.textContent(sel('app-key-secret-once'))).toContain('密钥只显示这一次');
    },
    TEST_TIMEOUT,
  );

  it(
    'lays out on a 412 px phone in both languages (and 360 px), the new key’s dialog too',
    async () => {
      const USER = { account: 'api-phone-user-with-a-long-address@example.com', username: 'apiphone', password: 'Apiphone123' };
      const { token } = await registerThroughApi(suite, USER);
      for (const name of ['Continuous-integration-translation-pipeline-runner', 'Mobile app']) {
        await apiCall(suite, 'app/keys', { name }, token);
      }
      for (const [lang, width] of [
        ['en_US', 412],
        ['zh_CN', 412],
        ['en_US', 360],
      ] as const) {
        const page = await userPage(USER.account, USER.password, { lang, width });
        await openKeys(page);
        await page.locator(sel('app-key-row')).first().waitFor();
        expect(await page.evaluate(offScreen), `${lang} ${width}`).toEqual([]);
        await page.click(sel('app-key-create'));
        await page.fill(sel('app-key-name'), `Phone ${lang} ${width}`);
        await page.click(sel('app-key-create-dialog-submit'));
        await page.waitForSelector(sel('app-key-new-api-key'));
        await dialogFits(page, width);
        await page.click(sel('app-key-created-done'));

        const admin = await userPage(E2E_ADMIN.account, E2E_ADMIN.password, { lang, width });
        await admin.goto(`/app-keys?keyword=${encodeURIComponent(USER.account)}`);
        await admin.locator(sel('app-key-row')).first().waitFor({ timeout: 15_000 });
        expect(await admin.evaluate(offScreen), `admin ${lang} ${width}`).toEqual([]);
        await admin.locator(sel('app-key-revoke')).first().click();
        await dialogFits(admin, width);
        await page.context().close();
        await admin.context().close();
      }
    },
    TEST_TIMEOUT,
  );
});
