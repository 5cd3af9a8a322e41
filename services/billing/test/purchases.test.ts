import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  currentOrders,
  grantPlan,
  expiredOrders,
  getGoods,
  memberInfo,
  remaining,
  processPaymentNotification,
  reserve,
  searchOrder,
  type SandboxCashier,
} from '../src/index';
import { createBillingFixture, type BillingFixture } from './fixture';
import { at, buy, codeOf, notification, orderOf, sandboxOf, skuIdOf } from './commerce-support';

let fx: BillingFixture;
let cashier: SandboxCashier;
beforeAll(async () => {
  fx = await createBillingFixture(5);
  cashier = await sandboxOf(fx.db);
});
afterAll(async () => {
  expect(await fx.ledgerMismatches()).toEqual([]);
  expect(await fx.reservationMismatches()).toEqual([]);
  await fx.close();
});

const T0 = at('2030-03-10T00:00:00Z');
const lang = 'en_US' as const;
const orderCount = async (userId: number) =>
  Number((await fx.db.query('SELECT count(*) AS n FROM orders WHERE user_id = $1', [userId])).rows[0].n);

describe('buying plans', () => {
  it('starts a new plan now and renews the same plan from the end of the current one', async () => {
    const userId = await fx.createUser();
    const first = await buy(fx.db, cashier, userId, 'standard-m', T0);
    expect(await searchOrder(fx.db, { userId, tid: first, lang, now: T0 })).toMatchObject({
      pay_status: 2,
      status: 1,
      start_time: '2030-03-10T00:00:00.000Z',
      end_time: '2030-04-10T00:00:00.000Z',
      goods_name: 'Standard · 1 month',
    });
    const renewal = await buy(fx.db, cashier, userId, 'standard-qrt', at('2030-03-20T00:00:00Z'));
    expect(await searchOrder(fx.db, { userId, tid: renewal, lang, now: T0 })).toMatchObject({
      start_time: '2030-04-10T00:00:00.000Z',
      end_time: '2030-07-10T00:00:00.000Z',
    });
    expect(await memberInfo(fx.db, { userId, lang, now: at('2030-03-21T00:00:00Z') })).toMatchObject({
      plan_code: 'standard',
      expiration_time: '2030-07-10T00:00:00.000Z',
      expired: false,
      near_expiry: false,
    });
    // The renewal's characters are there once its period starts.
    expect((await remaining(fx.db, userId, at('2030-04-11T00:00:00Z'))).plan_left).toBe(5_000_000);
  });

  it('upgrades standard to professional: the higher is used first, the lower frozen and extended', async () => {
    const userId = await fx.createUser();
    const std = await buy(fx.db, cashier, userId, 'standard-m', T0);
    const pro = await buy(fx.db, cashier, userId, 'professional-m', at('2030-03-20T00:00:00Z'));
    const during = at('2030-03-25T00:00:00Z');
    const current = await currentOrders(fx.db, { userId, lang, now: during });
    expect(current.inuse_order_list.map((o) => o.tid)).toEqual([pro]);
    expect(current.freeze_order_list).toMatchObject([{ tid: std, status: 2, end_time: '2030-05-11T00:00:00.000Z' }]);
    const r = await reserve(fx.db, { userId, taskId: 'up-1', chars: 1000, now: during });
    expect((await remaining(fx.db, userId, during)).plan_code).toBe('professional');
    expect(r.parts).toHaveLength(1);
    // After the professional month (31 days) the standard one continues with its 21 remaining days.
    const after = at('2030-04-25T00:00:00Z');
    const later = await currentOrders(fx.db, { userId, lang, now: after });
    expect(later.inuse_order_list.map((o) => o.tid)).toEqual([std]);
    expect(later.freeze_order_list).toEqual([]);
    expect(await remaining(fx.db, userId, after)).toMatchObject({ plan_code: 'standard', plan_expires_at: '2030-05-11T00:00:00.000Z' });
    expect((await expiredOrders(fx.db, { userId, lang, now: after })).order_list.map((o) => o.tid)).toEqual([pro]);
  });

  it('refuses the enterprise plan to everyone (sales only) and every purchase to enterprise users, writing nothing', async () => {
    const userId = await fx.createUser();
    const enterprise = await skuIdOf(fx.db, 'enterprise-y');
    expect(await codeOf(createOrder(fx.db, { userId, skuId: enterprise, provider: cashier.provider, billing: true, now: T0 }))).toBe(43004);
    // Enterprise comes through a sales contract, granted by an administrator.
    await grantPlan(fx.db, { userId, sku: 'enterprise-y', startsAt: T0 });
    for (const code of ['professional-y', '5M_char-y', 'api_10M-y']) {
      const skuId = await skuIdOf(fx.db, code);
      expect(await codeOf(createOrder(fx.db, { userId, skuId, provider: cashier.provider, billing: true, now: T0 })), code).toBe(43003);
    }
    expect(await orderCount(userId)).toBe(0);
  });

  it('refuses what the dialog disables: a downgrade, the free and document skus; get_goods marks the same', async () => {
    const userId = await fx.createUser();
    await buy(fx.db, cashier, userId, 'professional-m', T0);
    const before = await orderCount(userId);
    for (const code of ['standard-y', 'free', 'doc']) {
      const skuId = await skuIdOf(fx.db, code);
      expect(await codeOf(createOrder(fx.db, { userId, skuId, provider: cashier.provider, billing: true, now: T0 })), code).toBe(43003);
    }
    expect(await orderCount(userId)).toBe(before);
    const goods = await getGoods(fx.db, { userId, lang, billing: true, now: T0 });
    const disabled = (code: string) => goods.goods_list.flatMap((g) => g.itemSkuList).find((s) => s.code === code)!.disabled;
    expect(goods.current_plan).toBe('professional');
    expect([disabled('standard-y'), disabled('professional-y'), disabled('5M_char-y'), disabled('enterprise-y')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(goods.member_list.find((p) => p.code === 'enterprise')).toMatchObject({ contact_sales: true, disabled: true });
  });

  it('marks the dialog for a visitor, a free user and a standard user', async () => {
    const visitor = await getGoods(fx.db, { userId: null, lang: 'zh_CN', billing: true, now: T0 });
    expect(visitor.member_list.find((p) => p.code === 'standard')!.skuList.every((s) => !s.disabled)).toBe(true);
    expect(visitor.char_list.every((s) => s.disabled && s.disabled_reason?.includes('套餐'))).toBe(true);
    const free = await fx.createUser();
    const freeGoods = await getGoods(fx.db, { userId: free, lang, billing: true, now: T0 });
    expect(freeGoods.member_list.filter((p) => !p.disabled).map((p) => p.code)).toEqual(['standard', 'professional']);
    expect(freeGoods.char_list[0]).toMatchObject({ disabled: true, price: 200_000, name: '5 million characters' });
    const std = await fx.createUser();
    await buy(fx.db, cashier, std, 'standard-m', T0);
    const stdGoods = await getGoods(fx.db, { userId: std, lang, billing: true, now: T0 });
    expect(stdGoods.member_list.filter((p) => !p.disabled).map((p) => p.code)).toEqual(['standard', 'professional']);
    expect(stdGoods.char_list.every((s) => !s.disabled)).toBe(true);
  });
});

describe('packages', () => {
  it('need a live plan: refused without one (43007, nothing written)', async () => {
    const userId = await fx.createUser();
    const skuId = await skuIdOf(fx.db, '10M_char-y');
    expect(await codeOf(createOrder(fx.db, { userId, skuId, provider: cashier.provider, billing: true, now: T0 }))).toBe(43007);
    expect(await orderCount(userId)).toBe(0);
  });

  it('are used before the plan, freeze when the plan ends and thaw on renewal', async () => {
    const userId = await fx.createUser();
    await buy(fx.db, cashier, userId, 'standard-m', T0);
    const pack = await buy(fx.db, cashier, userId, '5M_char-y', T0);
    const r = await reserve(fx.db, { userId, taskId: 'pk-1', chars: 2_000, now: T0 });
    expect(await remaining(fx.db, userId, T0)).toMatchObject({ packages_left: 4_998_000, plan_left: 1_500_000 });
    expect(r.parts).toHaveLength(1);

    const lapsed = at('2030-04-15T00:00:00Z');
    expect(await remaining(fx.db, userId, lapsed)).toMatchObject({ plan_code: 'free', packages_frozen: 4_998_000, packages_left: 0 });
    expect((await currentOrders(fx.db, { userId, lang, now: lapsed })).freeze_order_list.map((o) => o.tid)).toEqual([pack]);

    await buy(fx.db, cashier, userId, 'standard-m', lapsed);
    expect(await remaining(fx.db, userId, lapsed)).toMatchObject({ plan_code: 'standard', packages_frozen: 0, packages_left: 4_998_000 });
    expect((await currentOrders(fx.db, { userId, lang, now: lapsed })).inuse_order_list.map((o) => o.tid)).toContain(pack);
  });

  it('paid after the plan ended is still granted (the buyer paid), frozen until a renewal', async () => {
    const userId = await fx.createUser();
    await buy(fx.db, cashier, userId, 'standard-m', T0);
    const { tid, priceCents } = await orderOf(fx.db, cashier, userId, 'api_10M-y', at('2030-04-09T00:00:00Z'));
    const late = at('2030-04-12T00:00:00Z');
    await processPaymentNotification(fx.db, cashier.provider, await notification(fx.db, tid, priceCents, 'paid'), { now: late });
    expect(await remaining(fx.db, userId, late)).toMatchObject({ packages_frozen: 10_000_000, packages_left: 0 });
    expect(await searchOrder(fx.db, { userId, tid, lang, now: late })).toMatchObject({ pay_status: 2, status: 2 });
  });
});

describe('member flags (spec section 4)', () => {
  it('is near expiry from 7 days before and expired the day after the expiry date', async () => {
    const userId = await fx.createUser();
    await buy(fx.db, cashier, userId, 'standard-m', T0); // ends 2030-04-10T00:00Z
    const flags = async (iso: string) => {
      const m = await memberInfo(fx.db, { userId, lang, now: at(iso) });
      return [m.plan_code, m.near_expiry, m.expired];
    };
    expect(await flags('2030-04-02T23:59:59Z')).toEqual(['standard', false, false]);
    expect(await flags('2030-04-03T00:00:00Z')).toEqual(['standard', true, false]);
    expect(await flags('2030-04-09T23:59:59Z')).toEqual(['standard', true, false]);
    // The expiry day itself: the plan has ended, but "today" is not after the expiry date yet.
    expect(await flags('2030-04-10T12:00:00Z')).toEqual(['free', true, false]);
    expect(await flags('2030-04-11T00:00:00Z')).toEqual(['free', false, true]);
  });

  it('reports no dates and no flags to a user who never bought', async () => {
    const userId = await fx.createUser();
    expect(await memberInfo(fx.db, { userId, lang, now: T0 })).toMatchObject({
      plan_code: 'free',
      expiration_time: null,
      expired: false,
      near_expiry: false,
      billing: true,
    });
  });
});
