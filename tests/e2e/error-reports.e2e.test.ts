/**
 * Error reports in a real browser against the whole platform (issue 20 item 6): a user translates
 * "twenty one" with the tiny model ("二十一"), reports it from the text screen with the proposal
 * "廿一"; the administrator filters /error-reports, adds the proposal to a system memory of the
 * pair (after a confirmation), and the user's same source then translates from that memory.
 * Desktop (1280 px) in English; the admin page and the report dialog at 360 and 430 px fit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, logInThroughPage, registerThroughApi, useBrowserSuite } from '../support/browser-suite';
import { offScreen } from './phone-support';
import { ANSWER, TEST_TIMEOUT, sel, text } from './text-page-support';

const suite = useBrowserSuite();
const USER = { account: 'reporter@example.com', username: 'reporter', password: 'Report12345' };
const MEMORY = 'Reported fixes';

async function newPage(width: number, height: number): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, viewport: { width, height } });
  return context.newPage();
}

async function translate(page: Page, value: string, expected: string): Promise<void> {
  await page.fill(sel('source-text'), '');
  await page.fill(sel('source-text'), value);
  await expect.poll(() => text(page, 'target-text'), ANSWER).toBe(expected);
}

async function openReports(page: Page, query = ''): Promise<void> {
  await page.goto(`/error-reports${query}`);
  await page.waitForSelector(sel('error-reports-page'), { timeout: 15_000 });
}

describe('error reports', () => {
  it(
    'a user reports from the text screen; the admin filters, adds the proposal to a system memory; the source then comes from it',
    async () => {
      await registerThroughApi(suite, USER);
      const user = await newPage(1280, 900);
      await logInThroughPage(user, USER.account, USER.password);
      await user.waitForSelector(sel('text-translate-page'), { timeout: 15_000 });
      await user.selectOption(sel('src-lang'), 'en-us');
      await user.selectOption(sel('tgt-lang'), 'zh-cn');
      await translate(user, 'twenty one', '二十一');

      await user.click(sel('report-error'));
      await user.waitForSelector(sel('report-error-dialog-submit'));
      expect(await user.inputValue(sel('report-source'))).toBe('twenty one');
      expect(await user.locator(sel('report-source')).getAttribute('readonly')).not.toBeNull();
      expect(await user.inputValue(sel('report-output'))).toBe('二十一');
      expect(await user.inputValue(sel('report-proposal'))).toBe('二十一');
      await user.selectOption(sel('report-type'), '3');
      await user.fill(sel('report-proposal'), '廿一');
      await user.click(sel('report-error-dialog-submit'));
      await user.getByText('Thank you: your report has been sent.').waitFor();

      // The administrator: a system memory of the pair, then the page, filtered.
      const admin = await newPage(1280, 900);
      await logInThroughPage(admin);
      const token = (await admin.evaluate(() => localStorage.getItem('authToken')))!;
      await apiCall(
        suite,
        'tm_term_library/create',
        { flag: 0, name: MEMORY, src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
        token,
      );
      await openReports(admin);
      await admin.selectOption(sel('error-reports-status'), 'open');
      await admin.selectOption(sel('error-reports-type'), '3');
      await admin.fill(sel('error-reports-keyword'), 'twenty');
      await admin.click(sel('error-reports-search'));
      await expect.poll(() => admin.url()).toContain('keyword=twenty');
      await expect.poll(() => admin.locator(sel('error-report-row')).count()).toBe(1);
      const row = admin.locator(sel('error-report-row')).first();
      expect(await row.textContent()).toContain(USER.account);
      expect(await row.textContent()).toContain('Terminology');

      await row.locator(sel('error-report-to-memory')).click();
      await admin.waitForSelector(sel('to-memory-bank'));
      expect(await admin.locator(`${sel('to-memory-bank')} option:checked`).textContent()).toBe(MEMORY);
      expect(await text(admin, 'to-memory-confirm')).toContain('“twenty one” → “廿一”');
      await admin.click(sel('to-memory-dialog-submit'));
      await admin.getByText(`Added to ${MEMORY}`).waitFor();
      // Resolved now: it leaves the list of open reports, and shows among the resolved ones.
      await expect.poll(() => admin.locator(sel('error-report-row')).count()).toBe(0);
      await admin.selectOption(sel('error-reports-status'), 'resolved');
      await admin.click(sel('error-reports-search'));
      await expect.poll(() => text(admin, 'error-report-in-memory')).toBe(`In memory: ${MEMORY}`);
      expect(await row.getAttribute('data-status')).toBe('resolved');

      // The same source now comes from the system memory.
      await user.click(sel('clear-source'));
      await expect.poll(() => text(user, 'target-text')).toBe('');
      await translate(user, 'twenty one', '廿一');
      expect(await text(user, 'tm-badge')).toContain('100');
    },
    TEST_TIMEOUT,
  );

  // After the first test: its user and its (resolved) report give the list a row.
  it(
    'fits 360 and 430 px screens: the admin list as cards, the report dialog',
    async () => {
      for (const width of [360, 430]) {
        const admin = await newPage(width, 800);
        await logInThroughPage(admin);
        await openReports(admin);
        await admin.locator(sel('error-report-row')).first().waitFor();
        expect(await admin.evaluate(offScreen)).toEqual([]);

        const user = await newPage(width, 800);
        await logInThroughPage(user, USER.account, USER.password);
        await user.waitForSelector(sel('text-translate-page'), { timeout: 15_000 });
        await user.selectOption(sel('src-lang'), 'en-us');
        await user.selectOption(sel('tgt-lang'), 'zh-cn');
        await translate(user, 'fifty eight', '五十八');
        await user.click(sel('report-error'));
        await user.waitForSelector(sel('report-error-dialog-submit'));
        const box = await user.locator('.mantine-Modal-content').boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
        expect(await user.evaluate(offScreen)).toEqual([]);
        await user.context().close();
        await admin.context().close();
      }
    },
    TEST_TIMEOUT,
  );
});
