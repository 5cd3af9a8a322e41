/**
 * Enterprises in a real browser against the whole platform: the administrator creates one on
 * /management with both logos (re-encoded by the document worker), reads the manager's first
 * password once; the manager's login page /{code} shows the enterprise's logos (and the main
 * site's, as set), takes its title from the site (hideTitle), and lets the manager in. The
 * manager adds a member on /alluser; the member logs in on /{code} (a first password set by
 * someone else is changed at once); the administrator finds both in the system log and the
 * member among the users counted on /home.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

// A whole 1x1 PNG: enough for the worker to decode and draw again.
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function chooseFile(page: Page, testId: string, name: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click(`[data-testid=${testId}]`)]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer: PNG_1X1 });
}

/** The main site gets a logo through the API (site/upload_logo), so show-main-logo has one to show. */
async function giveMainSiteALogo(token: string) {
  const config = (await (await fetch(`${suite.platform.url}/api/v1.0/get_login_config`)).json()) as { data: { site_id: number } };
  const form = new FormData();
  form.append('site_id', String(config.data.site_id));
  form.append('kind', 'large');
  form.append('file', new Blob([PNG_1X1]), 'main.png');
  const res = await fetch(`${suite.platform.url}/api/v1.0/site/upload_logo`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await res.json()) as { code: number }).code).toBe(20000);
}

