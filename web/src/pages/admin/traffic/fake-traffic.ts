/**
 * Test support: canned traffic-limit answers in proto's shape over the fake gateway
 * (test-utils/fake-gateway.ts), so render tests run the real client, queries and guards. Only
 * the admin token is let in; others get 42000 as from the server.
 */
import type { TrafficOverrideItem, TrafficSettingsData } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export const FAKE_SETTINGS: TrafficSettingsData = {
  default: { max_requests: 1200, window_minutes: 1, from_env: true },
  login: { per_account: 20, per_ip: 200, window_minutes: 15, from_env: false },
};

export function fakeOverride(n: number, extra: Partial<TrafficOverrideItem> = {}): TrafficOverrideItem {
  return {
    scope: 'user',
    subject: String(n),
    label: `user${n}@example.com`,
    max_requests: 10 * n,
    window_minutes: 5,
    updated_at: '2026-03-01T08:30:00Z',
    ...extra,
  };
}

export function createTrafficGateway(overrides: TrafficOverrideItem[] = Array.from({ length: 12 }, (_, i) => fakeOverride(12 - i))) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (!path.startsWith('admin/traffic')) return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    const answer = (data: unknown, code = 20000) =>
      new Response(JSON.stringify({ code, msg: code === 20000 ? 'Success' : 'No permission', data }));
    if (bearer !== 'admin') return answer(null, 42000);
    if (path === 'admin/traffic') return answer(FAKE_SETTINGS);
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const list = overrides.slice((page - 1) * size, page * size);
    return answer({ list, total: overrides.length, pages: Math.ceil(overrides.length / size), page, page_size: size });
  };
  return { fetch, requests: base.requests };
}
