/**
 * /traffic rendered through the real router against the fake gateway (both languages, the
 * platform administrator only), and the form rules that check numbers before they are sent.
 */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../../i18n';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { renderRoute } from '../../../test-utils/render-route';
import { bodyOf } from './override-dialog';
import { createTrafficGateway, fakeOverride } from './fake-traffic';
import { formErrors, rangeError, subjectError, wholeNumber } from './traffic-form-rules';

withAdminPageSession();

function serve(overrides?: Parameters<typeof createTrafficGateway>[0]) {
  const gateway = createTrafficGateway(overrides);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/traffic', () => {
  it('shows the default limit, the login limits and the first page of overrides', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/traffic');
    expect(page.pathname).toBe('/traffic');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'traffic-page',
        'traffic-default',
        'traffic-default-max_requests',
        'traffic-default-window_minutes',
        'traffic-default-from-env',
        'traffic-login',
        'traffic-login-per_account',
        'traffic-login-per_ip',
        'traffic-overrides-table',
        'traffic-override-add',
        'traffic-overrides-pages',
      ]),
    );
    expect(page.testIds).not.toContain('traffic-login-from-env');
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(gateway.requests.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/v1.0/admin/traffic', '/api/v1.0/admin/traffic/overrides?page_size=10&page=1']),
    );
    expect([...page.html.matchAll(/data-testid="traffic-override-row"/g)]).toHaveLength(10);
    expect(page.html).toContain('user12@example.com');
    expect(page.html).toContain('120 per 5 min');
    expect(page.html).toMatch(/value="1200"/);
  });

  it('says so when there is no override', async () => {
    serve([]);
    loginAs('admin');
    const page = await renderRoute('/traffic');
    expect(page.testIds).toContain('traffic-overrides-empty');
    expect(page.testIds).not.toContain('traffic-overrides-pages');
  });

  it('is closed to managers and ordinary users', async () => {
    serve();
    loginAs('manager');
    expect((await renderRoute('/traffic')).pathname).toBe('/403');
    loginAs('normal');
    expect((await renderRoute('/traffic')).pathname).toBe('/403');
  });

  it('speaks Chinese', async () => {
    serve([fakeOverride(3, { scope: 'site', label: 'Acme' })]);
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/traffic');
    expect(page.html).toContain('默认频率限制');
    expect(page.html).toContain('登录限制');
    expect(page.html).toContain('每 5 分钟 30 次');
    expect(page.html).toContain('站点');
  });
});

describe('the traffic form rules', () => {
  it('takes whole numbers inside the ranges only', () => {
    expect([wholeNumber(' 12 '), wholeNumber('1.5'), wholeNumber(''), wholeNumber('-3'), wholeNumber('abc')]).toEqual([
      12,
      null,
      null,
      null,
      null,
    ]);
    expect(rangeError('1440', { min: 1, max: 1440 })).toBeNull();
    expect(rangeError('1441', { min: 1, max: 1440 })).toEqual({ key: 'traffic.outOfRange', min: 1, max: 1440 });
    expect(formErrors({ max_requests: '0', window_minutes: '5' })).toEqual({
      max_requests: { key: 'traffic.outOfRange', min: 1, max: 1_000_000 },
    });
    expect(formErrors({ per_account: '5', per_ip: '100001', window_minutes: '15' })).toMatchObject({ per_ip: { max: 100_000 } });
    expect(formErrors({ per_account: '5', per_ip: '50', window_minutes: '15' })).toEqual({});
  });

  it('names who an override is for by its scope', () => {
    expect(subjectError('user', '  ')).toBe('traffic.accountRequired');
    expect(subjectError('site', 'acme')).toBe('traffic.siteIdInvalid');
    expect(subjectError('site', '0')).toBe('traffic.siteIdInvalid');
    expect(subjectError('site', '8')).toBeNull();
    expect(subjectError('app', 'bad id')).toBe('traffic.appIdInvalid');
    expect(subjectError('app', 'key_1-A')).toBeNull();
    const limit = { max_requests: 5, window_minutes: 2 };
    expect(bodyOf('user', ' a@b.c ', limit)).toEqual({ scope: 'user', account: 'a@b.c', ...limit });
    expect(bodyOf('site', '8', limit)).toEqual({ scope: 'site', site_id: 8, ...limit });
    expect(bodyOf('app', 'k1', limit)).toEqual({ scope: 'app', app_id: 'k1', ...limit });
  });
});
