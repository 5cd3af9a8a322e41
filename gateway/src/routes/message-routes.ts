/**
 * The message center (`GET messages`, `GET update_messages`; spec sections 2 and 9, issue 17).
 * Both read and change only the caller's own messages: the user id comes from the token, never
 * from the request. Titles and contents come rendered in the caller's Accept-Language.
 */
import { listMessages, markMessagesRead } from '@mtp/accounts';
import type { Db } from '@mtp/platform';
import { MessagesData, MessagesQuery, Reply, UpdateMessagesData, UpdateMessagesQuery } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export const messageRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/messages', { schema: { querystring: MessagesQuery, response: { 200: Reply(MessagesData) } } }, async (req) =>
    ok(req, await listMessages(db, requireUser(req).userId, req.query, req.lang)),
  );

  // A GET that changes state, as the spec names it: marking read is idempotent, so a repeat is harmless.
  app.get('/update_messages', { schema: { querystring: UpdateMessagesQuery, response: { 200: Reply(UpdateMessagesData) } } }, async (req) =>
    ok(req, await markMessagesRead(db, requireUser(req).userId, req.query.msg_id)),
  );
};
