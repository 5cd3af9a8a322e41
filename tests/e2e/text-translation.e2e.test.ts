/**
 * Text translation in a real browser against the whole platform, whose MT worker runs the
 * committed tiny test models (workers/mt/test-models/models/): `zh-cn_en-us` turns Chinese
 * numerals into English number words ("三千四百" -> "three thousand four hundred") and
 * `en-us_zh-cn` the reverse ("twenty one" -> "二十一"). Typing goes through the keyboard so the
 * translate-as-you-type debounce runs as it does for a person.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { ANSWER, IPHONE_UA, TEST_TIMEOUT, loginAdmin, newTrackedPage, sel, text } from './text-page-support';

const suite = useBrowserSuite();

async function typeSource(page: Page, value: string) {
  await page.locator(sel('source-text')).pressSequentially(value, { delay: 40 });
}

/**
 * A paste: one input event with the whole value. (Playwright's fill types a many-line value
 * into Chromium's editor line by line, which takes tens of seconds for thousands of lines.)
 */
async function pasteSource(page: Page, value: string) {
  await page.locator(sel('source-text')).evaluate((el, v) => {
    const area = el as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, v);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const count = (calls: string[], path: string) => calls.filter((c) => c === path).length;

describe('text translation on /', () => {
  it(
    'translates a free user’s Chinese as they type, detects the language, switches target and swaps',
    async () => {
      const { page, calls } = await newTrackedPage(suite, 'en-US');
      await page.goto('/');
      await page.waitForSelector(sel('text-translate-page'));
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.inputValue(sel('src-lang'))).toBe('auto');
      expect(
        await page
          .locator(`${sel('src-lang')} option`)
          .first()
          .textContent(),
      ).toBe('Detect language');
      // Nothing detected yet: the swap waits for a language.
      expect(await page.isDisabled(sel('swap-langs'))).toBe(true);
      await page.selectOption(sel('tgt-lang'), 'en-us');

      await typeSource(page, '三千四百');
      expect(await text(page, 'char-counter')).toBe('4 / 5000');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('three thousand four hundred');
      await expect.poll(() => text(page, 'detected-lang')).toContain('Chinese');
      // Free users use the trial call; four keystrokes within the debounce make one request (two at most on a slow machine).
      expect(count(calls, 'try_translate')).toBeGreaterThanOrEqual(1);
      expect(count(calls, 'try_translate')).toBeLessThanOrEqual(2);
      expect(count(calls, 'text/translate')).toBe(0);
      expect(calls).toContain('langid');
      expect(await text(page, 'truncated-notice')).toBe('');

      // Chinese into Chinese under Detect: the target turns to English and the panel says so.
      await page.selectOption(sel('tgt-lang'), 'zh-cn');
      await expect.poll(() => text(page, 'auto-target-notice')).toBe('Detected Chinese (Simplified), translating into English');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('en-us');
      expect(await text(page, 'target-text')).toContain('three thousand four hundred');
      expect(await text(page, 'same-lang-notice')).toBe('');
      await page.selectOption(sel('tgt-lang'), 'en-us');
      await expect.poll(() => text(page, 'auto-target-notice')).toBe('');

      // Swap: the detected Chinese becomes the target and the translation the new source.
      expect(await page.isDisabled(sel('swap-langs'))).toBe(false);
      await page.click(sel('swap-langs'));
      expect(await page.inputValue(sel('src-lang'))).toBe('en-us');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('zh-cn');
      expect(await page.inputValue(sel('source-text'))).toContain('three thousand four hundred');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('三千四百');
      expect(await text(page, 'detected-lang')).toBe('');

      // The choice is remembered for the next visit.
      await page.reload();
      await page.waitForSelector(sel('text-translate-page'));
      expect(await page.inputValue(sel('src-lang'))).toBe('en-us');
      expect(await page.inputValue(sel('tgt-lang'))).toBe('zh-cn');

      // Clear empties both sides and sends nothing. (The typed text is kept per tab across a
      // reload, auth/kept-draft.ts: start from an empty box.)
      await page.locator(sel('source-text')).fill('');
      await typeSource(page, 'twenty one');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('二十一');
      const before = calls.length;
      await page.click(sel('clear-source'));
      expect(await page.inputValue(sel('source-text'))).toBe('');
      expect(await text(page, 'char-counter')).toBe('0 / 5000');
      expect(await text(page, 'target-text')).toBe('');
      await page.waitForTimeout(1000);
      expect(calls.slice(before).filter((c) => c === 'try_translate' || c === 'langid')).toEqual([]);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'shows a Chinese browser the page in Chinese and detects English',
    async () => {
      const { page, calls } = await newTrackedPage(suite, 'zh-CN');
      await page.goto('/');
      await page.waitForSelector(sel('text-translate-page'));
      await expect.poll(() => text(page, 'main-nav')).toContain('文本翻译');
      expect(
        await page
          .locator(`${sel('src-lang')} option`)
          .first()
          .textContent(),
      ).toBe('检测语言');
      expect(await page.textContent(sel('copy-result'))).toBe('复制');
      await page.selectOption(sel('tgt-lang'), 'zh-cn');

      await typeSource(page, 'twenty one');
      expect(await text(page, 'char-counter')).toBe('10 / 5000');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('二十一');
      await expect.poll(() => text(page, 'detected-lang')).toContain('英语');
      // Ten keystrokes, a debounced handful of requests at most.
      expect(count(calls, 'try_translate')).toBeLessThanOrEqual(2);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'copies the translation',
    async () => {
      const { page } = await newTrackedPage(suite, 'en-US');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.platform.url });
      await page.goto('/');
      await page.selectOption(sel('src-lang'), 'zh-cn');
      await page.selectOption(sel('tgt-lang'), 'en-us');
      await typeSource(page, '三千四百');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('three thousand four hundred');
      await page.click(sel('copy-result'));
      await expect.poll(() => page.textContent('body')).toContain('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('three thousand four hundred');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'counts past the limit in red and says only the first 5000 characters were translated',
    async () => {
      const { page } = await newTrackedPage(suite, 'en-US');
      await page.goto('/');
      await page.selectOption(sel('src-lang'), 'zh-cn');
      await page.selectOption(sel('tgt-lang'), 'en-us');
      const long = '二十一\n'.repeat(1260); // 5040 characters
      await pasteSource(page, long);
      await expect.poll(() => text(page, 'char-counter')).toBe('5040 / 5000');
      expect(await text(page, 'over-limit')).toContain('5000');
      await expect
        .poll(() => text(page, 'truncated-notice'), { timeout: 60_000, interval: 500 })
        .toContain('Only the first 5000 characters were translated');
      expect(await text(page, 'target-text')).toContain('twenty one');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'translates a logged-in user’s text with text/translate and reads the characters left',
    async () => {
      const { page, calls } = await newTrackedPage(suite, 'en-US');
      await loginAdmin(page);
      await page.selectOption(sel('tgt-lang'), 'en-us');
      const sentBefore = count(calls, 'user/remaining_str');
      await typeSource(page, '三千四百');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('three thousand four hundred');
      expect(count(calls, 'text/translate')).toBeGreaterThanOrEqual(1);
      expect(count(calls, 'try_translate')).toBe(0);
      // The characters left are read again after the translation.
      await expect.poll(() => count(calls, 'user/remaining_str')).toBeGreaterThan(sentBefore);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});

describe('mobile entry', () => {
  it(
    'sends an iPhone from / to the trial page, which translates; unknown paths follow, /login stays',
    async () => {
      const { page, calls } = await newTrackedPage(suite, 'en-US', {
        userAgent: IPHONE_UA,
        viewport: { width: 390, height: 844 },
        hasTouch: true,
      });
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/mobiletranslate');
      await page.waitForSelector(sel('mobile-translate-page'));
      await page.selectOption(sel('tgt-lang'), 'en-us');
      await typeSource(page, '三千四百');
      await expect.poll(() => text(page, 'target-text'), ANSWER).toContain('three thousand four hundred');
      await expect.poll(() => text(page, 'detected-lang')).toContain('Chinese');
      expect(count(calls, 'try_translate')).toBeGreaterThanOrEqual(1);

      await page.click(sel('register-link'));
      await page.waitForURL((url) => url.pathname === '/publicityRegister');
      await page.waitForSelector(sel('register-form'));

      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/mobiletranslate');
      await page.goto('/login');
      await page.waitForSelector(sel('login-page'));
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});
