/**
 * /device-mgr in a real browser against the whole platform (issue 19): the administrator finds
 * the platform's own MT worker (the in-process one) in the device table, drains it after a
 * confirmation and sees its state change to Draining / Drained (the page polls), then enables it
 * again; the failed-jobs tab opens. The page's layout at 412 px: one card per device, nothing
 * off screen, the confirmation dialog inside the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughPage, useBrowserSuite } from '../support/browser-suite';
import { offScreen } from './phone-support';
import { TEST_TIMEOUT, sel } from './text-page-support';

const suite = useBrowserSuite();

async function openDevices(width: number, height: number): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, viewport: { width, height } });
  const page = await context.newPage();
  await logInThroughPage(page);
  await page.goto('/device-mgr');
  await page.waitForSelector(sel('devices-page'), { timeout: 15_000 });
  return page;
}

describe('/device-mgr', () => {
  it(
    'drains the MT worker after a confirmation and shows its state change, then enables it again',
    async () => {
      const worker = suite.platform.platform.translation.worker!;
      const page = await openDevices(1280, 900);
      const row = page.locator(`${sel('device-row')}[data-device="${worker.deviceId}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.locator(sel('device-state')).textContent()).toBe('Enabled');
      expect(await row.locator(sel('device-online')).textContent()).toBe('Online');

      await row.locator(sel('device-drain')).click();
      await page.getByText('Drain the device?').waitFor();
      await page.click(sel('device-confirm-submit'));
      // Idle, it passes through Draining to Drained within a heartbeat; the page polls every 3 s.
      await page.waitForFunction(
        (id) => /Draining|Drained/.test(document.querySelector(`[data-device="${id}"] [data-testid=device-state]`)?.textContent ?? ''),
        worker.deviceId,
        { timeout: 15_000 },
      );
      await page.waitForFunction(
        (id) => document.querySelector(`[data-device="${id}"] [data-testid=device-state]`)?.textContent === 'Drained',
        worker.deviceId,
        { timeout: 15_000 },
      );
      const { rows } = await suite.platform.platform.database.db.query<{ action: string; after: { state: string } }>(
        `SELECT action, after FROM system_log WHERE target_type = 'device' AND target_id = $1`,
        [worker.deviceId],
      );
      expect(rows).toEqual([expect.objectContaining({ action: 'device.state', after: expect.objectContaining({ state: 'draining' }) })]);

      await row.locator(sel('device-enable')).click();
      await page.click(sel('device-confirm-submit'));
      await page.waitForFunction(
        (id) => document.querySelector(`[data-device="${id}"] [data-testid=device-state]`)?.textContent === 'Enabled',
        worker.deviceId,
        { timeout: 15_000 },
      );
      await page.click(sel('dead-letters-tab'));
      await page.waitForSelector(`${sel('dead-letters-empty')}, ${sel('dead-letters-table')}`);
    },
    TEST_TIMEOUT,
  );

  it(
    'lays out on a 412 px phone, one card per device, its confirmation too',
    async () => {
      const phone = await openDevices(412, 915);
      await phone.waitForSelector(sel('device-card'));
      expect(await phone.locator(sel('devices-table')).isVisible()).toBe(false);
      expect(await phone.evaluate(offScreen)).toEqual([]);
      await phone
        .locator(`${sel('device-card')} ${sel('device-disable')}`)
        .first()
        .click();
      await phone.getByText('Disable the device?').waitFor();
      const dialog = await phone.locator('.mantine-Modal-content').boundingBox();
      expect(dialog!.x).toBeGreaterThanOrEqual(0);
      expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(412);
      await phone.click(sel('device-confirm-cancel'));
    },
    TEST_TIMEOUT,
  );
});
