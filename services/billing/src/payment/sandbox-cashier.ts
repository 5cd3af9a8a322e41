/**
 * The sandbox cashier: a payment provider for development, tests and demonstrations, named as the
 * sandbox wherever a person sees it. No money moves. It has two sides, kept apart as with a real
 * provider:
 * - the platform's adapter (`provider`): sends the buyer to the cashier page and verifies the
 *   cashier's notifications with the cashier's public key;
 * - the cashier itself (`desk`), playing the third party: when the buyer presses Pay or Fail it
 *   signs a notification with its private key and POSTs it over HTTP to the platform's notify
 *   endpoint, server to server, exactly as Alipay or WeChat Pay would.
 */
import type { Db } from '@mtp/platform';
import { randomBytes } from 'node:crypto';
import type { PaymentNotification, PaymentProvider } from './provider';
import { providerKeys, type KeyPair } from './provider-keys';
import { signParams, verifyParams } from './signature';

export const SANDBOX_PROVIDER = 'sandbox';

/** Where the cashier page of an order lives (a gateway route outside /api). */
export const sandboxCashierPath = (tid: string) => `/sandbox-cashier/${encodeURIComponent(tid)}`;

const TID = /^[0-9a-f]{16,64}$/;
const CENTS = /^(0|[1-9]\d{0,11})$/;

export type SandboxCashierOptions = {
  /** The platform's notify endpoint, e.g. http://127.0.0.1:3000/api/v1.0/payment/notify/sandbox. */
  notifyUrl: () => string;
  /** Keys from the environment; absent: made once and kept in the database. */
  keys?: KeyPair;
};

export type SandboxCashier = {
  provider: PaymentProvider;
  /** The third party's side: pays or fails an order by notifying the platform; answers what the platform replied. */
  desk: { submit(order: { tid: string; priceCents: number }, outcome: 'paid' | 'failed'): Promise<{ status: number; body: string }> };
};

export async function createSandboxCashier(db: Db, opts: SandboxCashierOptions): Promise<SandboxCashier> {
  const keys = opts.keys ?? (await providerKeys(db, SANDBOX_PROVIDER));

  const provider: PaymentProvider = {
    name: SANDBOX_PROVIDER,
    createPayment: async ({ tid }) => ({ redirectUrl: sandboxCashierPath(tid) }),
    verifyNotification(params): PaymentNotification | null {
      if (!verifyParams(params, keys.publicKeyPem)) return null;
      const { out_trade_no: tid, total_amount_cents: amount, trade_status: status, trade_no: tradeNo } = params;
      if (!tid || !TID.test(tid) || !amount || !CENTS.test(amount) || !tradeNo || tradeNo.length > 64) return null;
      if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FAILED') return null;
      return { tid, amountCents: Number(amount), status: status === 'TRADE_SUCCESS' ? 'paid' : 'failed', tradeNo };
    },
    acknowledgement: () => ({ contentType: 'text/plain; charset=utf-8', body: 'success' }),
  };

  const desk: SandboxCashier['desk'] = {
    async submit(order, outcome) {
      const params: Record<string, string> = {
        out_trade_no: order.tid,
        total_amount_cents: String(order.priceCents),
        trade_status: outcome === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_FAILED',
        trade_no: `sandbox-${randomBytes(8).toString('hex')}`,
        notify_time: new Date().toISOString(),
        nonce: randomBytes(12).toString('hex'),
        sign_type: 'RSA2',
      };
      params.sign = signParams(params, keys.privateKeyPem);
      const res = await fetch(opts.notifyUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: res.status, body: await res.text() };
    },
  };

  return { provider, desk };
}
