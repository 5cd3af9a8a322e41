/**
 * The message center through the API (issue 17) on a real PostgreSQL: notices posted by the
 * billing sweep and the payment hook, listed in the caller's language, marked read one by one or
 * all at once, counted in the user data beside the plan from the ledger; and never another
 * user's messages, to read or to mark.
 */
import { postPaymentMessage } from '@mtp/accounts';
import { grantPlan, reserve } from '@mtp/billing';
import type { MessagesData, UpdateMessagesData, UserData } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepBillingNotices } from '../src/billing-notices-sweep';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
});
afterAll(async () => {
  await gw.close();
});

const DAY_MS = 86_400_000;
const sweep = () => sweepBillingNotices({ db: gw.db, log: (line) => gw.log.push(line) });
const messages = (token: string, query: Record<string, string> = {}, lang = 'en-US') =>
  gw.call<MessagesData>('GET', 'messages', { token, query, lang });
const markRead = (token: string, query: Record<string, string> = {}) =>
  gw.call<UpdateMessagesData>('GET', 'update_messages', { token, query });
const userData = async (token: string) => (await gw.call<UserData>('GET', 'user/get_user_data', { token })).data;

describe('the message center', () => {
  it("lists, counts and marks read the caller's notices, in the caller's language", async () => {
    const a = await gw.registeredUser('msg-a@example.com');
    await reserve(gw.db, { userId: a.userId, taskId: 'msg-a-1', chars: 95_000 });
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await sweep()).toBe(0);
    await postPaymentMessage(gw.db, {
      userId: a.userId,
      tid: 'tid-0001',
      goods_name: 'Standard · 1 month',
      price_cents: 9_900,
      end_time: null,
    });

    const en = await messages(a.token);
    expect(en.code).toBe(20000);
    expect(en.data).toMatchObject({ total: 2, pages: 1, unread: 2 });
    expect(en.data.msg_list.map((m) => [m.kind, m.title])).toEqual([
      ['payment_succeeded', 'Payment received'],
      ['low_balance', 'Few characters left'],
    ]);
    expect(en.data.msg_list[1]!.content).toContain('Only 5,000 characters are left');
    const zh = await messages(a.token, {}, 'zh-CN');
    expect(zh.data.msg_list.map((m) => m.title)).toEqual(['支付成功', '字符余额不足']);
    expect((await messages(a.token, { page: '2', page_size: '1' })).data).toMatchObject({
      total: 2,
      pages: 2,
      msg_list: [{ kind: 'low_balance' }],
    });
    expect((await userData(a.token)).msg_count).toBe(2);

    const first = en.data.msg_list[0]!.msg_id;
    expect((await markRead(a.token, { msg_id: String(first) })).data).toEqual({ updated: 1, unread: 1 });
    expect((await messages(a.token, { unread: 'true' })).data.msg_list.map((m) => m.kind)).toEqual(['low_balance']);
    expect((await userData(a.token)).msg_count).toBe(1);
    expect((await markRead(a.token)).data).toEqual({ updated: 1, unread: 0 });
    expect((await userData(a.token)).msg_count).toBe(0);
  });

  it("never shows or marks another user's messages", async () => {
    const a = await gw.registeredUser('owner-a@example.com');
    const b = await gw.registeredUser('other-b@example.com');
    await postPaymentMessage(gw.db, {
      userId: a.userId,
      tid: 'tid-a',
      goods_name: 'Standard · 1 month',
      price_cents: 9_900,
      end_time: null,
    });
    const aMsg = (await messages(a.token)).data.msg_list[0]!;

    expect((await messages(b.token)).data).toEqual({ msg_list: [], pages: 0, total: 0, unread: 0 });
    const foreign = await markRead(b.token, { msg_id: String(aMsg.msg_id) });
    expect(foreign.code).toBe(40400);
    expect((await markRead(b.token)).data).toEqual({ updated: 0, unread: 0 });
    expect((await messages(a.token)).data.msg_list[0]).toMatchObject({ msg_id: aMsg.msg_id, is_read: false });
    expect((await userData(a.token)).msg_count).toBe(1);
  });

  it('needs a token and checks its parameters', async () => {
    const { token } = await gw.registeredUser('params@example.com');
    expect((await gw.call('GET', 'messages')).status).toBe(401);
    expect((await gw.call('GET', 'update_messages')).status).toBe(401);
    expect((await messages(token, { page_size: '1000' })).code).toBe(40000);
    expect((await messages(token, { page: '0' })).code).toBe(40000);
    expect((await markRead(token, { msg_id: 'abc' })).code).toBe(40000);
    expect((await markRead(token, { msg_id: '1e300' })).code).toBe(40400);
    expect((await messages(token, { page: '1e300' })).data).toMatchObject({ msg_list: [], total: 0 });
  });
});

describe('the user data from the ledger', () => {
  it('answers the plan sku, the membership period and its flags', async () => {
    const u = await gw.registeredUser('member@example.com');
    expect(await userData(u.token)).toMatchObject({
      code: 'free',
      expiration_time: null,
      member_start_time: null,
      expired: false,
      near_expiry: false,
    });
    const plan = await grantPlan(gw.db, { userId: u.userId, sku: 'standard-m', startsAt: new Date(Date.now() - 25 * DAY_MS) });
    expect(await userData(u.token)).toMatchObject({
      code: 'standard-m',
      member_start_time: plan.startsAt.toISOString(),
      expiration_time: plan.expiresAt.toISOString(),
      expired: false,
      near_expiry: true,
    });
    // The sweep tells the member once that the plan ends soon.
    await sweep();
    await sweep();
    const list = (await messages(u.token)).data.msg_list;
    expect(list.map((m) => m.kind)).toEqual(['plan_expiring']);
    expect(list[0]!.content).toContain(`expires on ${plan.expiresAt.toISOString().slice(0, 10)}`);
  });
});

describe('the sweep', () => {
  it('skips its round while another replica holds its lock', async () => {
    const other = await gw.db.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [0x6d7470_02]);
      expect(await sweep()).toBeNull();
      await other.query('SELECT pg_advisory_unlock($1)', [0x6d7470_02]);
      expect(await sweep()).not.toBeNull();
    } finally {
      other.release();
    }
  });
});
