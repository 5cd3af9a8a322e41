/** The caller's characters (`/api/v1.0/user/remaining_str`, `/api/v1.0/request_translate/select_remaining_char`). */
import { remaining } from '@mtp/billing';
import type { Db } from '@mtp/platform';
import { RemainingCharData, RemainingData, Reply } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export const billingRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/user/remaining_str', { schema: { response: { 200: Reply(RemainingData) } } }, async (req) =>
    ok(req, await remaining(db, requireUser(req).userId)),
  );

  // The same balance in the shape the translation pages read: data.data is total_left.
  app.get('/request_translate/select_remaining_char', { schema: { response: { 200: Reply(RemainingCharData) } } }, async (req) => {
    const { total_left } = await remaining(db, requireUser(req).userId);
    return ok(req, { data: total_left });
  });
};
