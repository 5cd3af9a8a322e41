/**
 * What the commerce routes share: the billing mode (BILLING, recorded in the database at start so
 * every process that reserves characters agrees), the clock, the payment provider (the sandbox
 * cashier for now) and the `onPaid` hook the message center wires in.
 */
import { createSandboxCashier, setBillingMode, type PaidOrderEvent, type SandboxCashier } from '@mtp/billing';
import type { Db } from '@mtp/platform';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { paymentMessageHook } from './payment-message';

export type CommerceOptions = {
  /** BILLING=on (default) or off: a private deployment sells nothing and limits nobody. */
  billing?: boolean;
  /** The time orders, payments and the member flags are computed at; tests inject one. */
  clock?: () => Date;
  /**
   * Runs once per order when its payment is taken (after the commit); a failure is only logged.
   * Default: the message center's payment message.
   */
  onPaid?: (order: PaidOrderEvent) => void | Promise<void>;
  /**
   * Where the sandbox cashier posts its notifications (the platform as a provider reaches it).
   * Default: this server's own listening address on the loopback interface, never a Host header.
   */
  notifyBaseUrl?: string;
  /** listen_order's wait and polling (25 s, 500 ms). */
  listen?: { waitMs?: number; pollMs?: number };
};

export type Commerce = {
  db: Db;
  billing: boolean;
  clock: () => Date;
  onPaid?: CommerceOptions['onPaid'];
  cashier: SandboxCashier;
  listen: { waitMs?: number; pollMs?: number };
};

export const SANDBOX_NOTIFY_PATH = '/api/v1.0/payment/notify/sandbox';

function ownAddress(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('the gateway is not listening on a TCP port');
  const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

export async function setupCommerce(app: FastifyInstance, db: Db, opts: CommerceOptions = {}): Promise<Commerce> {
  const billing = opts.billing ?? true;
  await setBillingMode(db, billing);
  const cashier = await createSandboxCashier(db, {
    notifyUrl: () => `${opts.notifyBaseUrl ?? ownAddress(app)}${SANDBOX_NOTIFY_PATH}`,
  });
  return {
    db,
    billing,
    clock: opts.clock ?? (() => new Date()),
    onPaid: opts.onPaid ?? paymentMessageHook(db),
    cashier,
    listen: opts.listen ?? {},
  };
}
