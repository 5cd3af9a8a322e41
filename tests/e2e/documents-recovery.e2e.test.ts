/**
 * The document screens as a new user meets their limits and mistakes, in a real browser against
 * the whole platform (tiny en-us <-> zh-cn models): the characters left and how the cost is
 * counted are shown before anything starts; a pair no engine serves cannot be chosen; an empty
 * file is refused in one sentence naming it once; stopping a running task asks first (Enter
 * confirms), keeps it in My Documents as interrupted, and "Start again" runs it to done. The
 * screens changed here are also checked at 412 x 915 for sideways overflow.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { grantPlan } from '@mtp/billing';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';
import { adminOnFileScreen } from './doc-page-support';
import { offScreen } from './phone-support';

const suite = useBrowserSuite();

const rowStatuses = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

describe('document screens: limits and mistakes before work, stop and start again', () => {
  it('shows the characters left and the cost rule, blocks unserved pairs, refuses an empty file in one sentence', async () => {
    const page = await adminOnFileScreen(suite);
    await expect.poll(() => page.locator('[data-testid=remaining-chars]').textContent()).toMatch(/\d/);
    expect(await page.locator('[data-testid=doc-cost-note]').textContent()).toContain('costs nothing');

    // No engine serves en-us -> ja on the test models: marked, and not selectable.
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    const ja = page.locator('[data-testid=doc-tgt-lang] option[value=ja]');
    await expect.poll(() => ja.isDisabled()).toBe(true);
    expect(await ja.textContent()).toContain('(not available)');
    expect(await page.locator('[data-testid=doc-tgt-lang] option[value=zh-cn]').isDisabled()).toBe(false);

    await page.setInputFiles('[data-testid=doc-file-input]', [{ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    const refusal = page.locator('[data-testid=doc-refused] [data-reason=empty]');
    expect(await refusal.textContent()).toBe('empty.txt is empty, so there is nothing to translate');
    expect(await page.locator('[data-testid=doc-chosen-file]').count()).toBe(0);

    // A file of blanks is only found empty by the worker: its message names nothing twice.
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    await page.setInputFiles('[data-testid=doc-file-input]', [
      { name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from(' \n\n ') },
    ]);
    await page.click('[data-testid=doc-upload]');
    const message = page.locator('[data-testid=doc-file-message]');
    await expect.poll(() => message.textContent(), { timeout: 60_000 }).toBe('The file has no text to translate');
    expect(((await page.locator('[data-testid=doc-file-row]').textContent()) ?? '').split('blank.txt')).toHaveLength(2);
    await page.context().close();
  }, 120_000);

  it('asks before stopping, keeps the task interrupted in My Documents, and starts it again to done', async () => {
    // The five long files below cost more than the free plan's 100,000 characters.
    const { db } = suite.platform.platform.database;
    const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [E2E_ADMIN.account]);
    await grantPlan(db, { userId: rows[0]!.user_id, sku: 'standard-m' });
    const page = await adminOnFileScreen(suite);
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    // Five files of 19,000 sentences (a text file may hold 20,000 words), so the tiny models are
    // still translating while the dialog is answered, even on an idle machine.
    const text = Buffer.from(Array.from({ length: 19_000 }, (_, i) => ['one', 'two', 'three', 'four'][i % 4]).join('\n'));
    const names = ['long1.txt', 'long2.txt', 'long3.txt', 'long4.txt', 'long5.txt'];
    await page.setInputFiles(
      '[data-testid=doc-file-input]',
      names.map((name) => ({ name, mimeType: 'text/plain', buffer: text })),
    );
    await page.click('[data-testid=doc-upload]');
    await page.waitForSelector('[data-testid=doc-translate-page][data-phase=translating]', { timeout: 30_000 });

    // Asks first; "Keep translating" changes nothing.
    await page.click('[data-testid=doc-reset]');
    await page.click('[data-testid=doc-confirm-interrupt-cancel]');
    await page.waitForSelector('[data-testid=doc-confirm-interrupt]', { state: 'detached' });
    expect(await page.getAttribute('[data-testid=doc-translate-page]', 'data-phase')).toBe('translating');
    // Enter in the dialog confirms.
    await page.click('[data-testid=doc-reset]');
    await page.waitForSelector('[data-testid=doc-confirm-interrupt]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=doc-translate-page][data-phase=interrupted]');
    await expect.poll(() => rowStatuses(page, 'doc-file-row'), { timeout: 30_000 }).toEqual(names.map(() => 'interrupted'));
    expect(await page.locator('[data-testid=doc-start-again]').isVisible()).toBe(true);

    // One of them started again from My Documents.
    await page.goto('/myfile?keyword=long1');
    await page.waitForSelector('[data-testid=my-files-page]');
    await expect.poll(() => rowStatuses(page, 'my-file-row'), { timeout: 30_000 }).toEqual(['interrupted']);
    await page.click('[data-testid=my-file-start-again]');
    await expect.poll(() => rowStatuses(page, 'my-file-row'), { timeout: 200_000 }).toEqual(['done']);
    expect(await page.locator('[data-testid=my-file-download]').count()).toBe(1);
    await page.context().close();
  }, 300_000);

  it('fits a 412 x 915 phone: /file and My Documents with a started-again file', async () => {
    const page = await adminOnFileScreen(suite, { width: 412, height: 915 });
    expect(await page.evaluate(offScreen)).toEqual([]);
    await page.goto('/myfile');
    await page.waitForSelector('[data-testid=my-files-page]');
    await expect.poll(() => page.locator('[data-testid=my-file-row]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(offScreen)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
