/**
 * The Office add-in's task pane (office-addin/), served by the real platform at
 * /office-addin/index.html, driven in Chromium against a STAND-IN for Office.js
 * (tests/support/office-js-stand-in.js: Word and Excel cannot run here), signed in with an API
 * key created through the API, translating through the platform's real MT worker (the tiny
 * number-word models: English number words <-> Chinese numerals).
 * - Word: "Translate selection" replaces the text of the selected paragraphs only, each with
 *   insertText(…, 'Replace'), so their style and alignment stay; empty paragraphs and one
 *   holding a picture are left alone; "Translate document" then reaches the other paragraphs.
 * - Excel, in Chinese at 320 px: a wrong key answers the server's refusal in Chinese; then only
 *   the text cells are written, cell by cell: numbers, booleans and formulas stay as they were.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '@mtp/gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, registerThroughApi, useBrowserSuite } from '../support/browser-suite';
import { standInState, useOfficeStandIn, type StandInSetup } from '../support/office-stand-in';
import { ANSWER, TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();
let apiKey = '';

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'office-addin/dist/index.html')))
    throw new Error('office-addin/dist is missing: run `npm run build -w @mtp/office-addin` (npm test does)');
  const user = { account: 'office-addin-e2e@example.com', username: 'officeuser', password: 'Passw0rd1' };
  const { token } = await registerThroughApi(suite, user);
  ({ api_key: apiKey } = await apiCall<{ api_key: string }>(suite, 'app/keys', { name: 'Office add-in' }, token));
});

/** The task pane as Office opens it: a narrow frame, Office's display language. */
async function openPane(setup: StandInSetup): Promise<Page> {
  const context = await suite.browser.newContext({
    baseURL: suite.platform.url,
    locale: setup.displayLanguage,
    viewport: { width: 320, height: 720 },
  });
  await useOfficeStandIn(context, setup);
  const page = await context.newPage();
  await page.goto('/office-addin/index.html');
  await page.waitForSelector(`${sel('sign-in')}:not([hidden])`);
  return page;
}

async function signInWithKey(page: Page, key: string): Promise<void> {
  await page.fill(sel('api-key'), key);
  await page.click(sel('sign-in-submit'));
}

async function chooseLanguages(page: Page, src: string, tgt: string): Promise<void> {
  await page.waitForSelector(`${sel('tgt-lang')} option[value="${tgt}"]`, { state: 'attached' });
  await page.selectOption(sel('src-lang'), src);
  await page.selectOption(sel('tgt-lang'), tgt);
}

const statusText = (page: Page) => page.locator(sel('status')).textContent();

