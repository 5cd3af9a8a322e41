/**
 * A new free user's translation memory in a real browser against the whole platform: Enter
 * creates the bank; the entries the free plan still allows (5 per bank) show before anything is
 * refused and go down after an entry is added; a broken file's refusal shows inside the import
 * dialog, which stays open, in the UI's one language (English and Chinese screens), and a good
 * file then imports from the same dialog; at 412 x 915 the screen does not scroll sideways and
 * the entries are cards with their actions in reach.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();
const suffix = Date.now() % 100000;
const USER = { account: `limits${suffix}@example.com`, username: 'Lim', password: 'Passw0rd1' };
const BANK = `Memory ${suffix}`;
const BROKEN_TMX = '<tmx><body>\n<tu><tuv xml:lang="zh-cn"><seg>x</seg></tuv>\n<tuv xml:lang="en"><seg>y</tuv></tu>\n</body></tmx>';
const BROKEN_CSV = '一,One\n"二,Two\n三,Three\n';

/** Registers through the real endpoints. */
beforeAll(async () => {
  await registerThroughApi(suite, USER);
});

async function openMemories(locale: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await suite.browser.newContext({ locale, viewport, baseURL: suite.platform.url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.fill('input[name=account]', USER.account);
  await page.fill('input[name=password]', USER.password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
  await page.goto('/mymemorybank');
  await page.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });
  return page;
}

const chooseBank = (page: Page) => page.locator('[data-testid=bank-item]', { hasText: BANK }).locator('[data-testid=bank-select]').click();

/** Imports a broken file, expects its refusal inside the open dialog, then imports a good file there. */
async function importBrokenThenGood(page: Page, broken: { name: string; text: string }, good: string): Promise<string> {
  await page.click('[data-testid=import-open]');
  const dialog = page.locator('[data-testid=import-form]');
  await dialog.locator('[data-testid=import-limit]').waitFor();
  await page.setInputFiles('[data-testid=import-file]', { name: broken.name, mimeType: 'text/plain', buffer: Buffer.from(broken.text) });
  await page.click('[data-testid=import-submit]');
  const error = dialog.locator('[data-testid=import-error]');
  await error.waitFor({ timeout: 15_000 });
  const message = (await error.textContent()) ?? '';
  await page.setInputFiles('[data-testid=import-file]', { name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  expect(await error.count()).toBe(0);
  await page.click('[data-testid=import-submit]');
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  return message;
}

describe('a free user’s memory bank', () => {
  it('creates with Enter, shows the entries left, and keeps an English import refusal in the dialog', async () => {
    const page = await openMemories('en-US');
    await page.click('[data-testid=create-bank]');
    await page.selectOption('[data-testid=bank-src-lang]', 'zh-cn');
    await page.selectOption('[data-testid=bank-tgt-lang]', 'en-us');
    await page.fill('[data-testid=bank-name]', BANK);
    await page.press('[data-testid=bank-name]', 'Enter');
    await page.locator('[data-testid=bank-item]', { hasText: BANK }).waitFor({ timeout: 10_000 });
    await chooseBank(page);

    const left = page.locator('[data-testid=entries-left]');
    await expect.poll(() => left.textContent(), { timeout: 10_000 }).toBe('5 of 5 entries left');
    await page.click('[data-testid=add-entry]');
    await page.fill('[data-testid=entry-source]', '你好');
    await page.fill('[data-testid=entry-target]', 'Hello');
    await page.press('[data-testid=entry-note]', 'Enter');
    await expect.poll(() => left.textContent(), { timeout: 10_000 }).toBe('4 of 5 entries left');

    const message = await importBrokenThenGood(page, { name: 'broken.tmx', text: BROKEN_TMX }, '一,One\n');
    expect(message).toContain('File parsing failed');
    expect(message).not.toMatch(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/);
    await expect.poll(() => left.textContent(), { timeout: 10_000 }).toBe('3 of 5 entries left');
    await page.context().close();
  }, 90_000);

  it('says a refusal in Chinese alone on a Chinese screen', async () => {
    const page = await openMemories('zh-CN');
    await chooseBank(page);
    const message = await importBrokenThenGood(page, { name: 'broken.csv', text: BROKEN_CSV }, '二,Two\n');
    expect(message).toContain('文件解析失败');
    // Only Chinese, numbers and punctuation: no English tail, no parser words.
    expect(message.replace(/CSV/g, '')).not.toMatch(/[A-Za-z]/);
    await expect.poll(() => page.locator('[data-testid=entries-left]').textContent(), { timeout: 10_000 }).toContain('2');
    await page.context().close();
  }, 90_000);

  it('fits a 412 px phone: no sideways scrolling, entries as cards with their actions in reach', async () => {
    const page = await openMemories('en-US', { width: 412, height: 915 });
    await chooseBank(page);
    const cards = page.locator('[data-testid=entry-cards] [data-testid=entry-row]');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('[data-testid=entry-table]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const id of ['edit-entry', 'delete-entry', 'add-entry', 'import-open', 'rename-bank', 'delete-bank']) {
      const box = await page.locator(`[data-testid=${id}]`).first().boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(412);
    }
    await page.locator('[data-testid=edit-entry]').first().click();
    await page.locator('[data-testid=entry-form]').waitFor();
    await page.context().close();
  }, 90_000);
});
