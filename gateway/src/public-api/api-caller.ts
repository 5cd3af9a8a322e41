/**
 * Who a public-API request is (issue 20). A route says how its caller proves it with
 * `config.apiAuth`:
 * - `token` (native, `/api/v1.0/open/...`): `Authorization: Bearer <token>` from `POST open/token`;
 *   missing or unknown: 10007, expired: 10006.
 * - `deepl` (`/v2/...`): `Authorization: DeepL-Auth-Key <api key>`, or the legacy `auth_key`
 *   field of the form/JSON body or the query; missing or wrong: 10003.
 * - `libre` (LibreTranslate paths): `api_key` (or the npm client's `apiKey`) in the body or the query; absent or empty, the
 *   caller is an anonymous visitor (`apiCaller` null) and the route decides (the free trial of
 *   their address, or `requireApiCaller`).
 * The check is a `preValidation` hook registered before the rate limits: the body is parsed by
 * then (JSON, and forms where the family registers @fastify/formbody), and the frequency limit,
 * which runs after it, counts the request under the key (`req.apiAppId`). Its AppErrors reach
 * the family's own error handler, which renders them its way. A multipart body is not parsed
 * before the handler: a route that takes the key from a multipart field calls
 * `apiCallerFromLibreKey` itself (the frequency limit then counts that request by address).
 * Routes with `apiAuth` under /api/v1.0/ must also set `config: { auth: 'ignore' }`, so the
 * user-token check never reads their bearer token; a route that forgets fails at start-up.
 */
import { authenticateApiKey, authenticateAppToken, type ApiCaller } from '@mtp/accounts';
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, bearerToken } from '../plugins/auth';
import type { PublicApiDeps } from './public-api-deps';

export type { ApiCaller } from '@mtp/accounts';

export type ApiAuthMode = 'token' | 'deepl' | 'libre';

declare module 'fastify' {
  interface FastifyRequest {
    /** The public-API caller (the key's owner and the key); null: none (or an anonymous LibreTranslate visitor). */
    apiCaller: ApiCaller | null;
  }
  interface FastifyContextConfig {
    apiAuth?: ApiAuthMode;
  }
}

/** The caller of a route with `apiAuth`; 10007 where none was resolved (a route without one, say). */
export function requireApiCaller(req: FastifyRequest): ApiCaller {
  if (req.apiCaller) return req.apiCaller;
  throw new AppError(req.routeOptions.config.apiAuth === 'token' ? 'API_TOKEN_ERROR' : 'API_APP_CREDENTIALS');
}

/** A field of the parsed body or of the query string. */
function fieldOf(req: FastifyRequest, name: string): unknown {
  const body = req.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && name in body) return (body as Record<string, unknown>)[name];
  return (req.query as Record<string, unknown> | undefined)?.[name];
}

function deeplKey(req: FastifyRequest): string {
  const header = req.headers.authorization;
  const match = header ? /^DeepL-Auth-Key\s+(.+)$/i.exec(header.trim()) : null;
  const key = match?.[1] ?? fieldOf(req, 'auth_key');
  if (typeof key !== 'string' || key.trim() === '') throw new AppError('API_APP_CREDENTIALS');
  return key.trim();
}

/** The caller a LibreTranslate `api_key` names: null when absent or empty (an anonymous visitor). */
export async function apiCallerFromLibreKey(db: Db, apiKey: unknown): Promise<ApiCaller | null> {
  if (apiKey === undefined || apiKey === null || apiKey === '') return null;
  if (typeof apiKey !== 'string') throw new AppError('API_APP_CREDENTIALS');
  return authenticateApiKey(db, apiKey.trim());
}

async function callerOf(db: Db, mode: ApiAuthMode, req: FastifyRequest): Promise<ApiCaller | null> {
  if (mode === 'token') {
    const token = bearerToken(req);
    if (!token) throw new AppError('API_TOKEN_ERROR');
    return authenticateAppToken(db, token);
  }
  if (mode === 'deepl') return authenticateApiKey(db, deeplKey(req));
  // The `libretranslate` npm client sends its key as `apiKey` (LibreTranslate itself ignores it;
  // honouring it lets that client's users be charged to their key instead of the visitor trial).
  const key = fieldOf(req, 'api_key');
  return apiCallerFromLibreKey(db, key === undefined || key === '' ? fieldOf(req, 'apiKey') : key);
}

export const apiCallerPlugin = fp(async (app: FastifyInstance, opts: { deps: PublicApiDeps }) => {
  app.decorateRequest('apiCaller', null);
  app.addHook('onRoute', (route) => {
    if (route.config?.apiAuth && route.url.startsWith(API_PREFIX) && route.config.auth !== 'ignore')
      throw new Error(`${route.method} ${route.url}: a route with apiAuth under ${API_PREFIX} must set config.auth to 'ignore'`);
  });
  app.addHook('preValidation', async (req) => {
    const mode = req.routeOptions.config.apiAuth;
    if (!mode) return;
    const caller = await callerOf(opts.deps.db, mode, req);
    req.apiCaller = caller;
    req.apiAppId = caller?.appId ?? null;
  });
});
