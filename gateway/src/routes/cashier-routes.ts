/**
 * The sandbox cashier (services/billing `createSandboxCashier`): a stand-in for a payment
 * provider's page, clearly named as the sandbox, and the platform's notify endpoint.
 * - `GET /sandbox-cashier/:tid`: plain HTML, no JavaScript: the order, its price in yuan, "no
 *   real money", and two plain forms, Pay and Fail. Showing it moves an unpaid order to paying.
 * - `POST /sandbox-cashier/:tid/pay|fail`: the cashier, playing the third party, signs a
 *   notification and POSTs it over HTTP to the notify endpoint, then says the window may close.
 * - `POST /api/v1.0/payment/notify/sandbox`: verifies the signature with the cashier's public
 *   key and processes the payment once per order; answers "success" as Alipay expects.
 * The pages run under their own policy: no scripts at all, styles inline, forms to this origin.
 */
import { findOrderByTid, markPaying, processPaymentNotification, SANDBOX_PROVIDER } from '@mtp/billing';
import { PAY_STATUS, type OrderItem, type UiLang } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { SANDBOX_NOTIFY_PATH, type Commerce } from './commerce-setup';

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const TidParams = Type.Object({ tid: Type.String({ pattern: '^[0-9a-f]{16,64}$' }) });
const Outcome = Type.Object({ tid: TidParams.properties.tid, outcome: Type.Union([Type.Literal('pay'), Type.Literal('fail')]) });
/** A notification is a flat form of short strings; anything else is not one. */
const NotifyBody = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 2048 }), { maxProperties: 40 });

const TEXT = {
  en_US: {
    title: 'Sandbox cashier — no real money',
    banner: 'This is the sandbox cashier for testing. No real money is charged.',
    order: 'Order',
    goods: 'Goods',
    price: 'Price',
    pay: 'Pay',
    fail: 'Fail',
    paid: 'Payment done (sandbox). You can close this window.',
    failed: 'Payment failed (sandbox). You can close this window.',
    already: 'This order is already paid. You can close this window.',
    missing: 'No such order.',
    unreachable: 'The platform could not be notified. Please try again.',
  },
  zh_CN: {
    title: '沙箱收银台 — 不会扣款',
    banner: '这是用于测试的沙箱收银台，不会产生真实扣款。',
    order: '订单号',
    goods: '商品',
    price: '价格',
    pay: '支付',
    fail: '支付失败',
    paid: '支付完成（沙箱），可以关闭此窗口。',
    failed: '支付失败（沙箱），可以关闭此窗口。',
    already: '该订单已支付，可以关闭此窗口。',
    missing: '订单不存在。',
    unreachable: '无法通知平台，请重试。',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, lang: UiLang, body: string, status = 200) {
  const t = TEXT[lang];
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang === 'zh_CN' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>` +
        `<style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}.banner{background:#fff3cd;padding:.5rem}form{display:inline-block;margin:1rem 1rem 0 0}button{font-size:1rem;padding:.6rem 1.6rem}</style>` +
        `</head><body><h1>${escapeHtml(t.title)}</h1><p class="banner">${escapeHtml(t.banner)}</p>${body}</body></html>`,
    );
}

function orderPage(order: OrderItem, lang: UiLang): string {
  const t = TEXT[lang];
  const action = (outcome: string) => `/sandbox-cashier/${encodeURIComponent(order.tid)}/${outcome}`;
  return (
    `<dl><dt>${t.order}</dt><dd>${escapeHtml(order.tid)}</dd><dt>${t.goods}</dt><dd>${escapeHtml(order.goods_name)}</dd>` +
    `<dt>${t.price}</dt><dd>¥${(order.price / 100).toFixed(2)}</dd></dl>` +
    `<form method="post" action="${action('pay')}"><button type="submit">${t.pay}</button></form>` +
    `<form method="post" action="${action('fail')}"><button type="submit">${t.fail}</button></form>`
  );
}

export const cashierRoutes: FastifyPluginAsyncTypebox<Commerce> = async (app, c) => {
  // HTML forms and providers' notifications are form-encoded; only this plugin's routes read them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sandboxOrder = async (tid: string, lang: UiLang) => {
    const order = await findOrderByTid(c.db, tid, lang, c.clock());
    return order && order.provider === SANDBOX_PROVIDER ? order : null;
  };

  app.get('/sandbox-cashier/:tid', { schema: { params: TidParams }, config: { servesPage: true } }, async (req, reply) => {
    const order = await sandboxOrder(req.params.tid, req.lang);
    if (!order) return page(reply, req.lang, `<p>${TEXT[req.lang].missing}</p>`, 404);
    if (order.pay_status === PAY_STATUS.payed) return page(reply, req.lang, `<p>${TEXT[req.lang].already}</p>`);
    await markPaying(c.db, order.tid);
    return page(reply, req.lang, orderPage(order, req.lang));
  });

  app.post('/sandbox-cashier/:tid/:outcome', { schema: { params: Outcome }, config: { servesPage: true } }, async (req, reply) => {
    const t = TEXT[req.lang];
    const order = await sandboxOrder(req.params.tid, req.lang);
    if (!order) return page(reply, req.lang, `<p>${t.missing}</p>`, 404);
    const outcome = req.params.outcome === 'pay' ? 'paid' : 'failed';
    const answer = await c.cashier.desk.submit({ tid: order.tid, priceCents: order.price }, outcome).catch((err: unknown) => {
      req.log.error({ err }, 'sandbox cashier could not notify the platform');
      return null;
    });
    if (!answer || answer.status !== 200 || answer.body !== 'success') return page(reply, req.lang, `<p>${t.unreachable}</p>`, 502);
    return page(reply, req.lang, `<p>${outcome === 'paid' ? t.paid : t.failed}</p>`);
  });

  app.post(SANDBOX_NOTIFY_PATH, { schema: { body: NotifyBody } }, async (req, reply) => {
    const provider = c.cashier.provider;
    await processPaymentNotification(c.db, provider, req.body, {
      now: c.clock(),
      onPaid: c.onPaid,
      log: (msg, detail) => req.log.warn(detail, msg),
    });
    const ack = provider.acknowledgement();
    return reply.header('content-type', ack.contentType).send(ack.body);
  });
};
