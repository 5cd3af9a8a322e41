/**
 * Test support: canned error-report answers in proto's shape, layered over the fake gateway
 * (test-utils/fake-gateway.ts) so render tests run the real client, queries and guards. A normal
 * user's token gets 42000 as from the server.
 */
import type { ErrorReportItem } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeReport(report_id: number, extra: Partial<ErrorReportItem> = {}): ErrorReportItem {
  return {
    report_id,
    user_id: 7,
    account: 'reporter@example.com',
    username: 'reporter',
    site_id: 1,
    app_id: null,
    origin: 'site',
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    source: `Source ${report_id}`,
    output: `译文 ${report_id}`,
    error_type: 1,
    proposal: `建议 ${report_id}`,
    status: 'open',
    resolved_by: null,
    resolved_by_account: null,
    resolved_at: null,
    bank_id: null,
    bank_name: null,
    entry_id: null,
    created_at: '2026-03-01T08:30:00Z',
    ...extra,
  };
}

export function createErrorReportGateway(reports: ErrorReportItem[] = Array.from({ length: 12 }, (_, i) => fakeReport(12 - i))) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path !== 'admin/error_reports') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    if (bearer !== 'admin' && bearer !== 'manager') return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const list = reports.slice((page - 1) * size, page * size);
    const data = { list, total: reports.length, pages: Math.ceil(reports.length / size), page, page_size: size };
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { fetch, requests: base.requests };
}
