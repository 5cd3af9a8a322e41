/**
 * Document translation in a real browser against the whole platform (tiny en-us -> zh-cn model):
 * choose two documents, upload them, watch the progress reach 100 and download both results.
 */
import { convertWithLibreOffice } from '@mtp/platform';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { adminPage, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

const loggedInPage = () => adminPage(suite, { acceptDownloads: true });

describe('document translation in the browser', () => {
  it('uploads two documents, follows the progress to 100 and downloads both', async () => {
    const docx = await convertWithLibreOffice(Buffer.from('twenty one\nthirty eight\n'), 'txt', 'docx');
    const page = await loggedInPage();
    await page.goto('/file');
    await page.waitForSelector('[data-testid=doc-translate-page]', { timeout: 15_000 });
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    await page.setInputFiles('[data-testid=doc-file-input]', [
      { name: 'numbers.txt', mimeType: 'text/plain', buffer: Buffer.from('fifty eight\n\none hundred\n') },
      {
        name: 'numbers.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx,
      },
    ]);
    await expect.poll(() => page.locator('[data-testid=doc-chosen-file]').count()).toBe(2);
    await page.click('[data-testid=doc-upload]');

    const progress = page.locator('[data-testid=doc-overall-progress]');
    await expect.poll(() => progress.getAttribute('data-score'), { timeout: 60_000 }).toBe('100');
    const rows = page.locator('[data-testid=doc-file-row]');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), { timeout: 10_000 })
      .toEqual(['done', 'done']);

    const texts: Record<string, Buffer> = {};
    for (const button of await page.locator('[data-testid=doc-download]').all()) {
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      texts[download.suggestedFilename()] = await readFile(await download.path());
    }
    expect(Object.keys(texts).sort()).toEqual(['numbers_zh-cn.docx', 'numbers_zh-cn.txt']);
    expect(texts['numbers_zh-cn.txt']!.toString('utf8')).toContain('五十八');
    expect(texts['numbers_zh-cn.txt']!.toString('utf8')).toContain('一百');
    // The docx is a zip; its document part holds the translations.
    expect(texts['numbers_zh-cn.docx']!.subarray(0, 2).toString()).toBe('PK');
    await page.context().close();
  });
});
