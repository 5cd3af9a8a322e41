/**
 * Test support: canned app-key answers in the contract's shapes (gateway/src/routes/
 * app-key-routes.ts), layered over the fake gateway with the commerce calls (the user center's
 * layout asks for the catalogue), so render tests run the real client, queries and guards. The
 * staff list answers 'admin' and 'manager' tokens only, 42000 to anyone else, as the server does.
 */
import { createCommerceGateway } from '../../commerce/fake-commerce';
import type { AdminAppKeyItem, AppKeyItem } from './app-keys-api';

export function fakeAppKey(n: number, extra: Partial<AdminAppKeyItem> = {}): AdminAppKeyItem {
  return {
    app_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Key ${n}`,
    user_id: 42,
    account: 'alice@example.com',
    username: 'Alice',
    site_id: 1,
    site_name: 'Main site',
    created_at: '2026-03-01T08:30:00Z',
    last_used_at: null,
    revoked_at: null,
    ...extra,
  };
}

const own = ({ app_id, name, created_at, last_used_at, revoked_at }: AppKeyItem): AppKeyItem => ({
  app_id,
  name,
  created_at,
  last_used_at,
  revoked_at,
});

export function createAppKeyGateway(keys: AdminAppKeyItem[] = []) {
  const base = createCommerceGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path !== 'app/keys' && path !== 'admin/app_keys') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    const staff = bearer === 'admin' || bearer === 'manager';
    if (path === 'admin/app_keys' && !staff) return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const keyword = url.searchParams.get('keyword') ?? '';
    const found = path === 'app/keys' ? keys.map(own) : keys.filter((k) => !keyword || `${k.name} ${k.account}`.includes(keyword));
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const data = { list: found.slice((page - 1) * size, page * size), total: found.length, pages: Math.ceil(found.length / size) };
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { fetch, requests: base.requests };
}
