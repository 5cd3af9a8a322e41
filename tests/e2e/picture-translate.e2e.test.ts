/**
 * Picture translation in a real browser against the whole platform (issue 22 item 1): a picture
 * of known English text is pasted (Ctrl+V, as a screenshot would be), translated by the real
 * document worker and the test MT models, shown beside the original with its line pairs listed;
 * hovering a line outlines it on both pictures, editing a translation draws the picture again,
 * and the translated picture downloads as PNG and as JPG.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminPage, useBrowserSuite } from '../support/browser-suite';
import { offScreen } from './phone-support';

const suite = useBrowserSuite();
const LINES = ['Machine translation', 'Hello world'];

/** Ctrl+V of a screenshot: a paste event carrying an image file (no name of its own), drawn
 * by the browser's own canvas from known text. */
async function pastePicture(page: Page): Promise<void> {
  await page.evaluate(async (lines) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 64 * lines.length + 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#000';
    ctx.font = '40px sans-serif';
    ctx.textBaseline = 'top';
    lines.forEach((line, i) => ctx.fillText(line, 30, 20 + i * 64));
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'image', { type: 'image/png' }));
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data }));
  }, LINES);
}

describe('picture translation in the browser', () => {
  it('translates a pasted picture, lists its lines, highlights on hover, re-renders an edit and downloads it', async () => {
    const page = await adminPage(suite);
    await page.goto('/picturetranslate');
    await page.waitForSelector('[data-testid=picture-translate-page]', { timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid=picture-pair] option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.selectOption('[data-testid=picture-pair]', 'en-us>zh-cn');
    await pastePicture(page);
    await page.click('[data-testid=picture-translate]');
    await page.waitForSelector('[data-testid=picture-translate-page][data-phase=done]', { timeout: 60_000 });

    const rows = page.locator('[data-testid=picture-line]');
    expect(await rows.count()).toBe(LINES.length);
    expect((await rows.first().locator('td').first().textContent())?.trim()).toBe(LINES[0]);
    expect(await page.locator('[data-testid=picture-result-box]').count()).toBe(LINES.length);

    await rows.nth(1).hover();
    await expect.poll(() => page.locator('[data-testid=picture-original-box][data-hovered]').count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid=picture-result-box][data-hovered]').count()).toBe(1);

    // Editing a translation draws the picture again (the server re-renders it; nothing charged).
    const translatedSrc = () => page.locator('[data-testid=picture-result] img').getAttribute('src');
    const before = await translatedSrc();
    const edit = rows.first().locator('[data-testid=picture-line-edit]');
    await edit.fill('EDITED');
    await edit.press('Enter');
    await expect.poll(translatedSrc, { timeout: 30_000 }).not.toBe(before);
    await page.waitForSelector('[data-testid=picture-translate-page][data-phase=done]');
    expect(await rows.first().locator('[data-testid=picture-line-edit]').inputValue()).toBe('EDITED');

    const [png] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=picture-download]')]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    expect((await readFile((await png.path())!)).subarray(1, 4).toString('ascii')).toBe('PNG');
    const [jpg] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=picture-download-jpg]')]);
    expect(jpg.suggestedFilename()).toMatch(/\.jpg$/);
    expect([...(await readFile((await jpg.path())!)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  }, 120_000);

  it('fits a 360 px phone with both pictures and the lines shown, in both languages', async () => {
    for (const lang of ['en_US', 'zh_CN']) {
      const page = await adminPage(suite, { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/picturetranslate');
      await page.waitForSelector('[data-testid=picture-translate-page]', { timeout: 15_000 });
      await expect.poll(() => page.locator('[data-testid=picture-pair] option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await pastePicture(page);
      await page.click('[data-testid=picture-translate]');
      await page.waitForSelector('[data-testid=picture-line]', { timeout: 60_000 });
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(offScreen)).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
