/**
 * Bearer-token auth as one onRequest hook. Every /api/v1.0 route needs a live access token
 * except the spec's whitelist (section 7), where a token is optional: with one, the caller is
 * that user; without, the free user. A bad or expired token answers 401 (the client refreshes),
 * a token whose login was replaced by a newer one answers 403. Routes marked `auth: 'ignore'`
 * (the login call itself, the public key) never look at a token, so a stale one cannot block
 * logging in again.
 */
import { authenticate, type AccountsDeps, type AuthContext } from '@mtp/accounts';
import { AppError, isWhitelisted } from '@mtp/proto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export type AuthMode = 'required' | 'optional' | 'ignore' | 'refresh';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}

export const API_PREFIX = '/api/v1.0/';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The auth mode of a route: its own `config.auth`, else from the whitelist. */
export function authModeOf(url: string, configured: AuthMode | undefined): AuthMode {
  if (configured) return configured;
  if (!url.startsWith(API_PREFIX)) return 'ignore';
  return isWhitelisted(url) ? 'optional' : 'required';
}

/** The user of a request, or a clear 401 when the route needs one. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { accounts: AccountsDeps }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route matched: the not-found handler answers
    const mode = authModeOf(url, request.routeOptions.config.auth);
    if (mode === 'ignore' || mode === 'refresh') return;
    const token = bearerToken(request);
    if (!token) {
      if (mode === 'required') throw new AppError('UNAUTHORIZED');
      return;
    }
    request.auth = await authenticate(opts.accounts, token);
  });
});
