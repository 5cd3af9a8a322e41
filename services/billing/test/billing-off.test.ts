import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, getGoods, memberInfo, remaining, reserve, setBillingMode, UNLIMITED_MONTHLY_CHARS } from '../src/index';
import { at, codeOf, sandboxOf, skuIdOf } from './commerce-support';
import { createBillingFixture, type BillingFixture } from './fixture';

let fx: BillingFixture;
beforeAll(async () => {
  fx = await createBillingFixture(5);
});
afterAll(async () => {
  expect(await fx.ledgerMismatches()).toEqual([]);
  await fx.close();
});

const T0 = at('2030-09-15T00:00:00Z');

describe('BILLING=off (a private deployment)', () => {
  it('sells nothing, lists no prices, and lets every account translate without limit', async () => {
    await setBillingMode(fx.db, false);
    const userId = await fx.createUser();
    const cashier = await sandboxOf(fx.db);
    const skuId = await skuIdOf(fx.db, 'standard-m');
    expect(await codeOf(createOrder(fx.db, { userId, skuId, provider: cashier.provider, billing: false, now: T0 }))).toBe(43005);
    expect(Number((await fx.db.query('SELECT count(*) AS n FROM orders')).rows[0].n)).toBe(0);
    expect(await getGoods(fx.db, { userId, lang: 'en_US', billing: false, now: T0 })).toMatchObject({
      billing: false,
      member_list: [],
      char_list: [],
      goods_list: [],
    });
    // Far beyond any free or sold allowance, twice.
    await reserve(fx.db, { userId, taskId: 'off-1', chars: 50_000_000_000, now: T0 });
    await reserve(fx.db, { userId, taskId: 'off-2', chars: 50_000_000_000, now: T0 });
    expect(await remaining(fx.db, userId, T0)).toMatchObject({
      plan_code: 'enterprise',
      total_left: UNLIMITED_MONTHLY_CHARS - 100_000_000_000,
    });
    expect(await memberInfo(fx.db, { userId, lang: 'en_US', now: T0 })).toMatchObject({ billing: false, expired: false });

    // Back on: the unlimited allowances end now and the ordinary rules apply again.
    await setBillingMode(fx.db, true, T0);
    const after = new Date(T0.getTime() + 1000);
    expect(await remaining(fx.db, userId, after)).toMatchObject({ plan_code: 'free', total_left: 100_000 });
    expect(await codeOf(reserve(fx.db, { userId, taskId: 'on-1', chars: 100_001, now: after }))).toBe(41005);
  });
});
