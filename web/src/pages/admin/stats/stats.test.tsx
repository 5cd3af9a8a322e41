/**
 * /stats rendered through the real router against the fake gateway (cards, chart cards, top
 * users, the site select for the administrator only, both languages), and the pure rules of its URL.
 */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../../i18n';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { renderRoute } from '../../../test-utils/render-route';
import { createStatsGateway } from './fake-stats';
import { pairLabel, statsQueryOf, validateStatsSearch, yuan } from './stats-search';

withAdminPageSession();

function serve() {
  const gateway = createStatsGateway();
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/stats', () => {
  it('shows the administrator the totals, the charts, the top users and the site select', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/stats?from=2026-03-01&to=2026-03-02&site=3');
    expect(page.pathname).toBe('/stats');
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/admin/stats?from=2026-03-01&to=2026-03-02&site_id=3');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'stats-page',
        'stats-from',
        'stats-to',
        'stats-site',
        'stats-export',
        'stats-total-chars',
        'stats-total-revenue',
        'stats-chart-kinds',
        'stats-chart-pairs',
        'stats-chart-users',
        'stats-chart-tasks',
        'stats-chart-revenue',
        'stats-top-users',
        'stats-top-user',
      ]),
    );
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(page.html).toContain('Characters per day by kind');
    expect(page.html).toContain('¥99.00');
    expect(page.html).toContain('top@example.com');
  });

  it('gives a manager no site select, and speaks Chinese', async () => {
    serve();
    loginAs('manager');
    await changeLang('zh_CN');
    const page = await renderRoute('/stats');
    expect(page.testIds).toContain('stats-page');
    expect(page.testIds).not.toContain('stats-site');
    expect(page.testIds).not.toContain('stats-chart-sites');
    expect(page.html).toContain('每日字符数（按类型）');
    expect(page.html).toContain('导出 CSV');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/stats')).pathname).toBe('/403');
  });
});

describe('the /stats URL', () => {
  it('defaults to the last 30 UTC days and drops bad values', () => {
    expect(validateStatsSearch({ from: 'x', to: '2026-03-31', site: 'abc' })).toEqual({
      from: undefined,
      to: '2026-03-31',
      site: undefined,
    });
    expect(statsQueryOf({}, new Date('2026-03-31T23:00:00Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(statsQueryOf({ from: '2026-01-01', to: '2026-01-31', site: 4 })).toEqual({ from: '2026-01-01', to: '2026-01-31', site_id: 4 });
    expect(yuan(9_900)).toBe('99.00');
    expect(pairLabel('', '', '?')).toBe('?');
  });
});
