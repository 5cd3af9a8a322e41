/**
 * /alluser and /user-data rendered through the real router against the fake gateway (the user
 * administration calls answered here in proto's shapes), and the pure rules of the URL.
 */
import { describe, expect, it } from 'vitest';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import type { AdminUserData, AdminUserItem } from '@mtp/proto';
import { createCommerceGateway, fakeMember, fakeOrder, fakeRemaining } from '../../../commerce/fake-commerce';
import { changeLang } from '../../../i18n';
import { renderRoute } from '../../../test-utils/render-route';
import { importTemplateCsv } from './user-admin-endpoints';
import { usersQueryOf, validateUserSearch } from './user-search';

withAdminPageSession();
const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));

const fakeUser = (i: number): AdminUserItem => ({
  user_id: 100 + i,
  account: `member${i}@example.com`,
  username: `Member ${i}`,
  role: 2,
  site_id: 1,
  site_name: 'MT Platform',
  activated: i % 2 === 0,
  must_change_password: false,
  created_at: '2026-01-02T03:04:05Z',
  plan_code: 'standard',
  plan_name: 'Standard',
  expiration_time: '2026-12-31T00:00:00Z',
});

function serve() {
  const commerce = createCommerceGateway();
  const requests: string[] = [];
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path === 'admin/users') {
      requests.push(url.pathname + url.search);
      return ok({ list: [0, 1, 2].map(fakeUser), total: 13, pages: 2, page: 1, page_size: 10 });
    }
    if (path === 'admin/user_data') {
      requests.push(url.pathname + url.search);
      const data: AdminUserData = {
        profile: fakeUser(7),
        member: fakeMember(),
        balance: fakeRemaining(),
        usage: [{ day: '2026-01-05', kind: 'text', chars: 1234 }],
        orders: {
          current: { inuse_order_list: [fakeOrder('T-1')], freeze_order_list: [] },
          expired: { order_list: [], pages: 0, total: 0 },
        },
        tasks: [],
        banks: [
          {
            bank_id: 31,
            name: 'Member legal',
            bank_name: 'Member legal',
            flag: 0,
            system_or_individual: 1,
            src_lang: 'en-us',
            tgt_lang: 'zh-cn',
            tow_way: 0,
            domain: 'general',
            entry_count: 4321,
            created_at: '2026-01-03T04:05:06Z',
          },
        ],
      };
      return ok(data);
    }
    return commerce.fetch(input, init);
  }) as typeof fetch;
  return requests;
}

describe('/alluser', () => {
  it('lists users with the URL’s filters and pages, with add, import and row actions', async () => {
    const requests = serve();
    loginAs('admin');
    const page = await renderRoute('/alluser?keyword=mem&role=2&plan=standard&state=active&from=2026-01-01&page=2');
    expect(page.pathname).toBe('/alluser');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'all-users-page',
        'user-add',
        'user-import',
        'user-search',
        'user-role',
        'user-plan',
        'user-state',
        'user-from',
        'user-to',
        'user-table',
        'user-pages',
        'user-actions',
      ]),
    );
    expect(requests).toContain('/api/v1.0/admin/users?page_size=10&page=2&keyword=mem&role=2&plan=standard&state=active&from=2026-01-01');
    expect([...page.html.matchAll(/data-testid="user-row"/g)]).toHaveLength(3);
    expect(page.html).toContain('member1@example.com');
    expect(page.testIds).not.toContain('feature-placeholder');
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('manager');
    await changeLang('zh_CN');
    const page = await renderRoute('/alluser');
    expect(page.html).toContain('批量导入');
    expect(page.html).toContain('普通用户');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/alluser')).pathname).toBe('/403');
  });
});

describe('/user-data', () => {
  it('shows one user’s profile, plan, balance, usage, orders and banks', async () => {
    const requests = serve();
    loginAs('admin');
    const page = await renderRoute('/user-data?user_id=107');
    expect(requests).toContain('/api/v1.0/admin/user_data?user_id=107');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['user-data-page', 'user-profile', 'user-plan-card', 'user-usage', 'user-order', 'user-banks', 'user-bank']),
    );
    expect(page.html).toContain('member7@example.com');
    expect(page.html).toContain('1,234');
    expect(page.html).toContain('Memories and termbases');
    expect(page.html).toContain('Member legal');
    expect(page.html).toContain('4321 entries');
    expect(page.html).toContain('href="/all-memorybank"');
    expect(page.html).toContain('href="/all-temtermbank"');
  });

  it('shows the banks in Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    try {
      const page = await renderRoute('/user-data?user_id=107');
      expect(page.html).toContain('记忆库和术语库');
      expect(page.html).toContain('Member legal');
    } finally {
      await changeLang('en_US');
    }
  });

  it('asks for a user when none is named', async () => {
    serve();
    loginAs('admin');
    const page = await renderRoute('/user-data');
    expect(page.html).toContain('Choose a user in');
  });
});

describe('the user search params', () => {
  it('keeps valid filters and drops bad ones', () => {
    expect(
      validateUserSearch({
        keyword: ' a ',
        role: '1',
        site_id: '3',
        plan: 'professional',
        state: 'inactive',
        from: '2026-02-30x',
        page: '2',
      }),
    ).toEqual({
      keyword: 'a',
      role: 1,
      site_id: 3,
      plan: 'professional',
      state: 'inactive',
      from: undefined,
      to: undefined,
      page: 2,
    });
    expect(validateUserSearch({ role: 5, plan: 'gold', state: 'asleep', site_id: '-1' })).toMatchObject({
      role: undefined,
      plan: undefined,
      state: undefined,
      site_id: undefined,
    });
    expect(usersQueryOf({ role: 0, page: 3 })).toEqual({ page: 3, role: 0 });
  });

  it('offers a template with the import columns', () => {
    expect(importTemplateCsv()).toContain('account,username,password,role,site');
  });
});
