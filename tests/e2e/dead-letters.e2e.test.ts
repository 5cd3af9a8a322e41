/**
 * /device-mgr's failed-jobs tab in a real browser: a poison job (its worker fails it at every
 * delivery) becomes a dead letter after max-deliver, and the administrator reads it there: kind,
 * task, attempts and error in the table (English, desktop), and as a card on a 360 px phone in
 * Chinese with nothing off screen.
 */
import { BUS } from '@mtp/proto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInThroughPage, useBrowserSuite } from '../support/browser-suite';
import { waitFor } from '../support/fault-support';
import { POISON_ERROR, publishPoisonJob } from '../support/poison-job';
import { offScreen } from './phone-support';
import { TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();
// A pool of its own: the platform's in-process MT worker (pool `default`) never takes the job.
const POOL = 'poison';
let taskId: string;

beforeAll(async () => {
  const { platform } = suite.platform;
  await platform.translation.tasks.watchPool(POOL);
  const db = platform.database.db;
  const { rows } = await db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'admin@example.com'");
  const poison = await publishPoisonJob({ bus: platform.bus, db, pool: POOL, userId: rows[0]!.user_id });
  taskId = poison.taskId;
  await waitFor('the dead letter', async () => {
    const { rowCount } = await db.query('SELECT 1 FROM dead_letters WHERE task_ref = $1', [taskId]);
    return rowCount ? true : undefined;
  });
  await poison.stop();
}, 120_000);

async function openFailedJobs(locale: string, width: number, height: number): Promise<Page> {
  const context = await suite.browser.newContext({ locale, baseURL: suite.platform.url, viewport: { width, height } });
  const page = await context.newPage();
  await logInThroughPage(page);
  await page.goto('/device-mgr');
  await page.waitForSelector(sel('devices-page'), { timeout: 15_000 });
  await page.click(sel('dead-letters-tab'));
  return page;
}

describe('/device-mgr failed jobs', () => {
  it(
    'lists the poison job in the table, in English',
    async () => {
      const page = await openFailedJobs('en-US', 1280, 900);
      const row = page.locator(sel('dead-letter-row'), { hasText: taskId });
      await row.waitFor({ timeout: 15_000 });
      const cells = await row.locator('td').allTextContents();
      expect(cells.slice(1)).toEqual(['text', `mt.jobs.${POOL}`, taskId, String(BUS.translateSegments.maxDeliver), POISON_ERROR]);
      expect(await page.locator('th').allTextContents()).toContain('Attempts');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'shows it as a card on a 360 px phone, in Chinese, nothing off screen',
    async () => {
      const phone = await openFailedJobs('zh-CN', 360, 780);
      const card = phone.locator(sel('dead-letter-card'), { hasText: taskId });
      await card.waitFor({ timeout: 15_000 });
      expect(await phone.locator(sel('dead-letters-table')).isVisible()).toBe(false);
      const text = await card.textContent();
      expect(text).toContain(`尝试次数: ${BUS.translateSegments.maxDeliver}`);
      expect(text).toContain(POISON_ERROR);
      expect(await phone.locator(sel('dead-letters-tab')).textContent()).toBe('失败任务');
      expect(await phone.evaluate(offScreen)).toEqual([]);
      await phone.context().close();
    },
    TEST_TIMEOUT,
  );
});
