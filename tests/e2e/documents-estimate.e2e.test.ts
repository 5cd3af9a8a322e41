/**
 * The cost of a document batch before it starts, in a real browser against the whole platform
 * (tiny en-us <-> zh-cn models): choosing files shows "Estimated cost: N characters · M left",
 * counted by a document worker exactly as the task then reserves it; a file the worker would
 * refuse is named with its message before the upload; changing the source language asks again
 * (the latest answer shown). Checked at 412 x 915 for sideways overflow.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { adminOnFileScreen } from './doc-page-support';
import { offScreen } from './phone-support';

const suite = useBrowserSuite();

const estimateState = (page: Page) => page.getAttribute('[data-testid=doc-estimate]', 'data-state');

describe('document screen: the estimated cost before starting', () => {
  it('shows the count the task then reserves, and a refused file before the upload, on a phone', async () => {
    const page = await adminOnFileScreen(suite, { width: 412, height: 915 });
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    await expect.poll(() => page.locator('[data-testid=remaining-chars]').textContent()).toMatch(/\d/);
    await page.setInputFiles('[data-testid=doc-file-input]', [
      { name: 'numbers.txt', mimeType: 'text/plain', buffer: Buffer.from('twenty one\n\nthirty eight\n') },
      { name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from(' \n\n ') },
    ]);
    await expect.poll(() => estimateState(page), { timeout: 60_000 }).toBe('ready');
    const estimate = page.locator('[data-testid=doc-estimate]');
    expect(await estimate.getAttribute('data-total')).toBe('22');
    const left = Number(await estimate.getAttribute('data-left'));
    expect(await estimate.textContent()).toBe(`Estimated cost: 22 characters · ${left.toLocaleString('en-US')} left`);
    expect(await page.locator('[data-testid=doc-estimate-over]').count()).toBe(0);
    const refused = page.locator('[data-testid=doc-estimate-refused] [data-code="1211"]');
    expect(await refused.textContent()).toBe('blank.txt: The file has no text to translate');
    expect(await page.evaluate(offScreen)).toEqual([]);

    // Another source language is asked again; back to English, the answer is the same.
    await page.selectOption('[data-testid=doc-src-lang]', 'zh-cn');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'en-us');
    await expect.poll(() => estimateState(page), { timeout: 60_000 }).toBe('ready');
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    await expect.poll(() => estimate.getAttribute('data-total'), { timeout: 60_000 }).toBe('22');

    // Started: the good file reserves what was estimated; the estimate gives way to the task.
    await page.click('[data-testid=doc-remove-file] >> nth=1');
    await page.click('[data-testid=doc-upload]');
    await expect
      .poll(() => page.locator('[data-testid=doc-task-chars]').textContent(), { timeout: 60_000 })
      .toMatch(/^(Reserved: 22 characters|Characters: 22)$/);
    expect(await page.locator('[data-testid=doc-estimate]').count()).toBe(0);
    await page.context().close();
  }, 180_000);
});
