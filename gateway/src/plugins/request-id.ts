/**
 * The request id of every HTTP request (Settings: `x-request-id`): a well-formed id the client
 * sent, else a new one (Fastify's `genReqId`, below), answered in the `x-request-id` header and
 * bound to the request's async context, so the bus sends it with every job, request and event
 * the route publishes and every log line written meanwhile carries it (`request_id`), without
 * route code passing it along.
 */
import { acceptRequestId, newRequestId, REQUEST_ID_HEADER, withRequestId } from '@mtp/platform';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';

/** Fastify's `genReqId`: the client's id when it matches /^[A-Za-z0-9._-]{1,64}$/, else a UUID. */
export function requestIdFor(req: IncomingMessage): string {
  return acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? newRequestId();
}

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
  // Again once the body is read: its stream's events run outside the request's async context.
  app.addHook('preValidation', (request, _reply, done) => withRequestId(request.id, done));
});
