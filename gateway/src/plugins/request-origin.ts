/**
 * Who called and from where, for the system log: the address is `req.ip`, which names the
 * client only through the proxies TRUST_PROXY allows (app.ts), and the User-Agent header as sent.
 * Accounts stays free of Fastify: routes hand it these plain values.
 */
import { actorOf, type LogActor, type RequestOrigin } from '@mtp/accounts';
import type { FastifyRequest } from 'fastify';
import { requireUser } from './auth';

export function originOf(req: FastifyRequest): RequestOrigin {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

/** The signed-in caller (401 without one) as the actor of a log line. */
export function requestActor(req: FastifyRequest): LogActor {
  return actorOf(requireUser(req), originOf(req));
}
