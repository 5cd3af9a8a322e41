/**
 * /ordermanagement rendered through the real router against the fake gateway (commerce calls
 * answered by commerce/fake-commerce.ts), and the pure rules of its URL and price input.
 */
import { describe, expect, it } from 'vitest';
import { loginAs, withAdminPageSession } from '../../../test-utils/admin-page-session';
import { createCommerceGateway, fakeGoods, type CommerceScript } from '../../../commerce/fake-commerce';
import { changeLang } from '../../../i18n';
import { renderRoute } from '../../../test-utils/render-route';
import { ordersQueryOf, parseYuan, validateOrderSearch, yuanText } from './order-search';

withAdminPageSession();

function serve(script: CommerceScript = {}) {
  const gateway = createCommerceGateway(script);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/ordermanagement', () => {
  it('lists every order with the URL’s filters, pages, export and the super admin’s price table', async () => {
    const gateway = serve();
    loginAs('admin');
    const page = await renderRoute('/ordermanagement?keyword=alice&pay_status=2&from=2026-01-01&page=2');
    expect(page.pathname).toBe('/ordermanagement');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'order-management-page',
        'order-search',
        'order-state',
        'order-from',
        'order-to',
        'order-export',
        'admin-order-table',
        'admin-order-pages',
        'price-table',
        'price-row',
        'edit-price',
      ]),
    );
    expect(gateway.requests.map((r) => r.url)).toContain(
      '/api/v1.0/admin/orders?page_size=10&page=2&keyword=alice&pay_status=2&from=2026-01-01',
    );
    expect([...page.html.matchAll(/data-testid="admin-order-row"/g)]).toHaveLength(2);
    expect(page.html).toMatch(/data-testid="price-row" data-sku="professional-m"[\s\S]*?¥99\.00/);
    expect(page.testIds).not.toContain('feature-placeholder');
  });

  it('shows a manager the prices read-only', async () => {
    serve();
    loginAs('manager');
    const page = await renderRoute('/ordermanagement');
    expect(page.testIds).toContain('price-table');
    expect(page.testIds).not.toContain('edit-price');
    expect(page.html).toContain('Only the super administrator changes prices.');
  });

  it('shows no price anywhere with BILLING=off', async () => {
    serve({ goods: fakeGoods({ billing: false }) });
    loginAs('admin');
    const page = await renderRoute('/ordermanagement');
    expect(page.testIds).toContain('admin-order-table');
    expect(page.testIds).not.toContain('price-table');
    expect(page.html).not.toContain('¥');
  });

  it('is closed to ordinary users', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/ordermanagement')).pathname).toBe('/403');
  });

  it('speaks Chinese', async () => {
    serve();
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/ordermanagement');
    expect(page.html).toContain('订单管理');
    expect(page.html).toContain('导出 CSV');
  });
});

describe('the order search params', () => {
  it('keeps valid filters and drops bad ones', () => {
    expect(validateOrderSearch({ keyword: ' bob ', pay_status: '3', from: '2026-01-01', to: '2026-13-45', page: '2' })).toEqual({
      keyword: 'bob',
      pay_status: 3,
      from: '2026-01-01',
      to: undefined,
      page: 2,
    });
    expect(validateOrderSearch({ pay_status: 9, page: 'x' })).toMatchObject({ pay_status: undefined, page: undefined });
    expect(validateOrderSearch({ pay_status: 0 }).pay_status).toBe(0);
  });

  it('turns a place of the table into the call’s query', () => {
    expect(ordersQueryOf({})).toEqual({ page: 1 });
    expect(ordersQueryOf({ pay_status: 0, keyword: 'a', page: 3 })).toEqual({ page: 3, pay_status: 0, keyword: 'a' });
  });
});

describe('the price input', () => {
  it('reads yuan with up to two decimals as cents', () => {
    expect(parseYuan('99')).toBe(9900);
    expect(parseYuan(' 99.9 ')).toBe(9990);
    expect(parseYuan('0.05')).toBe(5);
    expect(yuanText(9990)).toBe('99.90');
  });

  it('refuses negatives, three decimals, text and absurd amounts', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '1234567']) expect(parseYuan(bad)).toBeNull();
  });
});
