/**
 * Buying as a registered user meets it, in Chromium against the whole platform and its sandbox
 * cashier: a free user who has spent the month's characters meets 41005 on the text screen, the
 * purchase dialog opens on the plans, the standard monthly plan is bought through the cashier's
 * page (a tab of its own), the success panel follows, and /member, /history and /message show the
 * plan, the order and the payment message. A second purchase fails at the cashier and is paid
 * again from the failure panel.
 */
import { FREE_MONTHLY_CHARS, reserve, settle } from '@mtp/billing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInThroughPage, registerThroughApi, useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();
const suffix = Date.now() % 100000;
const USER = { account: `buyer${suffix}@example.com`, username: 'Buyer', password: 'Passw0rd1' };
const WAIT = { timeout: 30_000, interval: 250 };
const TEST_TIMEOUT = 150_000;
const sel = (testId: string) => `[data-testid=${testId}]`;

beforeAll(async () => {
  const { userId } = await registerThroughApi(suite, USER);
  // The month's free characters spent but 10: the next sentence is refused with 41005.
  const db = suite.platform.platform.database.db;
  const spent = FREE_MONTHLY_CHARS - 10;
  await reserve(db, { userId, taskId: `e2e-spend-${suffix}`, chars: spent });
  await settle(db, { taskId: `e2e-spend-${suffix}`, actualChars: spent });
});

async function buyerPage(): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 }, baseURL: suite.platform.url });
  const page = await context.newPage();
  await logInThroughPage(page, USER.account, USER.password);
  return page;
}

/** Clicks a buy button, answers the cashier's tab with Pay or Fail and closes that tab. */
async function throughCashier(page: Page, click: () => Promise<void>, button: 'Pay' | 'Fail'): Promise<void> {
  const [cashier] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await cashier.waitForURL(/\/sandbox-cashier\//, { timeout: 15_000 });
  expect(await cashier.textContent('body')).toContain('Sandbox cashier');
  await cashier.click(`button:text-is("${button}")`);
  await cashier.waitForSelector(`text=${button === 'Pay' ? 'Payment done' : 'Payment failed'}`, { timeout: 15_000 });
  await cashier.close();
}

describe('buying a plan and a package', () => {
  it(
    'a free user out of characters meets 41005, buys the standard monthly plan and sees it everywhere',
    async () => {
      const page = await buyerPage();
      await page.selectOption(sel('src-lang'), 'en-us');
      await page.selectOption(sel('tgt-lang'), 'zh-cn');
      await page.locator(sel('source-text')).pressSequentially('twenty one thousand and five', { delay: 30 });

      // The modal's root has no box of its own: wait for what it shows.
      const dialog = page.locator(sel('purchase-dialog'));
      await page.waitForSelector(sel('purchase-message'), { timeout: 30_000 });
      expect(await page.textContent(sel('purchase-message'))).toContain('Not enough characters');
      // A free user is offered plans first: a package needs a live plan.
      expect(await dialog.getAttribute('data-tab')).toBe('combo');
      await throughCashier(page, () => page.click(`${sel('buy-sku')}[data-sku=standard-m]`), 'Pay');
      await page.waitForSelector(sel('payment-success'), { timeout: 30_000 });
      await page.click(sel('payment-done'));
      await page.waitForSelector(sel('purchase-message'), { state: 'detached' });

      await page.goto('/member');
      await expect.poll(async () => (await page.textContent(sel('balance-plan'))) ?? '', WAIT).toContain('1,500,000');
      expect(await page.textContent(sel('member-plan'))).toContain('Standard');
      await page.goto('/history');
      await page.waitForSelector(sel('order-row'), { timeout: 15_000 });
      expect(await page.textContent(sel('current-orders'))).toContain('¥99.00');
      await page.goto('/message');
      const message = page.locator(sel('message-item')).first();
      await message.waitFor({ timeout: 15_000 });
      expect(await message.textContent()).toContain('¥99.00');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'a purchase that fails at the cashier is paid again from the failure panel',
    async () => {
      const page = await buyerPage();
      await page.click(sel('open-purchase'));
      await page.click(sel('purchase-tab-package'));
      const buy = () => page.click(`${sel('package-panel')} ${sel('buy-sku')}[data-sku="5M_char-y"]`);
      await throughCashier(page, buy, 'Fail');
      await page.waitForSelector(sel('payment-failure'), { timeout: 30_000 });
      await throughCashier(page, () => page.click(sel('pay-again')), 'Pay');
      await page.waitForSelector(sel('payment-success'), { timeout: 30_000 });
      await page.click(sel('payment-done'));

      await page.goto('/member');
      await expect.poll(async () => (await page.textContent(sel('balance-packages'))) ?? '', WAIT).toContain('5,000,000');
      await page.goto('/history');
      await page.waitForSelector(sel('order-row'), { timeout: 15_000 });
      // The failed order and the one paid again are two orders; one package was granted.
      const { rows } = await suite.platform.platform.database.db.query<{ pay_status: number; n: string }>(
        `SELECT o.pay_status, count(*) AS n FROM orders o JOIN users u ON u.user_id = o.user_id
          WHERE u.account = $1 AND o.sku_code = '5M_char-y' GROUP BY o.pay_status ORDER BY o.pay_status`,
        [USER.account],
      );
      expect(rows.map((r) => [r.pay_status, Number(r.n)])).toEqual([
        [2, 1],
        [3, 1],
      ]);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});
