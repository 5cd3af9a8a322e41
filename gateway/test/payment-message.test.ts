/**
 * The payment message: a payment taken through the sandbox cashier leaves one "payment succeeded"
 * message in the buyer's message center (in the reader's language, naming the goods), whatever
 * the number of notifications, and raises msg_count in the user data.
 */
import type { CreateOrderData, GoodsData, MessagesData, UserData } from '@mtp/proto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitCashier } from './cashier-support';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let base: string;

beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
  base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await gw.close();
});

it('posts one payment message per paid order, in the reader language', async () => {
  const { token } = await gw.registeredUser('paid-message@example.com');
  const goods = await gw.call<GoodsData>('GET', 'get_goods', { token });
  const sku = goods.data.goods_list.flatMap((g) => g.itemSkuList).find((s) => s.code === 'standard-m')!;
  const created = await gw.call<CreateOrderData>('POST', 'create_orders', { token, body: { id: sku.sku_id } });
  await submitCashier(base, created.data.redirec_url, 'pay');
  // A second submission of the same order's page is a repeated notification at most.
  await fetch(`${base}${created.data.redirec_url}`);

  const en = await gw.call<MessagesData>('GET', 'messages', { token, lang: 'en-US' });
  expect(en.data.total).toBe(1);
  expect(en.data.msg_list[0]).toMatchObject({ kind: 'payment_succeeded', is_read: false });
  expect(en.data.msg_list[0]!.content).toContain('¥99.00');
  const zh = await gw.call<MessagesData>('GET', 'messages', { token, lang: 'zh-CN' });
  expect(zh.data.msg_list[0]!.title).not.toBe(en.data.msg_list[0]!.title);
  const user = await gw.call<UserData>('GET', 'user/get_user_data', { token });
  expect(user.data).toMatchObject({ msg_count: 1, code: 'standard-m' });
});
