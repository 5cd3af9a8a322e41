/**
 * A provider's payment notification, processed once per order (spec section 4 payment states):
 * - bad signature, unknown order, wrong amount: refused (43006), nothing changes, recorded;
 * - paid: the order row is locked (SELECT ... FOR UPDATE) and, in the same transaction, marked
 *   payed and granted (the grant is keyed by the order id), so any number of repeated or
 *   concurrent notifications grant exactly once; later ones are recorded as duplicates;
 * - failed: an unpaid or paying order becomes payFail; after payed it changes nothing. A paid
 *   notification after a failure (the buyer paid again from the failure panel) grants once.
 * `onPaid` runs after the commit (the message center hooks in there); its failure is logged and
 * never undoes a payment.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, PAY_STATUS } from '@mtp/proto';
import { grantOrder } from '../entitlements';
import type { PaymentProvider } from './provider';

export type NotificationOutcome = 'paid' | 'failed' | 'duplicate' | 'ignored' | 'bad_signature' | 'unknown_order' | 'wrong_amount';

/** The order as the hook receives it. */
export type PaidOrderEvent = { orderId: number; tid: string; userId: number; skuCode: string; priceCents: number; paidAt: Date };

export type NotificationOptions = {
  now?: Date;
  onPaid?: (order: PaidOrderEvent) => void | Promise<void>;
  log?: (msg: string, detail: Record<string, unknown>) => void;
};

type LockedOrder = { order_id: string; user_id: number; sku_code: string; price_cents: number; pay_status: number };

async function record(
  db: Pick<Db, 'query'>,
  provider: string,
  tid: string | null,
  outcome: NotificationOutcome,
  amount: number | null,
  params: Record<string, string>,
) {
  await db.query('INSERT INTO payment_notifications (provider, tid, outcome, amount_cents, params) VALUES ($1, $2, $3, $4, $5)', [
    provider,
    tid,
    outcome,
    amount,
    JSON.stringify(params),
  ]);
}

const REFUSED: NotificationOutcome[] = ['bad_signature', 'unknown_order', 'wrong_amount'];

/** Processes one notification; answers its outcome, or throws 43006 after recording a refusal. */
export async function processPaymentNotification(
  db: Db,
  provider: PaymentProvider,
  params: Record<string, string>,
  opts: NotificationOptions = {},
): Promise<NotificationOutcome> {
  const now = opts.now ?? new Date();
  const note = provider.verifyNotification(params);
  let paidEvent: PaidOrderEvent | null = null;
  const outcome: NotificationOutcome = !note
    ? 'bad_signature'
    : await inTransaction(db, async (client) => {
        const { rows } = await client.query<LockedOrder>(
          'SELECT order_id, user_id, sku_code, price_cents, pay_status FROM orders WHERE tid = $1 AND provider = $2 FOR UPDATE',
          [note.tid, provider.name],
        );
        const order = rows[0];
        if (!order) return 'unknown_order';
        if (note.amountCents !== order.price_cents) return 'wrong_amount';
        let result: NotificationOutcome;
        if (order.pay_status === PAY_STATUS.payed) result = note.status === 'paid' ? 'duplicate' : 'ignored';
        else if (note.status === 'failed') {
          await client.query('UPDATE orders SET pay_status = 3 WHERE order_id = $1', [order.order_id]);
          result = 'failed';
        } else {
          await client.query('UPDATE orders SET pay_status = 2, paid_at = $2, provider_trade_no = $3 WHERE order_id = $1', [
            order.order_id,
            now,
            note.tradeNo,
          ]);
          const orderId = Number(order.order_id);
          await grantOrder(client, { orderId, userId: order.user_id, skuCode: order.sku_code }, now);
          paidEvent = {
            orderId,
            tid: note.tid,
            userId: order.user_id,
            skuCode: order.sku_code,
            priceCents: order.price_cents,
            paidAt: now,
          };
          result = 'paid';
        }
        await record(client, provider.name, note.tid, result, note.amountCents, params);
        return result;
      });
  if (REFUSED.includes(outcome)) {
    // Recorded outside the (rolled back or absent) transaction: a refusal changes nothing else.
    // An unverified notification's order number is recorded as claimed (for support), never trusted.
    const claimed = note?.tid ?? (typeof params.out_trade_no === 'string' ? params.out_trade_no.slice(0, 64) : null);
    await record(db, provider.name, claimed, outcome, note?.amountCents ?? null, params);
    opts.log?.('payment notification refused', { provider: provider.name, outcome, tid: claimed });
    throw new AppError('PAYMENT_NOTIFY_INVALID', outcome);
  }
  if (paidEvent && opts.onPaid) {
    try {
      await opts.onPaid(paidEvent);
    } catch (err) {
      opts.log?.('onPaid hook failed', { tid: (paidEvent as PaidOrderEvent).tid, err: String(err) });
    }
  }
  return outcome;
}
