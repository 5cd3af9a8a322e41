/**
 * /systemlog rendered through the real router against the fake gateway, and the pure rules of
 * its URL and of showing a change.
 */
import { describe, expect, it } from 'vitest';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { changeLang } from '../../../i18n';
import { renderRoute } from '../../../test-utils/render-route';
import { createSystemLogGateway, fakeLogLine } from './fake-system-log';
import { changeRows, systemLogFilterOf, systemLogQueryOf, validateSystemLogSearch, valueText } from './system-log-search';

withAdminPageSession();

function serve(lines?: Parameters<typeof createSystemLogGateway>[0]) {
  const gateway = createSystemLogGateway(lines);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/systemlog', () => {
  it('searches with the URL’s filters and shows the page, the change and the export', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/systemlog?actor=admin&action=site&target=8&from=2026-01-01&to=2026-03-31&page=2');
    expect(page.pathname).toBe('/systemlog');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'system-log-page',
        'system-log-filters',
        'system-log-actor',
        'system-log-action',
        'system-log-target',
        'system-log-from',
        'system-log-to',
        'system-log-export',
        'system-log-table',
        'system-log-pages',
        'system-log-change',
      ]),
    );
    expect(gateway.requests.map((r) => r.url)).toContain(
      '/api/v1.0/admin/system_log?page_size=20&page=2&actor=admin&action=site&target=8&from=2026-01-01&to=2026-03-31',
    );
    expect([...page.html.matchAll(/data-testid="system-log-row"/g)]).toHaveLength(5);
    expect(page.html).toContain('Site changed');
    expect(page.html).toMatch(/site_name<\/span>: Acme → Acme Ltd/);
    expect(page.html).toContain('Lines: 25');
    expect(page.testIds).not.toContain('feature-placeholder');
  });

  it('is open to managers, who get their own site’s lines from the server', async () => {
    serve([fakeLogLine(1, { action: 'sign_in_failed', before: null, after: { reason: 'PASSWORD_WRONG' } })]);
    loginAs('manager');
    const page = await renderRoute('/systemlog');
    expect(page.html).toContain('Sign-in failed');
    expect(page.html).toMatch(/reason<\/span>: — → PASSWORD_WRONG/);
    expect(page.testIds).not.toContain('system-log-pages');
  });

  it('names the operations actions (traffic, devices, backups) in both languages', async () => {
    serve([
      fakeLogLine(1, { action: 'traffic.set_override', before: null, after: { max_requests: 20 } }),
      fakeLogLine(2, { action: 'device.state', before: { state: 'enabled' }, after: { state: 'draining' } }),
      fakeLogLine(3, { action: 'backup.restore', before: null, after: { name: 'mtp-backup-20261127-050003' } }),
    ]);
    loginAs('admin');
    const en = (await renderRoute('/systemlog')).html;
    for (const name of ['Frequency override set', 'Device state changed', 'Backup restored']) expect(en).toContain(name);
    expect(en).not.toContain('>traffic.set_override<');
    await changeLang('zh_CN');
    const zh = (await renderRoute('/systemlog')).html;
    for (const name of ['设置单独频率限制', '修改设备状态', '恢复备份']) expect(zh).toContain(name);
    await changeLang('en_US');
  });

  it('says so when nothing matches', async () => {
    serve([]);
    loginAs('admin');
    expect((await renderRoute('/systemlog?actor=nobody')).html).toContain('No log lines match.');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/systemlog')).pathname).toBe('/403');
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/systemlog');
    expect(page.html).toContain('系统日志');
    expect(page.html).toContain('导出 CSV');
    expect(page.html).toContain('修改站点');
  });
});

describe('the system log search params', () => {
  it('keeps valid filters and drops bad ones', () => {
    expect(
      validateSystemLogSearch({ actor: ' bob ', action: 'user', target: 42, from: '2026-01-01', to: '2026-13-45', page: '2' }),
    ).toEqual({
      actor: 'bob',
      action: 'user',
      target: '42',
      from: '2026-01-01',
      to: undefined,
      page: 2,
    });
    expect(validateSystemLogSearch({ actor: '   ', page: 'x', from: 'yesterday' })).toMatchObject({
      actor: undefined,
      page: undefined,
      from: undefined,
    });
    expect(validateSystemLogSearch({ actor: 'a'.repeat(300) }).actor).toHaveLength(120);
  });

  it('turns a place of the table into the call’s query and the export’s filter', () => {
    expect(systemLogQueryOf({})).toEqual({ page: 1 });
    expect(systemLogQueryOf({ action: 'sign_in', page: 3 })).toEqual({ page: 3, action: 'sign_in' });
    expect(systemLogFilterOf({ actor: 'a', page: 3, to: '2026-01-02' })).toEqual({ actor: 'a', to: '2026-01-02' });
  });
});

describe('showing a change', () => {
  it('lists each field with its value before and after', () => {
    expect(changeRows({ activated: true, account: 'a@b.c' }, { activated: false, account: 'a@b.c' })).toEqual([
      { field: 'activated', before: 'true', after: 'false' },
      { field: 'account', before: 'a@b.c', after: 'a@b.c' },
    ]);
    expect(changeRows(null, { site_code: 'acme', site_config: { hideTitle: true } })).toEqual([
      { field: 'site_code', before: '—', after: 'acme' },
      { field: 'site_config', before: '—', after: '{"hideTitle":true}' },
    ]);
    expect(changeRows(null, null)).toEqual([]);
    expect(changeRows(5, 6)).toEqual([{ field: 'value', before: '5', after: '6' }]);
  });

  it('writes values readably', () => {
    expect([valueText(null), valueText(''), valueText(0), valueText('x'), valueText([1])]).toEqual(['—', '""', '0', 'x', '[1]']);
  });
});
