/**
 * The message center's "payment succeeded" message, posted from the order flow's `onPaid` hook:
 * the order is read back once per interface language so the message names the goods in either,
 * and carries the end of what the order granted (null for goods without a period).
 */
import { postPaymentMessage } from '@mtp/accounts';
import { searchOrder, type PaidOrderEvent } from '@mtp/billing';
import type { Db } from '@mtp/platform';

export function paymentMessageHook(db: Db): (order: PaidOrderEvent) => Promise<void> {
  return async (order) => {
    const [zh, en] = await Promise.all(
      (['zh_CN', 'en_US'] as const).map((lang) => searchOrder(db, { userId: order.userId, tid: order.tid, lang })),
    );
    await postPaymentMessage(db, {
      userId: order.userId,
      tid: order.tid,
      goods_name: { zh_CN: zh!.goods_name, en_US: en!.goods_name },
      price_cents: order.priceCents,
      end_time: en!.end_time,
    });
  };
}
