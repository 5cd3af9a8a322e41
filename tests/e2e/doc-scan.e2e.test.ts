/**
 * Document scan in a real browser against the whole platform (issue 21): upload a real Chinese
 * document, see its candidate terms in pages of 10, type a translation, choose two terms, create a
 * termbase, come back to the scan (the page keeps it), add the two terms, and find them in the
 * termbase.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { adminPage, useBrowserSuite } from '../support/browser-suite';
import { offScreen } from './phone-support';

const suite = useBrowserSuite();
const FIXTURE = new URL('../../../shared/fixtures/real/docx/stress009_zh.docx', import.meta.url);

describe('document scan in the browser', () => {
  it('scans a document, reviews its terms and adds two to a new termbase', async () => {
    const page = await adminPage(suite);
    await page.goto('/docScan');
    await page.waitForSelector('[data-testid=doc-scan-page]', { timeout: 15_000 });
    await page.selectOption('[data-testid=doc-scan-pair]', 'zh-cn>en-us');
    await page.setInputFiles('[data-testid=doc-file-input]', {
      name: 'stress009_zh.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await readFile(FIXTURE),
    });
    await page.click('[data-testid=doc-scan-upload]');
    await page.waitForSelector('[data-testid=doc-scan-task][data-status=done]', { timeout: 90_000 });

    // Pages of 10, best first; the second page holds other terms.
    const rows = page.locator('[data-testid=doc-scan-row]');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(10);
    const firstPage = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-term')));
    await page.locator('[data-testid=doc-scan-pages] button', { hasText: /^2$/ }).click();
    await expect.poll(() => rows.first().getAttribute('data-term'), { timeout: 10_000 }).not.toBe(firstPage[0]);
    const secondPage = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-term')));
    expect(secondPage.some((term) => firstPage.includes(term))).toBe(false);
    await page.locator('[data-testid=doc-scan-pages] button', { hasText: /^1$/ }).click();
    await expect.poll(() => rows.first().getAttribute('data-term'), { timeout: 10_000 }).toBe(firstPage[0]);

    // Translate the first two terms in place and choose them.
    const [first, second] = [firstPage[0]!, firstPage[1]!];
    const row = (term: string) => page.locator(`[data-testid=doc-scan-row][data-term="${term}"]`);
    for (const [term, translation] of [
      [first, 'solid-state drive'],
      [second, 'firmware'],
    ] as const) {
      const input = row(term).locator('[data-testid=doc-scan-translation]');
      await input.fill(translation);
      await input.press('Enter');
      await row(term).locator('[data-testid=doc-scan-choose]').click();
      await expect.poll(() => row(term).getAttribute('data-chosen'), { timeout: 10_000 }).toBe('1');
    }
    await expect.poll(() => page.locator('[data-testid=doc-scan-add]').textContent(), { timeout: 10_000 }).toContain('(2)');

    // A new termbase of the pair, made on its own screen.
    const name = `Scan terms ${Date.now() % 100000}`;
    await page.goto('/mytermbank');
    await page.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });
    await page.click('[data-testid=create-bank]');
    await page.fill('[data-testid=bank-name]', name);
    await page.selectOption('[data-testid=bank-src-lang]', 'zh-cn');
    await page.selectOption('[data-testid=bank-tgt-lang]', 'en-us');
    await page.click('[data-testid=bank-save]');
    await page.locator('[data-testid=bank-item]', { hasText: name }).waitFor({ timeout: 10_000 });

    // Back on the scan page: the scan, its translations and choices are where they were.
    await page.goto('/docScan');
    await page.waitForSelector('[data-testid=doc-scan-task][data-status=done]', { timeout: 15_000 });
    expect(await row(first).locator('[data-testid=doc-scan-translation]').inputValue()).toBe('solid-state drive');
    expect(await row(second).getAttribute('data-chosen')).toBe('1');
    await page.click('[data-testid=doc-scan-add]');
    const dialog = page.locator('[data-testid=doc-scan-add-dialog]');
    await dialog.waitFor({ timeout: 10_000 });
    const bankId = await dialog.locator('[data-testid=doc-scan-termbase] option', { hasText: name }).getAttribute('value');
    await dialog.locator('[data-testid=doc-scan-termbase]').selectOption(bankId!);
    await dialog.locator('[data-testid=doc-scan-add-confirm]').click();
    await expect
      .poll(() => page.locator('.mantine-Notification-root').allTextContents(), { timeout: 10_000 })
      .toContain('Added 2, skipped 0');
    await expect.poll(() => row(first).locator('[data-testid=doc-scan-in-termbase]').count(), { timeout: 10_000 }).toBe(1);

    // The termbase has both terms with their translations.
    await page.goto('/mytermbank');
    await page.locator('[data-testid=bank-item]', { hasText: name }).locator('[data-testid=bank-select]').click();
    const table = page.locator('[data-testid=entry-table]');
    await expect.poll(() => page.locator('[data-testid=entry-row]').count(), { timeout: 10_000 }).toBe(2);
    const text = await table.textContent();
    for (const expected of [first, second, 'solid-state drive', 'firmware']) expect(text).toContain(expected);
    await page.context().close();
  });

  it('fits a 360 px phone with the scan’s table shown, in both languages', async () => {
    for (const lang of ['en_US', 'zh_CN']) {
      const page = await adminPage(suite, { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/docScan');
      await page.waitForSelector('[data-testid=doc-scan-row]', { timeout: 15_000 });
      await page.evaluate(() => document.fonts.ready);
      // The table scrolls inside its own box; nothing else leaves the screen.
      expect(await page.evaluate(offScreen)).toEqual([]);
      await page.context().close();
    }
  });
});
