/**
 * The gateway's security settings from the environment (see the gateway README's Security
 * section): which proxies may say who the client is, the rate limits of the account calls, and
 * which origins may frame the app. Each parser names the variable when a value is wrong.
 */
import net from 'node:net';

/**
 * Fastify's `trustProxy`: false (the default) ignores X-Forwarded-* entirely; a hop count
 * trusts that many proxies in front; a list trusts only those addresses or CIDR ranges.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const kind = net.isIP(address);
  if (kind === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (kind === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or empty: none; `1`, `2`: hop count; `10.0.0.0/8,127.0.0.1`: addresses. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs, got ${JSON.stringify(bad[0])}`);
  }
  return entries;
}

/** One limited kind of call: hits per account and per client address in one window. */
export type RateRule = {
  /** Calls naming one account (or made by one user) per window; 0: no per-account limit. */
  perAccount: number;
  /** Calls from one client address (IPv6: one /64) per window; 0: no per-address limit. */
  perIp: number;
  windowSeconds: number;
};

export const RATE_RULES = ['login', 'checkAccount', 'imageCode', 'codeSend', 'codeCheck'] as const;
export type RateRuleName = (typeof RATE_RULES)[number];
export type RateLimits = Record<RateRuleName, RateRule>;

// A real person never comes near these; several people behind one office NAT share the
// per-address figure, hence a few times the per-account one.
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { perAccount: 20, perIp: 200, windowSeconds: 15 * 60 },
  checkAccount: { perAccount: 20, perIp: 200, windowSeconds: 15 * 60 },
  imageCode: { perAccount: 0, perIp: 200, windowSeconds: 15 * 60 },
  codeSend: { perAccount: 10, perIp: 60, windowSeconds: 3600 },
  codeCheck: { perAccount: 20, perIp: 120, windowSeconds: 3600 },
};

/** The environment variable of each rule, e.g. RATE_LIMIT_LOGIN=20/200/900. */
export const RATE_LIMIT_VARS: Record<RateRuleName, string> = {
  login: 'RATE_LIMIT_LOGIN',
  checkAccount: 'RATE_LIMIT_CHECK_ACCOUNT',
  imageCode: 'RATE_LIMIT_IMAGE_CODE',
  codeSend: 'RATE_LIMIT_CODE_SEND',
  codeCheck: 'RATE_LIMIT_CODE_CHECK',
};

/** Each RATE_LIMIT_* variable is `<per account>/<per IP>/<window seconds>`; unset: the default. */
export function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const name of RATE_RULES) {
    const variable = RATE_LIMIT_VARS[name];
    const raw = env[variable]?.trim();
    if (!raw) continue;
    const match = /^(\d+)\/(\d+)\/(\d+)$/.exec(raw);
    if (!match || Number(match[3]) < 1) {
      throw new Error(`${variable} must be <per account>/<per IP>/<window seconds>, e.g. 20/200/900, got ${JSON.stringify(raw)}`);
    }
    limits[name] = { perAccount: Number(match[1]), perIp: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return limits;
}

/**
 * FRAME_ANCESTORS: origins allowed to frame the app (the Office add-in's host, say), separated
 * by spaces or commas; unset: no page of the platform may be framed.
 */
export function parseFrameAncestors(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    if (origin !== "'self'" && !/^https?:\/\/[^/\s;']+$/.test(origin)) {
      throw new Error(`FRAME_ANCESTORS must list origins such as https://addin.example.com or 'self', got ${JSON.stringify(origin)}`);
    }
  }
  return origins;
}

/** The general frequency limit's environment: what applies until an administrator sets a default. */
export type TrafficConfig = {
  /** TRAFFIC_DEFAULT_MAX requests per TRAFFIC_DEFAULT_MINUTES minutes. */
  defaultLimit: { maxRequests: number; windowMinutes: number };
  /**
   * TRAFFIC_MINUTE_MS (tests only): how long one "minute" of the traffic settings lasts. The
   * counters still run on the database's real clock; a test shortens the minute to see a window end.
   */
  minuteMs: number;
  /** How long a replica keeps the settings it read (ms); tests may shorten it. */
  cacheMs?: number;
};

// 1200 a minute (20 a second) per user, key or address: far above a person's use of the pages
// (the document page polls every 2 s) and above any of the test suites' polling, while a script
// hammering one account or address is still held back. Free visitors behind one NAT share it.
export const DEFAULT_TRAFFIC: TrafficConfig = { defaultLimit: { maxRequests: 1200, windowMinutes: 1 }, minuteMs: 60_000 };

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > max) throw new Error(`${name} must be an integer from 1 to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

export function loadTrafficConfig(env: NodeJS.ProcessEnv): TrafficConfig {
  return {
    defaultLimit: {
      maxRequests: positiveInt(env, 'TRAFFIC_DEFAULT_MAX', DEFAULT_TRAFFIC.defaultLimit.maxRequests, 1_000_000),
      windowMinutes: positiveInt(env, 'TRAFFIC_DEFAULT_MINUTES', DEFAULT_TRAFFIC.defaultLimit.windowMinutes, 1440),
    },
    minuteMs: positiveInt(env, 'TRAFFIC_MINUTE_MS', DEFAULT_TRAFFIC.minuteMs, 60_000),
  };
}
