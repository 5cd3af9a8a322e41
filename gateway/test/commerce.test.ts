/**
 * Commerce through the real gateway: the catalogue, orders, the sandbox cashier driven as a
 * browser without JavaScript would (fetch the page, post its Pay form over HTTP), the signed
 * server-to-server notification, the balance, the admin price table and order export, BILLING=off.
 */
import type { PaidOrderEvent } from '@mtp/billing';
import type {
  AdminOrdersData,
  CreateOrderData,
  CurrentOrderData,
  GoodsData,
  GoodsSku,
  MemberData,
  OrderItem,
  RemainingData,
} from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitCashier as submitCashierAt } from './cashier-support';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let base: string;
// The real time unless a test moves it: user/remaining_str (the ledger's balance) reads the wall clock.
let now = new Date();
const paid: PaidOrderEvent[] = [];

beforeAll(async () => {
  gw = await buildTestGateway({
    docWorker: false,
    app: { commerce: { clock: () => now, onPaid: (o) => void paid.push(o), listen: { waitMs: 1_000, pollMs: 20 } } },
  });
  // The cashier notifies the platform over HTTP, as a provider would: the gateway must listen.
  base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gw.close();
});

async function skuOf(token: string | undefined, code: string): Promise<GoodsSku> {
  const goods = await gw.call<GoodsData>('GET', 'get_goods', { token });
  return goods.data.goods_list.flatMap((g) => g.itemSkuList).find((s) => s.code === code)!;
}

