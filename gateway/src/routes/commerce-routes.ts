/**
 * The buyer's commerce calls under /api/v1.0 (proto/src/commerce.ts): the catalogue, orders,
 * their payment state and the member's plan. Handlers stay thin: services/billing decides.
 */
import { createOrder, currentOrders, expiredOrders, getGoods, listenOrder, memberInfo, searchOrder } from '@mtp/billing';
import {
  CreateOrderBody,
  CreateOrderData,
  CurrentOrderData,
  ExpiredOrderData,
  GoodsData,
  MemberData,
  OrderStateData,
  PageQuery,
  Reply,
  SearchOrderQuery,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import type { Commerce } from './commerce-setup';

const ListenQuery = Type.Object({ tid: Type.String({ minLength: 1, maxLength: 64 }) });

export const commerceRoutes: FastifyPluginAsyncTypebox<Commerce> = async (app, c) => {
  // Whitelisted: a visitor sees the catalogue too (buying sends them to log in).
  app.get('/get_goods', { schema: { response: { 200: Reply(GoodsData) } } }, async (req) =>
    ok(req, await getGoods(c.db, { userId: req.auth?.userId ?? null, lang: req.lang, billing: c.billing, now: c.clock() })),
  );

  app.post('/create_orders', { schema: { body: CreateOrderBody, response: { 200: Reply(CreateOrderData) } } }, async (req) => {
    const { userId } = requireUser(req);
    const data = await createOrder(c.db, {
      userId,
      skuId: req.body.id,
      goodsType: req.body.goods_type,
      provider: c.cashier.provider,
      billing: c.billing,
      now: c.clock(),
    });
    return ok(req, data);
  });

  app.get('/search_orders', { schema: { querystring: SearchOrderQuery, response: { 200: Reply(OrderStateData) } } }, async (req) =>
    ok(req, await searchOrder(c.db, { userId: requireUser(req).userId, tid: req.query.tid, lang: req.lang, now: c.clock() })),
  );

  app.get('/listen_order', { schema: { querystring: ListenQuery, response: { 200: Reply(OrderStateData) } } }, async (req) => {
    const { userId } = requireUser(req);
    // Stops waiting when the client goes away.
    const gone = new AbortController();
    req.raw.once('close', () => gone.abort());
    const order = await listenOrder(c.db, { userId, tid: req.query.tid, lang: req.lang, ...c.listen, signal: gone.signal });
    return ok(req, order);
  });

  app.get('/current_order', { schema: { response: { 200: Reply(CurrentOrderData) } } }, async (req) =>
    ok(req, await currentOrders(c.db, { userId: requireUser(req).userId, lang: req.lang, now: c.clock() })),
  );

  app.get('/expired_order', { schema: { querystring: PageQuery, response: { 200: Reply(ExpiredOrderData) } } }, async (req) =>
    ok(req, await expiredOrders(c.db, { userId: requireUser(req).userId, lang: req.lang, now: c.clock(), ...req.query })),
  );

  app.get('/member_info', { schema: { response: { 200: Reply(MemberData) } } }, async (req) =>
    ok(req, await memberInfo(c.db, { userId: requireUser(req).userId, lang: req.lang, now: c.clock() })),
  );
};
