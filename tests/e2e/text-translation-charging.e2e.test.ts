/**
 * The text screen as a new user meets it, on one platform with the committed tiny models
 * ("twenty one" <-> "二十一"): a Chinese interface's English under "Detect" comes back in
 * Chinese, whether langid or the server's 40016 found the language; a logged-in user typing at
 * human speed is charged the sentence's length once (read from the ledger); a chosen source the
 * text plainly contradicts is held back uncharged; unavailable pairs cannot be chosen; and the
 * phone page's language selects show whole names from 360 to 430 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { ANSWER, IPHONE_UA, TEST_TIMEOUT, loginAdmin, newTrackedPage, sel, text } from './text-page-support';
import { E2E_ADMIN } from '../support/running-platform';

const suite = useBrowserSuite();

/** What the ledger charged the admin (settled) and how many reservations are still open. */
async function adminLedger(): Promise<{ charged: number; open: number }> {
  const { rows } = await suite.platform.platform.database.db.query<{ charged: string; open: string }>(
    `SELECT coalesce(sum(r.chars_charged) FILTER (WHERE r.state = 'settled'), 0) AS charged,
            count(*) FILTER (WHERE r.state = 'reserved') AS open
       FROM quota_reservations r JOIN users u ON u.user_id = r.user_id WHERE u.account = $1`,
    [E2E_ADMIN.account],
  );
  return { charged: Number(rows[0]!.charged), open: Number(rows[0]!.open) };
}

/** The ledger once nothing is in flight on the page or open on the server. */
async function settledLedger(page: Page) {
  await expect
    .poll(async () => (await page.locator(sel('translating')).count()) === 0 && (await adminLedger()).open === 0, ANSWER)
    .toBe(true);
  return adminLedger();
}

describe('text translation for a new user', () => {
  it(
    'turns a Chinese interface’s English under Detect into Chinese, by langid and by the server’s 40016',
    async () => {
      const { page } = await newTrackedPage(suite, 'zh-CN');
      await page.goto('/');
      await page.waitForSelector(sel('text-translate-page'));
      expect(await page.inputValue(sel('src-lang'))).toBe('auto');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('en-us');
      await page.locator(sel('source-text')).pressSequentially('twenty one', { delay: 40 });
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('二十一');
      expect(await text(page, 'auto-target-notice')).toBe('检测到英语，将翻译为中文(简体)');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('zh-cn');
      expect(await text(page, 'same-lang-notice')).toBe('');

      // Without the early langid, the server's 40016 answer turns the target the same way.
      await page.click(sel('clear-source'));
      await page.route('**/api/v1.0/langid', (route) => route.abort());
      await page.locator(sel('source-text')).pressSequentially('twenty two', { delay: 40 });
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('二十二');
      expect(await text(page, 'auto-target-notice')).toContain('检测到英语');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'charges typing at human speed once, holds back a contradicted source uncharged, and refuses unavailable pairs',
    async () => {
      const { page, calls } = await newTrackedPage(suite, 'en-US');
      await loginAdmin(page);
      await page.selectOption(sel('src-lang'), 'en-us');
      await page.selectOption(sel('tgt-lang'), 'zh-cn');

      // Unavailable pairs (no model for Japanese, Korean, Russian) are marked and disabled.
      await expect.poll(() => page.isDisabled(`${sel('tgt-lang')} option[value=ja]`), ANSWER).toBe(true);
      expect(await page.textContent(`${sel('tgt-lang')} option[value=ja]`)).toBe('Japanese (not available)');
      expect(await page.isDisabled(`${sel('tgt-lang')} option[value=zh-cn]`)).toBe(false);

      // Typed key by key with pauses that let translations land in between: paid once.
      const start = await settledLedger(page);
      await page.click(sel('source-text'));
      for (const part of ['twenty one', ' thousand', ' and five']) {
        const sent = calls.filter((c) => c === 'text/translate').length;
        await page.keyboard.type(part, { delay: 120 });
        await expect.poll(() => calls.filter((c) => c === 'text/translate').length, ANSWER).toBeGreaterThan(sent);
        await settledLedger(page);
      }
      const typed = 'twenty one thousand and five';
      expect(await page.inputValue(sel('source-text'))).toBe(typed);
      expect((await settledLedger(page)).charged - start.charged).toBe(typed.length);

      // English under a chosen Chinese source: held back before anything is sent or charged.
      await page.click(sel('clear-source'));
      await page.selectOption(sel('src-lang'), 'zh-cn');
      await page.selectOption(sel('tgt-lang'), 'en-us');
      const before = await settledLedger(page);
      const sentBefore = calls.filter((c) => c === 'text/translate').length;
      await page.locator(sel('source-text')).fill('twenty one thousand and five hundred');
      await expect.poll(() => text(page, 'source-mismatch-notice'), ANSWER).toContain('This looks like English, not Chinese (Simplified)');
      expect(calls.filter((c) => c === 'text/translate').length).toBe(sentBefore);
      expect(await text(page, 'target-text')).toBe('');
      expect((await settledLedger(page)).charged).toBe(before.charged);
      // One click: English becomes the source (the languages trade places) and it translates.
      await page.click(sel('use-detected-source'));
      expect(await page.inputValue(sel('src-lang'))).toBe('en-us');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('zh-cn');
      await expect.poll(() => text(page, 'target-text'), ANSWER).not.toBe('');
      expect(await text(page, 'source-mismatch-notice')).toBe('');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'shows whole language names in the phone page’s selects from 360 to 430 px',
    async () => {
      const { page } = await newTrackedPage(suite, 'en-US', {
        userAgent: IPHONE_UA,
        viewport: { width: 412, height: 844 },
        hasTouch: true,
      });
      await page.goto('/mobiletranslate');
      await page.waitForSelector(sel('mobile-translate-page'));
      await page.selectOption(sel('tgt-lang'), 'zh-cn');
      for (const width of [360, 412, 430]) {
        await page.setViewportSize({ width, height: 844 });
        for (const id of ['src-lang', 'tgt-lang']) {
          // The selected name, in the select's own font, fits inside its padding.
          const fits = await page.locator(sel(id)).evaluate((el: HTMLSelectElement) => {
            const s = getComputedStyle(el);
            const ctx = document.createElement('canvas').getContext('2d')!;
            ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const needed = ctx.measureText(el.selectedOptions[0]!.text).width + parseFloat(s.paddingLeft) + parseFloat(s.paddingRight);
            return { needed, has: el.clientWidth };
          });
          expect(fits.needed, `${id} at ${width}px`).toBeLessThanOrEqual(fits.has);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});
