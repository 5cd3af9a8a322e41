/**
 * The general frequency limit (issue 19, /traffic): every call under /api/v1.0/ (the native public
 * API's `/api/v1.0/open/...` included), the DeepL-compatible `/v2/...` and the LibreTranslate
 * paths (issue 20) count against "N requests per M minutes" of its caller, in the PostgreSQL
 * counter every replica shares.
 *
 * Who the caller is: the public-API key's app_id when the request carries one (`req.apiAppId`,
 * which the API's key check sets), else the logged-in user, else the client address (free
 * visitors: the default limit). Which limit: the key's override, else the user's (for a key: its
 * owner's), else the user's site's, else the default (ops' `resolveLimit`). Over it: 42900 in the caller's
 * language, HTTP 429, Retry-After in seconds.
 *
 * Not counted here: the calls with their own guessing limits (login, codes: rate-limits.ts) and
 * every call of the platform administrator, so the one person who can lift a limit can always
 * load the admin pages and change it. Managers and enterprise administrators are counted.
 */
import type { AuthContext } from '@mtp/accounts';
import { clientKeyFromIp } from '@mtp/billing';
import type { TrafficSettings } from '@mtp/ops';
import { AppError } from '@mtp/proto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The app_id of the public-API key this request carries; null when none. The API's key check
     * sets it in an onRequest hook (or a preValidation hook registered before the rate limits).
     */
    apiAppId: string | null;
  }
}

export type FrequencyLimitOptions = {
  settings: TrafficSettings;
  /** Milliseconds in one minute of the settings (TRAFFIC_MINUTE_MS; 60,000 but in tests). */
  minuteMs: number;
  /** Whether this signed-in caller is the platform administrator (ADMIN on the main site). */
  isPlatformAdmin: (auth: AuthContext) => Promise<boolean>;
  /** Calls (path after /api/v1.0/) that other limits cover. */
  skipCall: (call: string) => boolean;
};

type Counted = { key: string; max: number; windowMs: number };

/** The LibreTranslate-compatible calls (outside /api/v1.0/, where its clients expect them). */
const LIBRE_PATHS = new Set(['/translate', '/detect', '/languages', '/translate_file', '/frontend/settings', '/suggest']);

/** Whether a route (its URL pattern) is counted: the API under /api/v1.0/, /v2/ and LibreTranslate's paths. */
export function isCountedRoute(url: string): boolean {
  return url.startsWith(API_PREFIX) || url.startsWith('/v2/') || LIBRE_PATHS.has(url) || url.startsWith('/download_file/');
}

/** The counter key of a caller: the window is part of it, so a changed window starts afresh. */
function identityKey(req: FastifyRequest): string {
  if (req.apiAppId) return `app:${req.apiAppId}`;
  if (req.auth) return `user:${req.auth.userId}`;
  return `ip:${clientKeyFromIp(req.ip)}`;
}

export function addFrequencyLimit(app: FastifyInstance, opts: FrequencyLimitOptions): void {
  app.decorateRequest('apiAppId', null);
  // What this request counts under, handed from the hook to the limiter's callbacks.
  const counted = new WeakMap<FastifyRequest, Counted>();
  const of = (req: FastifyRequest) => counted.get(req)!;
  const limiter = app.createRateLimit({
    keyGenerator: (req) => of(req).key,
    max: (req) => of(req).max,
    timeWindow: (req) => of(req).windowMs,
  });

  // preValidation: after every onRequest hook, so the user (and a key's app_id) are known.
  app.addHook('preValidation', async (req, reply) => {
    const url = req.routeOptions.url;
    if (!url || !isCountedRoute(url) || (url.startsWith(API_PREFIX) && opts.skipCall(url.slice(API_PREFIX.length)))) return;
    if (req.auth && (await opts.isPlatformAdmin(req.auth))) return;
    // A public-API caller is its key's owner too: their own and their site's limits apply under the key's.
    const who = req.auth ?? req.apiCaller;
    const limit = await opts.settings.limitFor({ appId: req.apiAppId, userId: who?.userId, siteId: who?.siteId });
    const windowMs = Math.max(1, Math.round(limit.windowMinutes * opts.minuteMs));
    counted.set(req, { key: `traffic:${identityKey(req)}:${windowMs}`, max: limit.maxRequests, windowMs });
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', Math.max(1, result.ttlInSeconds));
      throw new AppError('TOO_FREQUENT');
    }
  });
}
