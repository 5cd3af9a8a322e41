/**
 * The termbase screen in a real browser against the whole platform: create a termbase, add a
 * term (after the form refuses an empty one), import a CSV with upload progress, search with the
 * debounced box, and export the bank as CSV.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { adminPage, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

const loggedInPage = () => adminPage(suite, { acceptDownloads: true });

describe('my termbank in the browser', () => {
  it('creates a termbase, adds a term, imports a CSV, searches and exports', async () => {
    const page = await loggedInPage();
    await page.goto('/mytermbank');
    await page.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });

    // Create: the name is validated in the form first.
    const name = `E2E terms ${Date.now() % 100000}`;
    await page.click('[data-testid=create-bank]');
    await page.click('[data-testid=bank-save]');
    await expect.poll(() => page.locator('.mantine-Modal-content').textContent()).toContain('Please enter a name.');
    await page.fill('[data-testid=bank-name]', name);
    await page.selectOption('[data-testid=bank-src-lang]', 'en-us');
    await page.selectOption('[data-testid=bank-tgt-lang]', 'zh-cn');
    await page.click('[data-testid=bank-save]');
    const item = page.locator('[data-testid=bank-item]', { hasText: name });
    await item.waitFor({ timeout: 10_000 });
    await item.locator('[data-testid=bank-select]').click();

    // Add a term; an empty one is refused with the spec's message.
    const table = page.locator('[data-testid=entry-table]');
    await page.click('[data-testid=add-entry]');
    await page.click('[data-testid=entry-save]');
    await expect.poll(() => page.locator('.mantine-Modal-content').textContent()).toContain('Translation and source text cannot be empty');
    await page.fill('[data-testid=entry-source]', 'hello');
    await page.fill('[data-testid=entry-target]', '你好');
    await page.fill('[data-testid=entry-note]', 'greeting');
    await page.click('[data-testid=entry-save]');
    await expect.poll(() => table.textContent(), { timeout: 10_000 }).toContain('你好');

    // Import a CSV of two terms.
    await page.click('[data-testid=import-open]');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'terms.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('source,target,note\nworld,世界,\nmachine translation,机器翻译,field\n', 'utf8'),
    });
    await page.click('[data-testid=import-submit]');
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain('机器翻译');
    expect(await page.locator('[data-testid=entry-row]').count()).toBe(3);

    // Search (debounced): only the matching term stays.
    await page.fill('[data-testid=entry-search]', 'world');
    await expect.poll(() => page.locator('[data-testid=entry-row]').count(), { timeout: 10_000 }).toBe(1);
    expect(await table.textContent()).toContain('世界');
    await page.fill('[data-testid=entry-search]', '');
    await expect.poll(() => page.locator('[data-testid=entry-row]').count(), { timeout: 10_000 }).toBe(3);

    // Export the whole bank as CSV.
    await page.selectOption('[data-testid=export-format]', 'csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-submit]')]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text).toContain('hello');
    expect(text).toContain('世界');
    expect(text).toContain('机器翻译');
    await page.context().close();
  });
});
