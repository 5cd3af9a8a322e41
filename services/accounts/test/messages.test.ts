/**
 * The message center on a real PostgreSQL: posting is idempotent per user and dedupe key, lists
 * are the user's own, paged newest first and rendered in the reader's language, and marking
 * read touches only the caller's messages.
 */
import { createTestDatabase } from '@mtp/platform/testing';
import { runMigrations, type Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountsMigrations, listMessages, markMessagesRead, postMessage, postPaymentMessage, unreadCount } from '../src/index';

let db: Db;
let drop: () => Promise<void>;
let siteId: number;
let users = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await accountsMigrations());
  db = tdb.db;
  drop = () => tdb.drop();
  const { rows } = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true) RETURNING site_id`,
  );
  siteId = rows[0]!.site_id;
});
afterAll(async () => {
  await drop?.();
});

async function createUser(): Promise<number> {
  users += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id) VALUES ($1, 'tester', $2) RETURNING user_id`,
    [`msg${users}@example.com`, siteId],
  );
  return rows[0]!.user_id;
}

const lowBalance = (userId: number, key: string, chars_left = 9_500) =>
  postMessage(db, { userId, kind: 'low_balance', params: { chars_left }, dedupeKey: key });

async function codeOf(p: Promise<unknown>): Promise<number | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('posting', () => {
  it('stores a notice once per user and dedupe key, even when posted concurrently', async () => {
    const a = await createUser();
    const b = await createUser();
    const posted = await Promise.all(Array.from({ length: 10 }, () => lowBalance(a, 'low_balance:7')));
    expect(posted.filter(Boolean)).toHaveLength(1);
    // The same key belongs to each user apart.
    expect(await lowBalance(b, 'low_balance:7')).toBe(true);
    expect(await unreadCount(db, a)).toBe(1);
    expect(await unreadCount(db, b)).toBe(1);
  });

  it('posts one payment message per order, with the order in its text', async () => {
    const userId = await createUser();
    const order = { userId, tid: 'T2031', goods_name: { zh_CN: '标准版（1个月）', en_US: 'Standard (1 month)' }, price_cents: 9_900 };
    expect(await postPaymentMessage(db, { ...order, end_time: '2031-02-01T00:00:00.000Z' })).toBe(true);
    expect(await postPaymentMessage(db, { ...order, end_time: '2031-02-01T00:00:00.000Z' })).toBe(false);
    const en = await listMessages(db, userId, {}, 'en_US');
    expect(en.msg_list).toEqual([
      expect.objectContaining({
        kind: 'payment_succeeded',
        title: 'Payment received',
        content: 'Your purchase of "Standard (1 month)" is complete: ¥99.00 paid, valid until 2031-02-01.',
        is_read: false,
      }),
    ]);
    const zh = await listMessages(db, userId, {}, 'zh_CN');
    expect(zh.msg_list[0]).toMatchObject({
      title: '支付成功',
      content: '您已成功购买「标准版（1个月）」，支付金额 ¥99.00，有效期至 2031-02-01。',
    });
  });

  it('refuses a kind it cannot render', async () => {
    const userId = await createUser();
    const bad = { userId, kind: 'debug', params: {}, dedupeKey: 'x' } as unknown as Parameters<typeof postMessage>[1];
    expect(await codeOf(postMessage(db, bad))).toBe(40000);
  });
});

describe('listing', () => {
  it('pages newest first, filters unread, and renders every kind in both languages without internals', async () => {
    const userId = await createUser();
    await postMessage(db, {
      userId,
      kind: 'plan_expiring',
      params: { plan_name: { zh_CN: '标准版', en_US: 'Standard' }, expires_at: '2031-03-01T00:00:00.000Z', days: 3 },
      dedupeKey: 'exp:1',
    });
    await postMessage(db, {
      userId,
      kind: 'plan_expired',
      params: { plan_name: { zh_CN: '标准版', en_US: 'Standard' } },
      dedupeKey: 'end:1',
    });
    await lowBalance(userId, 'low:1', 8_000);
    await postMessage(db, {
      userId,
      kind: 'package_frozen',
      params: { package_name: { zh_CN: '500万字符包', en_US: '5 million characters' }, chars_left: 4_200_000 },
      dedupeKey: 'frozen:1',
    });

    const first = await listMessages(db, userId, { page: 1, page_size: 3 }, 'en_US');
    expect(first).toMatchObject({ total: 4, pages: 2, unread: 4 });
    expect(first.msg_list.map((m) => m.kind)).toEqual(['package_frozen', 'low_balance', 'plan_expired']);
    expect(first.msg_list[0]!.content).toBe(
      'Your character package "5 million characters" (4,200,000 characters left) is frozen because no plan is active. Renew a plan to use it again.',
    );
    expect(first.msg_list[1]!.content).toContain('Only 8,000 characters are left.');
    const second = await listMessages(db, userId, { page: 2, page_size: 3 }, 'en_US');
    expect(second.msg_list.map((m) => m.kind)).toEqual(['plan_expiring']);
    expect(second.msg_list[0]!.content).toBe(
      'Your plan "Standard" expires on 2031-03-01 (3 days left). Renew it to keep translating without interruption.',
    );
    expect((await listMessages(db, userId, { page: 3, page_size: 3 }, 'en_US')).msg_list).toEqual([]);

    const zh = await listMessages(db, userId, { page_size: 10 }, 'zh_CN');
    for (const m of zh.msg_list) {
      expect(m.title).toMatch(/[\u4e00-\u9fff]/);
      expect(m.content).toMatch(/[\u4e00-\u9fff]/);
      expect(`${m.title}${m.content}`).not.toMatch(/undefined|null|NaN|\{|_/);
    }

    await markMessagesRead(db, userId, first.msg_list[0]!.msg_id);
    const unread = await listMessages(db, userId, { unread: true }, 'en_US');
    expect(unread).toMatchObject({ total: 3, unread: 3, pages: 1 });
    expect(unread.msg_list.map((m) => m.kind)).toEqual(['low_balance', 'plan_expired', 'plan_expiring']);
  });

  it('answers an empty center as zero pages', async () => {
    const userId = await createUser();
    expect(await listMessages(db, userId, {}, 'en_US')).toEqual({ msg_list: [], pages: 0, total: 0, unread: 0 });
  });
});

describe('marking read', () => {
  it("marks one or all of the caller's own messages and never another user's", async () => {
    const a = await createUser();
    const b = await createUser();
    for (const key of ['1', '2', '3']) await lowBalance(a, key);
    await lowBalance(b, 'b1');
    const aMessages = (await listMessages(db, a, {}, 'en_US')).msg_list;
    const bMessage = (await listMessages(db, b, {}, 'en_US')).msg_list[0]!;

    // B cannot mark A's message, and A's stays unread.
    expect(await codeOf(markMessagesRead(db, b, aMessages[0]!.msg_id))).toBe(40400);
    expect(await unreadCount(db, a)).toBe(3);

    expect(await markMessagesRead(db, a, aMessages[0]!.msg_id)).toEqual({ updated: 1, unread: 2 });
    expect(await markMessagesRead(db, a, aMessages[0]!.msg_id)).toEqual({ updated: 0, unread: 2 });
    expect(await markMessagesRead(db, a)).toEqual({ updated: 2, unread: 0 });
    expect(await unreadCount(db, b)).toBe(1);
    expect((await listMessages(db, b, {}, 'en_US')).msg_list[0]).toMatchObject({ msg_id: bMessage.msg_id, is_read: false });
  });
});
