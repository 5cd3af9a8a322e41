/** The admin back end's operations calls (`/api/v1.0/admin/...`): dead letters so far. */
import { assertSuperAdmin } from '@mtp/accounts';
import { DeadLettersData, DeadLettersQuery, Reply } from '@mtp/proto';
import { listDeadLetters } from '@mtp/tasks';
import type { Db } from '@mtp/platform';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export const adminRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/dead_letters', { schema: { querystring: DeadLettersQuery, response: { 200: Reply(DeadLettersData) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await listDeadLetters(db, req.query));
  });
};
