/**
 * Test support: a canned `admin/stats` answer in proto's shape over the fake gateway: the
 * administrator may choose the site, a manager gets their own (site 7); a normal user 42000.
 */
import type { StatsData } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeStats(extra: Partial<StatsData> = {}): StatsData {
  const days = ['2026-03-01', '2026-03-02'].map((day, i) => ({
    day,
    chars: { text: 100 * (i + 1), document: 1000, picture: 50, web: 0, api: 0 },
    active_users: 2 + i,
    new_users: 1,
    tasks: { done: 3, failed: i, interrupted: 0 },
    revenue_cents: 9_900 * i,
  }));
  return {
    from: '2026-03-01',
    to: '2026-03-02',
    site_id: null,
    can_choose_site: true,
    totals: {
      chars: 2_450,
      chars_by_kind: { text: 300, document: 2_000, picture: 100, web: 0, api: 0 },
      active_users: 3,
      new_users: 2,
      tasks: { done: 6, failed: 1, interrupted: 0 },
      orders: 1,
      revenue_cents: 9_900,
    },
    days,
    pairs: [
      { src_lang: 'en-us', tgt_lang: 'zh-cn', chars: 2_000 },
      { src_lang: '', tgt_lang: '', chars: 450 },
    ],
    sites: [{ site_id: 1, chars: 2_450, active_users: 3, new_users: 2 }],
    tasks: [{ kind: 'text', done: 6, failed: 1, interrupted: 0 }],
    revenue: [{ sku_code: 'standard-m', goods_type: 'T01', plan: 'standard', orders: 1, amount_cents: 9_900 }],
    top_users: [{ user_id: 5, account: 'top@example.com', username: 'Top', site_id: 1, chars: 2_000 }],
    ...extra,
  };
}

export function createStatsGateway() {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1.0/admin/stats') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    if (bearer !== 'admin' && bearer !== 'manager') return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const site = url.searchParams.get('site_id');
    const data =
      bearer === 'admin'
        ? fakeStats({ site_id: site ? Number(site) : null })
        : fakeStats({ site_id: 7, can_choose_site: false, sites: [{ site_id: 7, chars: 10, active_users: 1, new_users: 0 }] });
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { ...base, fetch };
}
