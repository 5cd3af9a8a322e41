/**
 * The message center's "payment succeeded" message, posted from the order flow's `onPaid` hook:
 * it names the goods in both interface languages (the catalogue's names, as the order lists do)
 * and carries the end of what the order granted (null for goods without a period).
 */
import { postPaymentMessage } from '@mtp/accounts';
import { catalogueSku, goodsName, searchOrder, type PaidOrderEvent } from '@mtp/billing';
import type { Db } from '@mtp/platform';

export function paymentMessageHook(db: Db): (order: PaidOrderEvent) => Promise<void> {
  return async (order) => {
    const granted = await searchOrder(db, { userId: order.userId, tid: order.tid, lang: 'en_US' });
    const sku = catalogueSku(order.skuCode);
    await postPaymentMessage(db, {
      userId: order.userId,
      tid: order.tid,
      goods_name: sku ? { zh_CN: goodsName(sku, 'zh_CN'), en_US: goodsName(sku, 'en_US') } : order.skuCode,
      price_cents: order.priceCents,
      end_time: granted.end_time,
    });
  };
}
