/** /device-mgr rendered through the real router against the fake gateway, in both languages. */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../../i18n';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { renderRoute } from '../../../test-utils/render-route';
import { createDevicesGateway, fakeDevice } from './fake-devices';

withAdminPageSession();

function serve() {
  const gateway = createDevicesGateway([
    fakeDevice('mt-gpu-1'),
    fakeDevice('doc-node-2', { role: 'doc', gpu: null, online: false, state: 'drained', admin_state: 'draining', loaded_pairs: [] }),
  ]);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/device-mgr', () => {
  it('lists every device with its hardware, load, models and state, and its actions', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/device-mgr');
    expect(page.pathname).toBe('/device-mgr');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['devices-page', 'devices-table', 'devices-cards', 'device-drain', 'device-assign']),
    );
    expect(page.testIds).not.toContain('feature-placeholder');
    expect([...page.html.matchAll(/data-testid="device-row"/g)]).toHaveLength(2);
    expect(page.html).toContain('NVIDIA H100 · 80 GiB');
    expect(page.html).toContain('50% busy · 2 in flight · 12 jobs/min · 3400 chars/min');
    expect(page.html).toContain('en-us_zh-cn@v3');
    expect(page.html).toContain('Drained');
    expect(page.html).toContain('Offline');
    // Only an offline device may be deleted.
    expect([...page.html.matchAll(/data-testid="device-delete"/g)]).toHaveLength(2);
    expect(gateway.requests.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/v1.0/admin/devices']));
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    try {
      const page = await renderRoute('/device-mgr');
      expect(page.html).toContain('设备管理');
      expect(page.html).toContain('已排空');
      expect(page.html).toContain('排空');
    } finally {
      await changeLang('en_US');
    }
  });
});
