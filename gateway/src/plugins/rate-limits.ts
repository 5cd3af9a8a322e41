/**
 * Rate limits of the calls that take an account, a password or a code (login, check_account,
 * image_code, sending and checking codes): per client address and per account, both counted in
 * PostgreSQL so every gateway replica shares them (@fastify/rate-limit with the ops service's
 * counter as its store). Over a limit: HTTP 429, the envelope's 42900 in the caller's language,
 * and Retry-After in seconds.
 */
import rateLimit from '@fastify/rate-limit';
import { clientKeyFromIp } from '@mtp/billing';
import { RateCounter } from '@mtp/ops';
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_RATE_LIMITS, type RateLimits, type RateRuleName } from '../security-settings';
import { API_PREFIX } from './auth';

/** Which rule limits each call (by route URL); the calls that check a code share one. */
export const LIMITED_CALLS: Record<string, RateRuleName> = {
  'user/login': 'login',
  check_account: 'checkAccount',
  image_code: 'imageCode',
  send_sms_code: 'codeSend',
  send_email_code: 'codeSend',
  reset_password: 'codeCheck',
  'user/register': 'codeCheck',
  'user/verify_account': 'codeCheck',
  'user/update_account': 'codeCheck',
};

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The account a call names (body or query), else the calling user; null when neither. */
function accountOf(req: FastifyRequest): string | null {
  const named = (req.body as { account?: unknown } | undefined)?.account ?? (req.query as { account?: unknown } | undefined)?.account;
  if (typeof named === 'string' && named.trim() !== '') return `acct:${named.trim().toLowerCase()}`;
  return req.auth ? `user:${req.auth.userId}` : null;
}

/** @fastify/rate-limit's store interface over the shared counter (keys arrive fully named). */
function pgStore(counter: RateCounter) {
  return class PgRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      counter.hit(key, timeWindow).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    read(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void) {
      counter.read(key).then(
        (r) => cb(null, { current: r.hits, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child() {
      return this;
    }
  };
}

export type RateLimitOptions = { db: Db; limits?: RateLimits };

export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const limits = opts.limits ?? DEFAULT_RATE_LIMITS;
  // Not global: only the calls below are limited, each by the hook this plugin adds.
  await app.register(rateLimit, { global: false, store: pgStore(new RateCounter(opts.db)) });

  const limitersOf = (rule: RateRuleName): { limiter: Limiter; perAccount: boolean }[] => {
    const { perAccount, perIp, windowSeconds } = limits[rule];
    const timeWindow = windowSeconds * 1000;
    const limiters = [];
    if (perIp > 0) {
      const keyGenerator = (req: FastifyRequest) => `${rule}:ip:${clientKeyFromIp(req.ip)}`;
      limiters.push({ limiter: app.createRateLimit({ max: perIp, timeWindow, keyGenerator }), perAccount: false });
    }
    if (perAccount > 0) {
      // A call naming no account is counted per address only (the generator is not called).
      const keyGenerator = (req: FastifyRequest) => `${rule}:${accountOf(req)}`;
      limiters.push({ limiter: app.createRateLimit({ max: perAccount, timeWindow, keyGenerator }), perAccount: true });
    }
    return limiters;
  };

  app.addHook('onRoute', (route) => {
    const call = route.url.startsWith(API_PREFIX) ? route.url.slice(API_PREFIX.length) : '';
    const rule = Object.hasOwn(LIMITED_CALLS, call) ? LIMITED_CALLS[call] : undefined;
    // HEAD routes too: Fastify answers HEAD of a GET by running its handler (a captcha made).
    if (!rule) return;
    const limiters = limitersOf(rule);
    // preHandler: after validation, so the account in the body or query is a checked string.
    const hook: preHandlerAsyncHookHandler = async (req, reply) => {
      for (const { limiter, perAccount } of limiters) {
        if (perAccount && accountOf(req) === null) continue;
        const result = await limiter(req);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', Math.max(1, result.ttlInSeconds));
          throw new AppError('TOO_FREQUENT');
        }
      }
    };
    route.preHandler = [...(Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : []), hook];
  });
});
