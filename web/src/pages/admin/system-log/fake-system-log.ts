/**
 * Test support: canned system-log answers in proto's shape, layered over the fake gateway
 * (test-utils/fake-gateway.ts) so render tests run the real client, queries and guards. A normal
 * user's token gets 42000 as from the server.
 */
import type { SystemLogItem } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeLogLine(log_id: number, extra: Partial<SystemLogItem> = {}): SystemLogItem {
  return {
    log_id,
    at: '2026-03-01T08:30:00Z',
    action: 'site.update',
    actor_id: 1,
    actor_account: 'admin@example.com',
    site_id: 1,
    target_type: 'site',
    target_id: '8',
    before: { site_name: 'Acme' },
    after: { site_name: 'Acme Ltd' },
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
    ...extra,
  };
}

export function createSystemLogGateway(lines: SystemLogItem[] = Array.from({ length: 25 }, (_, i) => fakeLogLine(25 - i))) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path !== 'admin/system_log') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    if (bearer !== 'admin' && bearer !== 'manager') return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 20);
    const list = lines.slice((page - 1) * size, page * size);
    const data = { list, total: lines.length, pages: Math.ceil(lines.length / size), page, page_size: size };
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { fetch, requests: base.requests };
}
