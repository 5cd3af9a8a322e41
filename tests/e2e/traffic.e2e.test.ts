/**
 * /traffic in a real browser against the whole platform (issue 19): the administrator gives a
 * user a frequency limit through the page (the form refusing a number out of range first), the
 * user, logged in in another browser, translates until the page says "Access too frequent"
 * (the server's 42900 in the caller's language: the Chinese message is checked on the same
 * refused call), and deleting the override after a confirmation lets the user go on. Desktop
 * (1280 px) in English; the page's layout at 412 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughPage, registerThroughApi, useBrowserSuite } from '../support/browser-suite';
import { offScreen } from './phone-support';
import { ANSWER, TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();
const USER = { account: 'busy@example.com', username: 'busy', password: 'Busy12345' };
// Above what logging in and opening the text page take, so translating reaches it.
const LIMIT = 20;

/** What the committed tiny en-us_zh-cn model answers. */
const CHINESE: Record<string, string> = { 'twenty one': '二十一', 'twenty two': '二十二', 'fifty eight': '五十八' };

async function newPage(width: number, height: number): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, viewport: { width, height } });
  return context.newPage();
}

async function openTraffic(page: Page): Promise<void> {
  await page.goto('/traffic');
  await page.waitForSelector(sel('traffic-page'), { timeout: 15_000 });
}

/** Translates one text and waits for its answer or for the too-frequent message; answers which. */
async function translateOnce(page: Page, value: string): Promise<'translated' | 'refused'> {
  await page.fill(sel('source-text'), value);
  const refused = page.getByText('Access too frequent').first();
  for (const until = Date.now() + ANSWER.timeout; Date.now() < until; await page.waitForTimeout(ANSWER.interval)) {
    if (await refused.isVisible()) return 'refused';
    if (((await page.locator(sel('target-text')).textContent()) ?? '').includes(CHINESE[value]!)) return 'translated';
  }
  throw new Error(`no answer for ${value}`);
}

describe('/traffic', () => {
  it(
    'sets a user’s limit on the page; the user then gets “Access too frequent”; deleting it lets them go on',
    async () => {
      await registerThroughApi(suite, USER);
      const admin = await newPage(1280, 900);
      await logInThroughPage(admin);
      await openTraffic(admin);
      expect(await admin.inputValue(sel('traffic-default-max_requests'))).toBe('1200');

      // The form checks numbers before sending anything.
      await admin.click(sel('traffic-override-add'));
      await admin.fill(sel('traffic-override-subject'), USER.account);
      await admin.fill(sel('traffic-override-max'), '0');
      await admin.fill(sel('traffic-override-minutes'), '60');
      await admin.click(sel('traffic-override-dialog-submit'));
      await admin.getByText('Enter a whole number from 1 to 1000000').waitFor();
      await admin.fill(sel('traffic-override-max'), String(LIMIT));
      await admin.click(sel('traffic-override-dialog-submit'));
      await admin.locator(sel('traffic-override-row')).first().waitFor();
      expect(await admin.locator(sel('traffic-override-row')).first().textContent()).toContain(`${USER.account}${LIMIT} per 60 min`);

      // The user, in their own browser: translating until the limit answers.
      const user = await newPage(1280, 900);
      await logInThroughPage(user, USER.account, USER.password);
      await user.waitForSelector(sel('text-translate-page'), { timeout: 15_000 });
      await user.selectOption(sel('src-lang'), 'en-us');
      await user.selectOption(sel('tgt-lang'), 'zh-cn');
      const outcomes: string[] = [];
      for (let i = 0; i <= LIMIT && !outcomes.includes('refused'); i += 1) {
        outcomes.push(await translateOnce(user, i % 2 ? 'twenty two' : 'twenty one'));
      }
      // Some translations pass first: the limit is met by translating, not by opening the page.
      expect(outcomes[0]).toBe('translated');
      expect(outcomes.at(-1)).toBe('refused');
      // The same call in Chinese answers the Chinese message, with Retry-After.
      const token = await user.evaluate(() => localStorage.getItem('authToken'));
      const res = await fetch(`${suite.platform.url}/api/v1.0/user/check_session`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: 42900, msg: '访问过于频繁' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60 * 50);

      // Deleting the override asks first; then the user has the default again.
      await admin.click(sel('traffic-override-delete'));
      await admin.waitForSelector(sel('traffic-delete-confirm-submit'));
      await admin.click(sel('traffic-delete-confirm-submit'));
      await admin.waitForSelector(sel('traffic-overrides-empty'));
      await expect.poll(() => user.getByText('Access too frequent').count(), { timeout: 15_000 }).toBe(0);
      // A text not asked before, so the page sends it whatever it sent last.
      expect(await translateOnce(user, 'fifty eight')).toBe('translated');
    },
    TEST_TIMEOUT,
  );

  it(
    'lays out on a 412 px phone, its add dialog too',
    async () => {
      const phone = await newPage(412, 915);
      await logInThroughPage(phone);
      await openTraffic(phone);
      expect(await phone.evaluate(offScreen)).toEqual([]);
      await phone.click(sel('traffic-override-add'));
      await phone.waitForSelector(sel('traffic-override-subject'));
      const dialog = await phone.locator('.mantine-Modal-content').boundingBox();
      expect(dialog!.x).toBeGreaterThanOrEqual(0);
      expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(412);
    },
    TEST_TIMEOUT,
  );
});