describe('the Office add-in task pane (Office.js stand-in)', () => {
  it(
    'translates the Word selection in place, keeping each paragraph and its formatting, then the whole document',
    async () => {
      const page = await openPane({
        host: 'Word',
        displayLanguage: 'en-US',
        paragraphs: [
          { text: 'five', style: 'Heading 1', alignment: 'Centered' },
          { text: 'three thousand four hundred', style: 'List Paragraph', alignment: 'Left', selected: true },
          { text: '   ', selected: true },
          { text: 'twenty one', style: 'Quote', alignment: 'Right', selected: true },
          { text: 'one hundred', style: 'Caption', selected: true, pictures: 1 },
          { text: 'seven', style: 'Normal', alignment: 'Justified' },
        ],
      });
      expect(await page.locator('h1').textContent()).toBe('MT Platform Translator');
      await signInWithKey(page, apiKey);
      await page.waitForSelector(`${sel('work')}:not([hidden])`);
      expect(await page.locator(sel('who')).textContent()).toBe('Signed in with an API key');
      expect(await page.isVisible(sel('translate-cells'))).toBe(false);
      await chooseLanguages(page, 'en-us', 'zh-cn');

      await page.click(sel('translate-selection'));
      await expect.poll(() => statusText(page), ANSWER).toContain('Done: 2 paragraphs translated.');
      expect(await statusText(page)).toContain('1 paragraphs with pictures were left as they were.');
      const after = await standInState(page);
      expect(after.paragraphs.map((p) => p.text)).toEqual(['five', '三千四百', '   ', '二十一', 'one hundred', 'seven']);
      // Formatting: every paragraph is still there with its style and alignment; the only writes
      // were text replacements of the two selected paragraphs that had text.
      expect(after.paragraphs.map((p) => [p.style, p.alignment])).toEqual([
        ['Heading 1', 'Centered'],
        ['List Paragraph', 'Left'],
        ['Normal', 'Left'],
        ['Quote', 'Right'],
        ['Caption', 'Left'],
        ['Normal', 'Justified'],
      ]);
      expect(after.calls).toEqual([
        { api: 'Paragraph.insertText', index: 1, location: 'Replace' },
        { api: 'Paragraph.insertText', index: 3, location: 'Replace' },
      ]);
      expect(await page.isHidden(sel('progress'))).toBe(true);

      await page.click(sel('translate-document'));
      await expect.poll(async () => (await standInState(page)).calls.length, ANSWER).toBe(6);
      const whole = await standInState(page);
      expect(whole.calls.slice(2).map((c) => c.index)).toEqual([0, 1, 3, 5]);
      expect(whole.paragraphs[0]).toMatchObject({ text: '五', style: 'Heading 1', alignment: 'Centered' });
      expect(whole.paragraphs[5]).toMatchObject({ text: '七', style: 'Normal', alignment: 'Justified' });
      expect(whole.paragraphs[4]!.text).toBe('one hundred');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'in Chinese at 320 px: refuses a wrong key in Chinese, then translates only the text cells of an Excel selection',
    async () => {
      const page = await openPane({
        host: 'Excel',
        displayLanguage: 'zh-CN',
        cells: [
          [
            { value: 'three', formula: 'three' },
            { value: 42, formula: 42 },
            { value: 'seven', formula: '=LOWER("SEVEN")' },
          ],
          [
            { value: '', formula: '' },
            { value: 'two hundred', formula: 'two hundred', numberFormat: '@' },
            { value: true, formula: true },
          ],
          // The selection goes on past the data (a whole column, say): only the used part is read.
          [
            { value: '', formula: '' },
            { value: '', formula: '' },
            { value: '', formula: '' },
          ],
        ],
      });
      expect(await page.locator('h1').textContent()).toBe('MT 平台翻译');
      await page.click(sel('sign-in-submit'));
      expect(await page.locator(sel('error')).textContent()).toBe('请输入 API 密钥，或账号和密码。');
      await signInWithKey(page, 'no-such-app:wrong-secret');
      await page.waitForSelector(`${sel('error')}:not(:empty)`);
      await expect.poll(() => page.locator(sel('error')).textContent(), ANSWER).toMatch(/[\u4e00-\u9fff]/);
      expect(await page.locator(sel('error')).textContent()).not.toMatch(/Error|stack|at /);
      expect(await page.isVisible(sel('work'))).toBe(false);

      await signInWithKey(page, apiKey);
      await page.waitForSelector(`${sel('work')}:not([hidden])`);
      expect(await page.isVisible(sel('translate-selection'))).toBe(false);
      await chooseLanguages(page, 'en-us', 'zh-cn');
      await page.click(sel('translate-cells'));
      await expect.poll(() => statusText(page), ANSWER).toBe('完成：已翻译 2 个单元格。');
      const { cells, calls } = await standInState(page);
      expect(cells.map((row) => row.map((c) => [c.value, c.formula]))).toEqual([
        [
          ['三', '三'],
          [42, 42],
          ['seven', '=LOWER("SEVEN")'],
        ],
        [
          ['', ''],
          ['二百', '二百'],
          [true, true],
        ],
        [
          ['', ''],
          ['', ''],
          ['', ''],
        ],
      ]);
      // Written cell by cell: writing the whole range's values would have flattened the formula.
      expect(calls).toEqual([
        { api: 'Range.values', row: 0, column: 0, rows: 1, columns: 1 },
        { api: 'Range.values', row: 1, column: 1, rows: 1, columns: 1 },
      ]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it('opened outside Word and Excel, says where it works', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.platform.url, locale: 'en-US' });
    await useOfficeStandIn(context, { host: 'PowerPoint', displayLanguage: 'en-US' });
    const page = await context.newPage();
    await page.goto('/office-addin/index.html');
    await page.waitForSelector(`${sel('pane-notice')}:not([hidden])`);
    expect(await page.locator(sel('pane-notice')).textContent()).toBe('This pane works in Word and Excel.');
    expect(await page.isVisible(sel('sign-in'))).toBe(false);
    await context.close();
  });
});
