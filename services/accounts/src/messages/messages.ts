/**
 * The message center (issue 17): notices to one user, stored as a kind and its params and
 * rendered in the reader's language when listed. Posting is idempotent per (user, dedupe key),
 * so the billing sweep and the payment hook may post the same notice any number of times, from
 * any replica, and the user sees it once. Every read and write is scoped to the caller's user id.
 */
import type { Db } from '@mtp/platform';
import {
  AppError,
  MESSAGE_KINDS,
  type MessageItem,
  type MessageName,
  type MessagesData,
  type NewMessage,
  type UiLang,
  type UpdateMessagesData,
} from '@mtp/proto';
import { renderMessage } from './message-texts';

/** The center's page size when the client names none (the spec gives no number). */
export const DEFAULT_MESSAGE_PAGE_SIZE = 10;

/** Stores a message unless the user already has one with this dedupe key; answers whether it was new. */
export async function postMessage(db: Db, message: NewMessage): Promise<boolean> {
  if (!(MESSAGE_KINDS as readonly string[]).includes(message.kind)) throw new AppError('INVALID_PARAMS', 'message kind');
  const { rowCount } = await db.query(
    `INSERT INTO messages (user_id, kind, params, dedupe_key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
    [message.userId, message.kind, JSON.stringify(message.params), message.dedupeKey],
  );
  return rowCount === 1;
}

export type PaymentMessageArgs = {
  userId: number;
  /** The order's id; one message per order whatever the number of payment notifications. */
  tid: string;
  /** The goods as the order names them: one text, or written in both interface languages. */
  goods_name: MessageName;
  price_cents: number;
  /** ISO 8601 end of what the order grants, or null (a document order, say). */
  end_time: string | null;
};

/**
 * The "payment succeeded" message. The order flow calls it from its `onPaid(order)` hook (the
 * gateway wires it); the dedupe key `paid:<tid>` makes a repeated payment notification harmless.
 */
export function postPaymentMessage(db: Db, args: PaymentMessageArgs): Promise<boolean> {
  return postMessage(db, {
    userId: args.userId,
    kind: 'payment_succeeded',
    params: { goods_name: args.goods_name, price_cents: args.price_cents, end_time: args.end_time },
    dedupeKey: `paid:${args.tid}`,
  });
}

type MessageRow = { msg_id: string; kind: string; params: unknown; is_read: boolean; created_at: Date };

export type ListMessagesQuery = { page?: number | undefined; page_size?: number | undefined; unread?: boolean | undefined };

/** `GET messages`: the caller's messages, newest first, with the page count, total and unread count. */
export async function listMessages(db: Db, userId: number, query: ListMessagesQuery, lang: UiLang): Promise<MessagesData> {
  const pageSize = query.page_size ?? DEFAULT_MESSAGE_PAGE_SIZE;
  const page = query.page ?? 1;
  const onlyUnread = query.unread === true;
  const { rows } = await db.query<MessageRow & { total: number; unread: number }>(
    `SELECT m.msg_id, m.kind, m.params, m.is_read, m.created_at, c.total, c.unread
     FROM (SELECT count(*) FILTER (WHERE $2::boolean IS FALSE OR NOT is_read)::int AS total,
                  count(*) FILTER (WHERE NOT is_read)::int AS unread
           FROM messages WHERE user_id = $1) c
     LEFT JOIN LATERAL (
       SELECT * FROM messages WHERE user_id = $1 AND ($2::boolean IS FALSE OR NOT is_read)
       ORDER BY msg_id DESC LIMIT $3 OFFSET $4
     ) m ON true`,
    // A page far past the end is just empty (clamped: an offset past bigint would be a database error).
    [userId, onlyUnread, pageSize, Math.min((page - 1) * pageSize, Number.MAX_SAFE_INTEGER)],
  );
  const total = rows[0]?.total ?? 0;
  const unread = rows[0]?.unread ?? 0;
  const list: MessageItem[] = rows
    .filter((r) => r.msg_id !== null)
    .map((r) => ({
      msg_id: Number(r.msg_id),
      kind: r.kind,
      ...renderMessage(r.kind, r.params, lang),
      is_read: r.is_read,
      created_at: r.created_at.toISOString(),
    }));
  return { msg_list: list, pages: Math.ceil(total / pageSize), total, unread };
}

/** How many of the user's messages are unread (`msg_count` of the user data). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND NOT is_read', [userId]);
  return rows[0]?.n ?? 0;
}

/**
 * `GET update_messages`: marks one of the caller's messages read, or all of them without
 * `msgId`. A message that is not the caller's answers NOT_FOUND, exactly as one that does not
 * exist, so nothing about other users' messages leaks; one already read counts 0.
 */
export async function markMessagesRead(db: Db, userId: number, msgId?: number): Promise<UpdateMessagesData> {
  let updated: number;
  if (msgId === undefined) {
    const res = await db.query('UPDATE messages SET is_read = true WHERE user_id = $1 AND NOT is_read', [userId]);
    updated = res.rowCount ?? 0;
  } else {
    // No message id is that large (the schema only asks for an integer): not the caller's either.
    if (!Number.isSafeInteger(msgId)) throw new AppError('NOT_FOUND');
    const { rows } = await db.query<{ was_read: boolean }>(
      `UPDATE messages m SET is_read = true FROM (SELECT msg_id, is_read AS was_read FROM messages WHERE msg_id = $2 AND user_id = $1 FOR UPDATE) old
       WHERE m.msg_id = old.msg_id RETURNING old.was_read`,
      [userId, msgId],
    );
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    updated = rows[0]!.was_read ? 0 : 1;
  }
  return { updated, unread: await unreadCount(db, userId) };
}
