/**
 * /error-reports rendered through the real router against the fake gateway (who may open it, the
 * call its URL makes, rows, states and actions, both languages), and the pure rules of its URL.
 */
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../../i18n';
import { ADMIN_NAV } from '../../../nav/nav-items';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { renderRoute } from '../../../test-utils/render-route';
import { errorReportQueryOf, errorTypeName, validateErrorReportSearch } from './error-reports-search';
import { createErrorReportGateway, fakeReport } from './fake-error-reports';
import { createSystemLogGateway, fakeLogLine } from '../system-log/fake-system-log';

withAdminPageSession();

function serve(reports?: Parameters<typeof createErrorReportGateway>[0]) {
  const gateway = createErrorReportGateway(reports);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

const statuses = (html: string) => [...html.matchAll(/data-testid="error-report-row" data-status="(\w+)"/g)].map((m) => m[1]);

describe('/error-reports', () => {
  it('lists the URL’s filtered page with selection, status and the add-to-memory action', async () => {
    const gateway = serve([
      fakeReport(3),
      fakeReport(2, { status: 'resolved', resolved_by_account: 'admin@example.com', bank_name: 'Fixes', bank_id: 4, entry_id: 9 }),
      fakeReport(1, { proposal: '', origin: 'api', app_id: '00000000-0000-4000-8000-000000000001' }),
    ]);
    loginAs('admin');
    const page = await renderRoute(
      '/error-reports?status=open&type=3&src=en-us&tgt=zh-cn&keyword=fox&from=2026-01-01&to=2026-03-31&page=1',
    );
    expect(page.pathname).toBe('/error-reports');
    expect(gateway.requests.map((r) => r.url)).toContain(
      '/api/v1.0/admin/error_reports?page_size=10&page=1&status=open&error_type=3&src_lang=en-us&tgt_lang=zh-cn&keyword=fox&from=2026-01-01&to=2026-03-31',
    );
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'error-reports-page',
        'error-reports-filters',
        'error-reports-resolve',
        'error-reports-table',
        'error-report-select-all',
      ]),
    );
    expect(statuses(page.html)).toEqual(['open', 'resolved', 'open']);
    // Only a report with a proposal not yet in a memory can be added.
    expect([...page.html.matchAll(/data-testid="error-report-to-memory"/g)]).toHaveLength(1);
    expect(page.html).toContain('In memory: Fixes');
    expect(page.html).toContain('No proposal');
    expect(page.html).toContain('Mistranslation');
    expect(page.html).toContain('Reports: 3');
    expect(page.html).toContain('href="/error-reports"');
  });

  it('is open to managers (the server scopes their list), in Chinese too; users get /403', async () => {
    serve([fakeReport(1, { error_type: 5 })]);
    loginAs('manager');
    await changeLang('zh_CN');
    const zh = await renderRoute('/error-reports');
    expect(zh.html).toContain('错误反馈');
    expect(zh.html).toContain('格式或标点');
    expect(zh.html).toContain('加入记忆库');
    await changeLang('en_US');
    loginAs('normal');
    expect((await renderRoute('/error-reports')).pathname).not.toBe('/error-reports');
  });

  it('says so when nothing matches, and pages past ten', async () => {
    serve([]);
    loginAs('admin');
    expect((await renderRoute('/error-reports?keyword=nothing')).html).toContain('No reports match.');
    serve();
    const first = await renderRoute('/error-reports');
    expect(statuses(first.html)).toHaveLength(10);
    expect(first.testIds).toContain('error-reports-pages');
  });
});

describe('the text screen’s report action', () => {
  it('is there, disabled until a translation lands, for a signed-in user only', async () => {
    serve();
    expect((await renderRoute('/')).testIds).not.toContain('report-error');
    loginAs('normal');
    const page = await renderRoute('/');
    expect(page.html).toMatch(
      /<button[^>]*disabled=""[^>]*data-testid="report-error"|<button[^>]*data-testid="report-error"[^>]*disabled=""/,
    );
    expect(page.html).toContain('Report an error');
  });
});

describe('the system log', () => {
  it('names the report actions in both languages', async () => {
    const gateway = createSystemLogGateway([
      fakeLogLine(1, { action: 'error_report.resolve', before: { status: 'open' }, after: { status: 'resolved' } }),
      fakeLogLine(2, { action: 'error_report.to_memory', before: { status: 'open' }, after: { status: 'resolved', bank_id: 4 } }),
    ]);
    globalThis.fetch = gateway.fetch as typeof fetch;
    loginAs('admin');
    const en = (await renderRoute('/systemlog')).html;
    for (const name of ['Error report resolved', 'Error report added to a memory']) expect(en).toContain(name);
    await changeLang('zh_CN');
    const zh = (await renderRoute('/systemlog')).html;
    for (const name of ['处理错误反馈', '错误反馈加入记忆库']) expect(zh).toContain(name);
    await changeLang('en_US');
  });
});

describe('the URL and names', () => {
  it('keeps valid filters, drops bad ones, and turns them into the list query', () => {
    const s = validateErrorReportSearch({
      status: 'closed',
      type: '9',
      src: 'xx',
      tgt: 'ja',
      keyword: ' 42 ',
      from: '2026-13-01',
      to: '2026-02-01',
      page: '2',
    });
    expect(s).toEqual({
      status: undefined,
      type: undefined,
      src: undefined,
      tgt: 'ja',
      keyword: '42',
      from: undefined,
      to: '2026-02-01',
      page: 2,
    });
    expect(errorReportQueryOf(s)).toEqual({ page: 2, tgt_lang: 'ja', keyword: '42', to: '2026-02-01' });
    expect(errorReportQueryOf({})).toEqual({ page: 1 });
    expect(errorTypeName(2, 'en_US')).toBe('Omission or addition');
    expect(errorTypeName(2, 'zh_CN')).toBe('漏译或多译');
    expect(errorTypeName(99, 'en_US')).toBe('99');
  });

  it('shows the entry in the admin navigation for whom has the system memories', () => {
    expect(ADMIN_NAV.find((n) => n.to === '/error-reports')).toEqual({
      to: '/error-reports',
      labelKey: 'nav.errorReports',
      feature: 'AllMyTM',
    });
  });
});
