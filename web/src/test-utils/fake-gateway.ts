/**
 * A scripted stand-in for the gateway, installed as the browser's fetch in render tests: a
 * main site, one white-label site (`acme`), and users by token. It answers the envelope shapes
 * of proto, so the pages run through the real API client, queries and route guards.
 */
import { ROLES, permissionMap, type SiteInfo, type UserData } from '@mtp/proto';
import { fakeBankList, fakeEntries, fakeMyFiles } from './fake-user-data';

export const MAIN_SITE: SiteInfo = {
  site_id: 1,
  site_code: 'main',
  site_name: 'MT Platform',
  site_config: {
    is_show_url: true,
    hideTitle: false,
    name: '机器翻译平台',
    english_name: 'MT Platform',
    do_cat: false,
    hidePicture: false,
  },
  logo_url: null,
  small_logo_url: null,
  account_status: 1,
  is_login: true,
  allow_register: true,
  is_main: true,
};

export const ACME_SITE: SiteInfo = {
  ...MAIN_SITE,
  site_id: 8,
  site_code: 'acme',
  site_name: 'acme',
  site_config: { ...MAIN_SITE.site_config, hideTitle: true, name: '爱克米翻译', english_name: 'Acme Translate', hidePicture: true },
  logo_url: '/api/v1.0/logo/8',
  allow_register: false,
  is_main: false,
};

/** Tokens the fake accepts, and the role each belongs to. */
export const TOKENS = { normal: ROLES.NORMAL, manager: ROLES.MANAGER, admin: ROLES.ADMIN } as const;

function userFor(role: number | null): UserData {
  return {
    user_id: role === null ? null : 42,
    username: role === null ? '' : 'Alice',
    account_number: role === null ? '' : 'alice@example.com',
    role,
    rank: role === null ? 'FREE' : 'REGISTER',
    site_id: 1,
    expiration_time: null,
    member_start_time: null,
    has_password: role !== null,
    msg_count: 0,
    company_orders: 0,
    code: 'free',
    activated: true,
  };
}

export type FakeRequest = { url: string; headers: Record<string, string> };

const unauthorized = () => new Response(JSON.stringify({ code: 40100, msg: 'Unauthorized', data: null }), { status: 401 });

/**
 * The calls whose answer is the caller's own data (banks, entries, documents): undefined for
 * other paths, null without a known token (the gateway's 401).
 */
function ownedData(path: string, who: string | null, params: URLSearchParams): unknown {
  const list = /^tm_term_library\/get_list\/([01])$/.exec(path);
  const entries = /^tm_term\/get_es_list\/([01])\/[01]$/.exec(path);
  if (!list && !entries && path !== 'request_translate/doc/my_files') return undefined;
  if (who === null) return null;
  if (list) return fakeBankList(who, Number(list[1]));
  if (entries) return fakeEntries(who, Number(entries[1]), params) ?? { list: [], total: 0, pages: 0, page: 1, page_size: 10 };
  return fakeMyFiles(who, params);
}

export function createFakeGateway() {
  const requests: FakeRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({ url: url.pathname + url.search, headers });
    const bearer = headers.Authorization?.replace(/^Bearer /, '') as keyof typeof TOKENS | undefined;
    const role = bearer && bearer in TOKENS ? TOKENS[bearer] : null;
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
    const path = url.pathname.replace('/api/v1.0/', '');
    const owned = ownedData(path, bearer && role !== null ? bearer : null, url.searchParams);
    if (owned !== undefined) return owned ? ok(owned) : unauthorized();
    switch (path) {
      case 'get_login_config': {
        const code = url.searchParams.get('site_code');
        if (!code) return ok(MAIN_SITE);
        if (code === ACME_SITE.site_code) return ok(ACME_SITE);
        return new Response(JSON.stringify({ code: 40027, msg: 'Site does not exist', data: null }));
      }
      case 'user/get_user_data':
        return ok(userFor(role));
      case 'permission/get_user_login_permission':
        return ok({
          rank: role === null ? 'FREE' : 'REGISTER',
          role,
          permissions: permissionMap({ role: role as 0 | 1 | 2 | null, siteDoCat: false, siteHidePicture: false }),
        });
      default:
        return new Response(JSON.stringify({ code: 40400, msg: 'Not found', data: null }), { status: 404 });
    }
  };
  return { fetch, requests };
}
