/**
 * The super administrator's commerce calls (`/api/v1.0/admin/...`, role 0 only, as the other
 * admin routes): the price table, a price change without a deploy, the orders and their CSV.
 */
import { assertSuperAdmin, recordAction } from '@mtp/accounts';
import { inTransaction } from '@mtp/platform';
import { exportAdminOrdersCsv, listAdminOrders, goodsName, listSkus, updatePrice, type StoredSku } from '@mtp/billing';
import { AdminGoodsData, AdminOrdersData, AdminOrdersQuery, GoodsSku, Reply, UpdatePriceBody, type UiLang } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import type { Commerce } from './commerce-setup';

/** A sku as the price table shows it: nothing is disabled for the administrator. */
const priceRow = (s: StoredSku, lang: UiLang): GoodsSku => ({
  sku_id: s.skuId,
  code: s.code,
  name: goodsName(s, lang),
  price: s.priceCents,
  level: s.level,
  quota_chars: s.quotaChars,
  months: s.months,
  valid_days: s.validDays,
  disabled: false,
  disabled_reason: null,
});

export const commerceAdminRoutes: FastifyPluginAsyncTypebox<Commerce> = async (app, c) => {
  app.get('/admin/goods', { schema: { response: { 200: Reply(AdminGoodsData) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(
      req,
      (await listSkus(c.db)).map((s) => priceRow(s, req.lang)),
    );
  });

  app.post('/admin/goods/update_price', { schema: { body: UpdatePriceBody, response: { 200: Reply(GoodsSku) } } }, async (req) => {
    const admin = requireUser(req);
    assertSuperAdmin(admin);
    // The change and its system-log line commit together (issue 18).
    const sku = await inTransaction(c.db, async (client) => {
      const before = (await listSkus(client)).find((s) => s.code === req.body.sku_code);
      const changed = await updatePrice(client, { skuCode: req.body.sku_code, priceCents: req.body.price, adminUserId: admin.userId });
      await recordAction(client, requestActor(req), {
        action: 'goods.update_price',
        targetType: 'sku',
        targetId: changed.code,
        before: { price_cents: before?.priceCents ?? null },
        after: { price_cents: changed.priceCents },
      });
      return changed;
    });
    req.log.info({ sku: sku.code, price: sku.priceCents, admin: admin.userId }, 'price changed');
    return ok(req, priceRow(sku, req.lang));
  });

  app.get('/admin/orders', { schema: { querystring: AdminOrdersQuery, response: { 200: Reply(AdminOrdersData) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await listAdminOrders(c.db, req.query, req.lang, c.clock()));
  });

  app.get('/admin/orders/export', { schema: { querystring: AdminOrdersQuery } }, async (req, reply) => {
    assertSuperAdmin(requireUser(req));
    const csv = await exportAdminOrdersCsv(c.db, req.query, req.lang, c.clock());
    const day = c.clock().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .send(csv);
  });
};
