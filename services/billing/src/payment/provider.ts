/**
 * The payment port: one adapter file per provider (`sandbox-cashier.ts` now; an Alipay or WeChat
 * Pay adapter later, README "A real Alipay adapter"). The order flow only ever talks to this.
 */

/** What a provider's notification says, once its signature is verified. */
export type PaymentNotification = {
  tid: string;
  /** What the buyer paid, in cents (fen). Compared with the order's price before anything is granted. */
  amountCents: number;
  status: 'paid' | 'failed';
  /** The provider's own number of the payment. */
  tradeNo: string;
};

export type PaymentProvider = {
  /** Stored on the order and in the notify path: `POST /api/v1.0/payment/notify/<name>`. */
  readonly name: string;
  /** Starts a payment for an order; answers where the buyer pays (`redirec_url`). */
  createPayment(order: { tid: string }): Promise<{ redirectUrl: string }>;
  /** Checks the notification's signature and shape; null when either is wrong (nothing is trusted then). */
  verifyNotification(params: Record<string, string>): PaymentNotification | null;
  /** What the provider expects back once a notification is taken (Alipay: the text "success"). */
  acknowledgement(): { contentType: string; body: string };
};