async function order(token: string, code: string): Promise<CreateOrderData> {
  const res = await gw.call<CreateOrderData>('POST', 'create_orders', { token, body: { id: (await skuOf(token, code)).sku_id } });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

const submitCashier = (redirecUrl: string, button: 'pay' | 'fail') => submitCashierAt(base, redirecUrl, button);

const state = async (token: string, tid: string) => (await gw.call<OrderItem>('GET', 'search_orders', { token, query: { tid } })).data;

describe('the sandbox cashier', () => {
  it('shows the order without scripts, takes a payment over HTTP and grows the balance', async () => {
    const { token } = await gw.registeredUser('buyer@example.com');
    const { tid, redirec_url } = await order(token, 'standard-m');
    expect(tid).toMatch(/^[0-9a-f]{32}$/);
    expect(redirec_url).toBe(`/sandbox-cashier/${tid}`);

    const pageRes = await fetch(`${base}${redirec_url}`, { headers: { 'accept-language': 'en' } });
    const html = await pageRes.text();
    expect(html).toContain('Sandbox cashier — no real money');
    expect(html).toContain('¥99.00');
    expect(html).not.toContain('<script');
    const csp = pageRes.headers.get('content-security-policy')!;
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/script-src/);
    expect(csp).toContain("default-src 'none'");
    expect((await state(token, tid)).pay_status).toBe(1);

    const before = (await gw.call<RemainingData>('GET', 'user/remaining_str', { token })).data.total_left;
    expect(await submitCashier(redirec_url, 'pay')).toContain('close this window');
    expect(await state(token, tid)).toMatchObject({ pay_status: 2, status: 1, price: 9_900 });
    const after = (await gw.call<RemainingData>('GET', 'user/remaining_str', { token })).data;
    expect(after).toMatchObject({ plan_code: 'standard', plan_left: 1_500_000 });
    expect(after.total_left).toBeGreaterThan(before);
    expect((await gw.call<OrderItem>('GET', 'listen_order', { token, query: { tid } })).data.pay_status).toBe(2);
    expect(paid.filter((p) => p.tid === tid)).toHaveLength(1);
    // The page of a paid order offers nothing more to pay.
    expect(await (await fetch(`${base}${redirec_url}`)).text()).not.toContain('<form');
  });

  it('fails an order from its Fail form, then takes a payment from the failure panel once', async () => {
    const { token } = await gw.registeredUser('retry@example.com');
    const { tid, redirec_url } = await order(token, 'professional-m');
    expect(await submitCashier(redirec_url, 'fail')).toContain('failed');
    expect((await state(token, tid)).pay_status).toBe(3);
    expect((await gw.call<OrderItem>('GET', 'listen_order', { token, query: { tid } })).data.pay_status).toBe(3);
    await submitCashier(redirec_url, 'pay');
    expect((await state(token, tid)).pay_status).toBe(2);
    const current = await gw.call<CurrentOrderData>('GET', 'current_order', { token });
    expect(current.data.inuse_order_list.map((o) => o.tid)).toEqual([tid]);
  });

  it('refuses a forged notification without changing the order', async () => {
    const { token } = await gw.registeredUser('forged@example.com');
    const { tid } = await order(token, 'standard-m');
    const res = await fetch(`${base}/api/v1.0/payment/notify/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        out_trade_no: tid,
        total_amount_cents: '9900',
        trade_status: 'TRADE_SUCCESS',
        trade_no: 'x',
        sign: 'AAAA',
      }).toString(),
    });
    expect(((await res.json()) as { code: number }).code).toBe(43006);
    expect((await state(token, tid)).pay_status).toBe(0);
  });
});

describe('orders', () => {
  it('needs a login to buy, keeps orders private and applies the dialog rules on the server', async () => {
    const sku = await skuOf(undefined, 'standard-m');
    expect((await gw.call('POST', 'create_orders', { body: { id: sku.sku_id } })).status).toBe(401);
    const a = await gw.registeredUser('owner@example.com');
    const b = await gw.registeredUser('other@example.com');
    const { tid } = await order(a.token, 'standard-m');
    expect((await gw.call('GET', 'search_orders', { token: b.token, query: { tid } })).code).toBe(43001);
    const pkg = await skuOf(b.token, '5M_char-y');
    expect(pkg.disabled).toBe(true);
    expect((await gw.call('POST', 'create_orders', { token: b.token, body: { id: pkg.sku_id } })).code).toBe(43007);
    const ent = await skuOf(b.token, 'enterprise-y');
    expect((await gw.call('POST', 'create_orders', { token: b.token, body: { id: ent.sku_id } })).code).toBe(43004);
    expect((await gw.call('POST', 'create_orders', { token: b.token, body: { id: sku.sku_id, goods_type: 2 } })).code).toBe(40000);
  });

  it('reports the member flags at the injected time', async () => {
    const { token } = await gw.registeredUser('member@example.com');
    now = new Date('2030-06-01T00:00:00Z');
    const { redirec_url } = await order(token, 'standard-m');
    await submitCashier(redirec_url, 'pay');
    now = new Date('2030-06-26T00:00:00Z');
    expect((await gw.call<MemberData>('GET', 'member_info', { token })).data).toMatchObject({
      plan_code: 'standard',
      expiration_time: '2030-07-01T00:00:00.000Z',
      near_expiry: true,
      expired: false,
    });
    now = new Date('2030-07-02T00:00:00Z');
    expect((await gw.call<MemberData>('GET', 'member_info', { token })).data).toMatchObject({ plan_code: 'free', expired: true });
    now = new Date();
  });
});

describe('admin', () => {
  it('changes a price without a deploy (super admin only) and lists and exports the orders as safe CSV', async () => {
    const user = await gw.registeredUser('csv@example.com');
    await gw.db.query(`UPDATE users SET username = '=HYPERLINK("http://evil.example")' WHERE user_id = $1`, [user.userId]);
    expect((await gw.call('GET', 'admin/goods', { token: user.token })).code).toBe(42000);
    const admin = await gw.adminToken();
    const res = await gw.call<GoodsSku>('POST', 'admin/goods/update_price', {
      token: admin,
      body: { sku_code: 'standard-qrt', price: 19_900 },
    });
    expect(res.data).toMatchObject({ code: 'standard-qrt', price: 19_900 });
    expect((await skuOf(user.token, 'standard-qrt')).price).toBe(19_900);
    const { tid } = await order(user.token, 'standard-qrt');
    expect((await state(user.token, tid)).price).toBe(19_900);

    const list = await gw.call<AdminOrdersData>('GET', 'admin/orders', { token: admin, query: { keyword: 'csv@', pay_status: '0' } });
    expect(list.data).toMatchObject({ total: 1, order_list: [{ tid, account: 'csv@example.com', price: 19_900 }] });
    const csv = await gw.app.inject({ url: '/api/v1.0/admin/orders/export?keyword=csv%40', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv.body).toContain('"199.00"');
  });
});

describe('BILLING=off', () => {
  it('lists no goods and sells nothing', async () => {
    const off = await buildTestGateway({ docWorker: false, app: { commerce: { billing: false } } });
    try {
      const { token } = await off.registeredUser('private@example.com');
      expect((await off.call<GoodsData>('GET', 'get_goods', { token })).data).toMatchObject({
        billing: false,
        member_list: [],
        char_list: [],
      });
      expect((await off.call('POST', 'create_orders', { token, body: { id: 2 } })).code).toBe(43005);
      expect((await off.call<RemainingData>('GET', 'user/remaining_str', { token })).data.plan_code).toBe('enterprise');
    } finally {
      await off.close();
    }
  });
});
