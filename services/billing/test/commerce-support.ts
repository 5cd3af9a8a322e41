/**
 * Buying things in tests the way production does: an order through `createOrder`, then a
 * notification signed with the sandbox cashier's key through `processPaymentNotification`.
 * Times come from the caller (an injected clock), never from the wall.
 */
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import { randomBytes } from 'node:crypto';
import { createOrder, createSandboxCashier, listSkus, processPaymentNotification, signParams, type SandboxCashier } from '../src/index';
import { providerKeys } from '../src/payment/provider-keys';

export async function sandboxOf(db: Db): Promise<SandboxCashier> {
  return createSandboxCashier(db, { notifyUrl: () => 'http://127.0.0.1:9/unused' });
}

export async function skuIdOf(db: Db, code: string): Promise<number> {
  const sku = (await listSkus(db)).find((s) => s.code === code);
  if (!sku) throw new Error(`no sku ${code}`);
  return sku.skuId;
}

export async function orderOf(db: Db, cashier: SandboxCashier, userId: number, code: string, now: Date) {
  const { tid } = await createOrder(db, { userId, skuId: await skuIdOf(db, code), provider: cashier.provider, billing: true, now });
  const { rows } = await db.query<{ price_cents: number }>('SELECT price_cents FROM orders WHERE tid = $1', [tid]);
  return { tid, priceCents: rows[0]!.price_cents };
}

/** Notification parameters as the cashier signs them; `key` another private key to forge one. */
export async function notification(db: Db, tid: string, amountCents: number, status: 'paid' | 'failed', key?: string) {
  const params: Record<string, string> = {
    out_trade_no: tid,
    total_amount_cents: String(amountCents),
    trade_status: status === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_FAILED',
    trade_no: `t-${randomBytes(4).toString('hex')}`,
    notify_time: new Date(0).toISOString(),
    nonce: randomBytes(6).toString('hex'),
    sign_type: 'RSA2',
  };
  params.sign = signParams(params, key ?? (await providerKeys(db, 'sandbox')).privateKeyPem);
  return params;
}

/** Orders and pays `code` at `now`; answers the order's tid. */
export async function buy(db: Db, cashier: SandboxCashier, userId: number, code: string, now: Date): Promise<string> {
  const { tid, priceCents } = await orderOf(db, cashier, userId, code, now);
  await processPaymentNotification(db, cashier.provider, await notification(db, tid, priceCents, 'paid'), { now });
  return tid;
}

export async function codeOf(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

export const at = (iso: string) => new Date(iso);
