/**
 * /stats in Chromium against the whole platform: two weeks of charges on two sites are written
 * into the owning services' tables and rolled up (the job's pass), then the administrator opens
 * the page: the charts are drawn (recharts SVG paths with data), picking a site changes the
 * figures, the CSV export downloads; on a 412 px phone nothing scrolls sideways, in both languages.
 */
import { rebuildStats } from '@mtp/gateway';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';
import { offScreen } from './phone-support';

const suite = useBrowserSuite();
const DAYS = 14;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const expected = { all: 0, beta: 0 };

beforeAll(async () => {
  const db = suite.platform.platform.database.db;
  const site = async (code: string) =>
    (
      await db.query<{ site_id: number }>(`INSERT INTO sites (site_code, site_name, site_config) VALUES ($1, $1, '{}') RETURNING site_id`, [
        code,
      ])
    ).rows[0]!.site_id;
  const main = (await db.query<{ site_id: number }>('SELECT site_id FROM sites WHERE is_main')).rows[0]!.site_id;
  const beta = await site('beta');
  const user = async (account: string, siteId: number) =>
    (
      await db.query<{ user_id: number }>(
        `INSERT INTO users (account, username, role, site_id, created_at) VALUES ($1, $1, 2, $2, $3) RETURNING user_id`,
        [account, siteId, dayAgo(DAYS + 1)],
      )
    ).rows[0]!.user_id;
  const mainUser = await user('stats-main@example.com', main);
  const betaUser = await user('stats-beta@example.com', beta);
  for (let i = 1; i <= DAYS; i++) {
    for (const [userId, chars, pair] of [
      [mainUser, 1000 + i * 10, 'en-us_zh-cn'],
      [betaUser, 300 + i, 'zh-cn_ja'],
    ] as const) {
      // A settled reservation as the ledger's settle leaves it.
      await db.query(
        `INSERT INTO quota_reservations (task_id, user_id, chars_reserved, chars_charged, state, created_at, finished_at)
         VALUES ($1, $2, $3, $3, 'settled', $4, $4)`,
        [`sync:${pair}:${randomUUID()}`, userId, chars, dayAgo(i)],
      );
      expected.all += chars;
      if (userId === betaUser) expected.beta += chars;
    }
  }
  await rebuildStats(db);
}, 60_000);

const total = (page: Page) => page.locator('[data-testid=stats-total-chars-value]').innerText();

describe('/stats', () => {
  it('draws the charts, filters by site and exports CSV', async () => {
    const page = await adminPage(suite, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.goto('/stats');
    await page.waitForSelector('[data-testid=stats-chart-kinds] path.recharts-area-area', { timeout: 15_000 });
    const drawn = await page.$$eval('[data-testid=stats-page] .recharts-wrapper path', (paths) =>
      paths.map((p) => p.getAttribute('d') ?? '').filter((d) => d.length > 10),
    );
    expect(drawn.length).toBeGreaterThan(5);
    expect(await page.locator('[data-testid=stats-chart-pairs] .recharts-bar-rectangle path').count()).toBeGreaterThanOrEqual(2);
    expect(await total(page)).toBe(expected.all.toLocaleString('en-US'));
    await expect.poll(() => page.locator('[data-testid=stats-chart-pairs]').innerText()).toContain('en-us → zh-cn');

    await page.click('[data-testid=stats-site]');
    await page.getByRole('option', { name: 'beta', exact: true }).click();
    await expect.poll(() => total(page), { timeout: 10_000 }).toBe(expected.beta.toLocaleString('en-US'));
    expect(page.url()).toMatch(/site=\d+/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=stats-export]')]);
    expect(download.suggestedFilename()).toMatch(/^stats-site-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        stream.on('error', reject);
      });
    });
    expect(csv.startsWith('\ufeff"Day","Text characters"')).toBe(true);
    expect(csv).toContain('"zh-cn","ja"');
    expect(csv).not.toContain('en-us","zh-cn');
    await page.context().close();
  }, 120_000);

  it.each([
    ['en_US', 'Characters per day by kind'],
    ['zh_CN', '每日字符数（按类型）'],
  ])(
    'fits a 412 px phone in %s',
    async (lang, title) => {
      const context = await suite.browser.newContext({ baseURL: suite.platform.url, viewport: { width: 412, height: 915 } });
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const page = await context.newPage();
      await page.goto('/login');
      await page.fill('input[name=account]', E2E_ADMIN.account);
      await page.fill('input[name=password]', E2E_ADMIN.password);
      await page.click('[data-testid=login-submit]');
      await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
      await page.goto('/stats');
      await page.waitForSelector('[data-testid=stats-chart-kinds] path.recharts-area-area', { timeout: 15_000 });
      expect(await page.locator('[data-testid=stats-chart-kinds]').innerText()).toContain(title);
      expect(await page.evaluate(offScreen)).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