const loadedImage = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('enterprise management and the enterprise login page', () => {
  it('creates an enterprise with logos; its manager logs in on /{code} and adds a member, who logs in there; the admin sees both', async () => {
    const admin = await adminPage(suite);
    const errors: string[] = [];
    admin.on('pageerror', (err) => errors.push(err.message));
    await giveMainSiteALogo((await admin.evaluate(() => localStorage.getItem('authToken')))!);

    await admin.goto('/management');
    await admin.waitForSelector('[data-testid=management-page]', { timeout: 15_000 });
    await admin.click('[data-testid=enterprise-create]');
    await admin.waitForSelector('[data-testid=enterprise-name]');
    expect(await admin.inputValue('[data-testid=enterprise-code]')).toMatch(/^ent-[a-z0-9]{6}$/);
    await admin.fill('[data-testid=enterprise-name]', '爱克米企业');
    await admin.fill('[data-testid=enterprise-english-name]', 'Acme E2E');
    await admin.fill('[data-testid=enterprise-code]', 'Acme-E2E');
    await admin.fill('[data-testid=enterprise-manager]', 'boss@acme-e2e.com');
    await admin.fill('[data-testid=enterprise-expires]', '2099-12-31');
    await admin.check('[data-testid=enterprise-setting-hideTitle]');
    await admin.check('[data-testid=enterprise-setting-show_main_logo]');
    await chooseFile(admin, 'enterprise-large-logo', 'large.png');
    await chooseFile(admin, 'enterprise-small-logo', 'small.png');
    await admin.click('[data-testid=enterprise-form-submit]');

    const password = (await admin.locator('[data-testid=first-password-value]').textContent({ timeout: 30_000 }))!.trim();
    expect(password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d).{12}$/);
    await admin.click('[data-testid=first-password-close]');
    const row = admin.locator('[data-testid=enterprise-row][data-code=acme-e2e]');
    await row.waitFor();
    expect(await row.textContent()).toContain('boss@acme-e2e.com');
    expect(await row.locator('img').count()).toBe(1); // the small logo beside the name

    // The manager's login page: a fresh browser context, nobody logged in.
    const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/acme-e2e');
    await page.waitForSelector('[data-testid=login-page]', { timeout: 15_000 });
    // hideTitle: the site's own (English, in an English browser) name instead of the product's.
    await expect.poll(() => page.title()).toBe('Log in – Acme E2E');
    const brand = page.locator('[data-testid=site-brand]');
    expect(await brand.textContent()).toContain('Acme E2E');
    await expect.poll(() => loadedImage(page, '[data-testid=site-brand] img')).toBe(true);
    expect(await page.getAttribute('[data-testid=site-brand] img', 'src')).toMatch(/^\/api\/v1\.0\/site\/logo\/\d+\/large$/);
    await expect.poll(() => loadedImage(page, '[data-testid=main-site-logo]')).toBe(true);

    await page.fill('input[name=account]', 'boss@acme-e2e.com');
    await page.fill('input[name=password]', password);
    await page.click('[data-testid=login-submit]');
    // Accounts made by an administrator agree the terms at their first login.
    await page.locator('[data-testid=terms-dialog-submit]').click({ timeout: 15_000 });
    await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    // Inside, the small logo and the site's title rule follow the user's site.
    await expect.poll(() => page.title()).toMatch(/ – Acme E2E$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^ey/);

    // The manager adds a member of the enterprise.
    await page.goto('/alluser');
    await page.waitForSelector('[data-testid=all-users-page]', { timeout: 15_000 });
    await page.click('[data-testid=user-add]');
    await page.fill('[data-testid=user-form-account]', 'member@acme-e2e.com');
    await page.fill('[data-testid=user-form-username]', 'Member');
    await page.fill('[data-testid=user-form-password]', 'First1234');
    await page.click('[data-testid=user-form-dialog-submit]');
    await page.locator('[data-testid=user-row]', { hasText: 'member@acme-e2e.com' }).first().waitFor({ timeout: 15_000 });
    await context.close();

    // The member's first login there: the first password is replaced, the terms agreed.
    const memberContext = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });
    const member = await memberContext.newPage();
    member.on('pageerror', (err) => errors.push(err.message));
    await member.goto('/acme-e2e');
    await member.fill('input[name=account]', 'member@acme-e2e.com');
    await member.fill('input[name=password]', 'First1234');
    await member.click('[data-testid=login-submit]');
    // Each step the login asks for (the terms, then a password of the member's own) until inside.
    const step = member.locator('[data-testid=main-layout], [data-testid=terms-dialog-submit], [data-testid=new-password]').first();
    for (let asked = 0; asked < 4; asked++) {
      await step.waitFor({ timeout: 15_000 });
      const what = await step.getAttribute('data-testid');
      if (what === 'main-layout') break;
      if (what === 'terms-dialog-submit') await step.click();
      else {
        await member.fill('[data-testid=new-password]', 'Member5678');
        await member.fill('[data-testid=new-password-confirm]', 'Member5678');
        await member.click('[data-testid=new-password-dialog-submit]');
      }
      await member.locator(`[data-testid=${what}]`).waitFor({ state: 'detached', timeout: 15_000 });
    }
    await member.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
    await expect.poll(() => member.title()).toMatch(/ – Acme E2E$/);
    await memberContext.close();

    // The administrator sees the manager's addition and the member's sign-in in the system log.
    await admin.goto('/systemlog?actor=acme-e2e.com');
    await admin.waitForSelector('[data-testid=system-log-page]', { timeout: 15_000 });
    const rows = admin.locator('[data-testid=system-log-row]');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-action'))))
      .toEqual(expect.arrayContaining(['user.create', 'sign_in']));
    expect(await admin.locator('[data-testid=system-log-row][data-action="user.create"]').first().textContent()).toContain(
      'boss@acme-e2e.com',
    );
    expect(await admin.locator('[data-testid=system-log-row][data-action=sign_in]').first().textContent()).toContain('member@acme-e2e.com');
    // And on /home: the admin, the manager and the member are users, and both new ones were active today.
    await admin.goto('/home');
    await admin.waitForSelector('[data-testid=home-page]', { timeout: 15_000 });
    const figure = async (id: string) => Number(((await admin.textContent(`[data-testid=home-value-${id}]`)) ?? '').replace(/\D/g, ''));
    await expect.poll(() => figure('users-total')).toBeGreaterThanOrEqual(3);
    expect(await figure('users-active')).toBeGreaterThanOrEqual(3);

    expect(errors).toEqual([]);
    await admin.context().close();
  }, 180_000);
});
