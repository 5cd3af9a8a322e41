/**
 * Server-side renders of /member, /history and /message through the real router, client and
 * guards, against the fake gateway with the commerce calls answered (commerce/fake-commerce.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../api/instance';
import { clearTokens, rememberSite } from '../../auth/tokens';
import { createCommerceGateway, fakeGoods, fakeMember, fakeRemaining, type CommerceScript } from '../../commerce/fake-commerce';
import { changeLang } from '../../i18n';
import { renderRoute } from '../../test-utils/render-route';

const realFetch = globalThis.fetch;

function serve(script: CommerceScript = {}) {
  const gateway = createCommerceGateway(script);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

beforeEach(async () => {
  clearTokens(storage);
  rememberSite(storage, null);
  storage.setItem('authToken', 'normal');
  storage.setItem('refreshToken', 'normal-refresh');
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  clearTokens(storage);
});

describe('/member', () => {
  it('shows the plan, its expiry and the balance by source', async () => {
    serve({ remaining: fakeRemaining({ packages_frozen: 300_000 }) });
    const page = await renderRoute('/member');
    expect(page.pathname).toBe('/member');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'member-page',
        'member-plan',
        'member-expiry',
        'member-renew',
        'member-buy-chars',
        'balance-total',
        'balance-plan',
        'balance-packages',
        'balance-frozen',
        'package-row',
      ]),
    );
    expect(page.html).toMatch(/data-testid="balance-total"[^>]*>1,200,000</);
    expect(page.html).toMatch(/data-testid="balance-frozen"[^>]*>300,000</);
    expect(page.testIds).not.toContain('member-near-expiry');
    expect(page.testIds).not.toContain('feature-placeholder');
  });

  it('shows API packages apart from the total, each tagged', async () => {
    const api = {
      sku: 'api_10M-y',
      chars_total: 10_000_000,
      chars_left: 9_000_000,
      expires_at: '2027-01-01T00:00:00.000Z',
      state: 'in_use' as const,
    };
    serve({ remaining: fakeRemaining({ api_packages_left: 9_000_000, packages: [api] }) });
    const page = await renderRoute('/member');
    expect(page.html).toMatch(/data-testid="balance-api"[^>]*>9,000,000</);
    expect(page.html).toMatch(/data-testid="balance-total"[^>]*>1,200,000</);
    expect(page.testIds).toContain('package-api');
  });

  it('warns from a week before the expiry', async () => {
    serve({ member: fakeMember({ near_expiry: true }) });
    const page = await renderRoute('/member');
    expect(page.testIds).toContain('member-near-expiry');
    expect(page.html).toContain('Your plan ends on Nov 25, 2026.');
  });

  it('says when the plan has ended', async () => {
    serve({ member: fakeMember({ expired: true, near_expiry: true }) });
    const page = await renderRoute('/member');
    expect(page.testIds).toContain('member-expired');
    expect(page.testIds).not.toContain('member-near-expiry');
  });

  it('speaks Chinese', async () => {
    serve({ member: fakeMember({ near_expiry: true }) });
    await changeLang('zh_CN');
    const page = await renderRoute('/member');
    expect(page.html).toContain('我的会员');
    expect(page.html).toContain('请及时续费');
  });
});

describe('BILLING=off', () => {
  it('has no /member (sent to /account, not in the navigation) and no prices in /history', async () => {
    serve({ goods: fakeGoods({ billing: false }) });
    const member = await renderRoute('/member');
    expect(member.pathname).toBe('/account');
    expect(member.html).not.toContain('href="/member"');
    expect(member.testIds).not.toContain('open-purchase');
    const history = await renderRoute('/history');
    expect(history.testIds).toContain('order-row');
    expect(history.html).not.toContain('¥');
  });

  it('with billing on, /member is in the navigation and the header offers the upgrade', async () => {
    serve();
    const page = await renderRoute('/account');
    expect(page.html).toContain('href="/member"');
    expect(page.testIds).toContain('open-purchase');
  });
});

describe('/history', () => {
  it('lists the orders in use and frozen, then the ended ones page by page', async () => {
    serve();
    const first = await renderRoute('/history');
    expect(first.testIds).toEqual(expect.arrayContaining(['history-page', 'current-orders', 'expired-orders', 'history-pages']));
    const tids = [...first.html.matchAll(/data-testid="order-row" data-tid="([^"]+)" data-status="(\d)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(tids.slice(0, 2)).toEqual(['T-inuse:1', 'T-frozen:2']);
    expect(tids).toHaveLength(12);
    expect(first.html).toContain('¥49.00');
    const second = await renderRoute('/history?page=2');
    expect([...second.html.matchAll(/data-tid="T-old-/g)]).toHaveLength(2);
  });
});

describe('/message', () => {
  it('pages the messages ten at a time and marks read and unread ones', async () => {
    const gateway = serve();
    const first = await renderRoute('/message');
    const states = [...first.html.matchAll(/data-testid="message-item" data-msg-id="(\d+)" data-read="(\w+)"/g)].map((m) => m[2]);
    expect(states).toHaveLength(10);
    expect(states.slice(0, 2)).toEqual(['false', 'true']);
    expect(first.testIds.filter((id) => id === 'mark-read')).toHaveLength(5);
    expect(first.testIds).toEqual(expect.arrayContaining(['message-page', 'message-filter', 'mark-all-read', 'message-pages']));
    const second = await renderRoute('/message?page=2');
    expect([...second.html.matchAll(/data-testid="message-item"/g)]).toHaveLength(2);
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/messages?page_size=10&page=2');
  });

  it('shows only the unread ones under the unread filter', async () => {
    const gateway = serve();
    const page = await renderRoute('/message?unread=1');
    const states = [...page.html.matchAll(/data-testid="message-item" data-msg-id="\d+" data-read="(\w+)"/g)].map((m) => m[1]);
    expect(states).toEqual(Array(6).fill('false'));
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/messages?page_size=10&page=1&unread=true');
    expect(page.testIds).not.toContain('message-pages');
  });

  it('shows the unread count on the user menu', async () => {
    serve({ msgCount: 3 });
    const page = await renderRoute('/message');
    expect(page.html).toMatch(/data-testid="unread-count"[^>]*><div[^>]*data-with-label="true">3<\/div>/);
  });
});
