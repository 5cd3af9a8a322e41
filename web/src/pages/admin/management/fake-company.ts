/** Test support: canned enterprise answers in proto's shapes over the fake gateway (render tests). */
import type { Enterprise } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeEnterprise(n: number, extra: Partial<Enterprise> = {}): Enterprise {
  return {
    site_id: 100 + n,
    code: `co-${n}`,
    name: `企业${n}`,
    english_name: `Company ${n}`,
    manager_account: `boss${n}@example.com`,
    user_cap: 30,
    member_count: n,
    expires_at: '2027-06-30T23:59:59.000Z',
    disabled: false,
    parent_site_id: null,
    parent_name: null,
    logo_url: null,
    small_logo_url: null,
    settings: { hideTitle: false, do_cat: false, hidePicture: false, showAddins: true, show_main_logo: false, allow_register: false },
    created_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** Twelve enterprises, the third one expired; `company/list` pages and searches them like the server. */
export function createCompanyGateway() {
  const base = createFakeGateway();
  const all = Array.from({ length: 12 }, (_, i) => fakeEnterprise(i + 1, i === 2 ? { disabled: true } : {}));
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path !== 'company/list') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: (init?.headers ?? {}) as Record<string, string> });
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (auth !== 'Bearer admin') return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const q = url.searchParams;
    const keyword = q.get('keyword') ?? '';
    const page = Number(q.get('page') ?? 1);
    const size = Number(q.get('page_size') ?? 10);
    const found = all.filter((e) => !keyword || e.code.includes(keyword) || e.name.includes(keyword));
    const data = {
      enterprise_list: found.slice((page - 1) * size, page * size),
      total: found.length,
      pages: Math.ceil(found.length / size),
    };
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { fetch, requests: base.requests };
}
