/**
 * Rate limits of the calls that take an account, a password or a code (login, check_account,
 * image_code, sending and checking codes): per client address and per account, both counted in
 * PostgreSQL so every gateway replica shares them (@fastify/rate-limit with the ops service's
 * counter as its store). Over a limit: HTTP 429, the envelope's 42900 in the caller's language,
 * and Retry-After in seconds. The login rule's numbers are the administrator's (/traffic, read
 * through ops' TrafficSettings cache), the environment's until one is set; the other rules are the
 * environment's. The general frequency limit of every other call is added here too
 * (frequency-limit.ts), on the same counter.
 */
import rateLimit from '@fastify/rate-limit';
import { clientKeyFromIp } from '@mtp/billing';
import { RateCounter, type TrafficSettings } from '@mtp/ops';
import type { Db } from '@mtp/platform';
import { AppError } from '@mtp/proto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_RATE_LIMITS, type RateLimits, type RateRuleName } from '../security-settings';
import { addFrequencyLimit, type FrequencyLimitOptions } from './frequency-limit';
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

export type RateLimitOptions = {
  db: Db;
  limits?: RateLimits;
  /** The traffic settings (login limits, frequency limit) and how to read them. */
  traffic: Omit<FrequencyLimitOptions, 'skipCall'>;
};

/** One rule's numbers as they stand now (0 turns a side off). */
type LiveRule = { perAccount: number; perIp: number; windowMs: number };

async function liveRule(rule: RateRuleName, limits: RateLimits, settings: TrafficSettings, minuteMs: number): Promise<LiveRule> {
  if (rule === 'login') {
    const login = await settings.loginLimits();
    return { perAccount: login.perAccount, perIp: login.perIp, windowMs: Math.max(1, Math.round(login.windowMinutes * minuteMs)) };
  }
  const { perAccount, perIp, windowSeconds } = limits[rule];
  return { perAccount, perIp, windowMs: windowSeconds * 1000 };
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const limits = opts.limits ?? DEFAULT_RATE_LIMITS;
  // Not global: only the calls below are limited, each by the hook this plugin adds.
  await app.register(rateLimit, { global: false, store: pgStore(new RateCounter(opts.db)) });

  const { settings, minuteMs } = opts.traffic;
  addFrequencyLimit(app, { ...opts.traffic, skipCall: (call) => Object.hasOwn(LIMITED_CALLS, call) });

  // The numbers are read per request (the login rule may change at any time); a side whose
  // number is 0 is skipped before its limiter runs.
  const limitersOf = (rule: RateRuleName): { limiter: Limiter; side: 'perIp' | 'perAccount' }[] => {
    const now = () => liveRule(rule, limits, settings, minuteMs);
    const timeWindow = async () => (await now()).windowMs;
    const byIp = (req: FastifyRequest) => `${rule}:ip:${clientKeyFromIp(req.ip)}`;
    // A call naming no account is counted per address only (the generator is not called).
    const byAccount = (req: FastifyRequest) => `${rule}:${accountOf(req)}`;
    return [
      { limiter: app.createRateLimit({ max: async () => (await now()).perIp, timeWindow, keyGenerator: byIp }), side: 'perIp' },
      {
        limiter: app.createRateLimit({ max: async () => (await now()).perAccount, timeWindow, keyGenerator: byAccount }),
        side: 'perAccount',
      },
    ];
  };

  app.addHook('onRoute', (route) => {
    const call = route.url.startsWith(API_PREFIX) ? route.url.slice(API_PREFIX.length) : '';
    const rule = Object.hasOwn(LIMITED_CALLS, call) ? LIMITED_CALLS[call] : undefined;
    // HEAD routes too: Fastify answers HEAD of a GET by running its handler (a captcha made).
    if (!rule) return;
    const limiters = limitersOf(rule);
    // preHandler: after validation, so the account in the body or query is a checked string.
    const hook: preHandlerAsyncHookHandler = async (req, reply) => {
      const numbers = await liveRule(rule, limits, settings, minuteMs);
      for (const { limiter, side } of limiters) {
        if (numbers[side] <= 0 || (side === 'perAccount' && accountOf(req) === null)) continue;
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
