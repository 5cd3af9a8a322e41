/**
 * The traffic limits' rules, free of the database: which limit a caller gets (precedence) and
 * which values an administrator may set (the ranges of TRAFFIC_RANGES in @mtp/proto).
 */
import { APP_ID_PATTERN, AppError, TRAFFIC_RANGES, type TrafficScope } from '@mtp/proto';

/** "N requests per M minutes" (the spec sets the frequency limit in minutes). */
export type FrequencyLimit = { maxRequests: number; windowMinutes: number };

/** Attempts per account and per client address in one window, against password guessing. */
export type LoginLimits = { perAccount: number; perIp: number; windowMinutes: number };

/** Who is calling, as far as the gateway knows; each part is null when it does not apply. */
export type TrafficIdentity = {
  /** The public-API key the request carries (its app_id). */
  appId?: string | null;
  userId?: number | null;
  /** The logged-in user's site. */
  siteId?: number | null;
};

/** The limit that applies and the rule it came from. */
export type AppliedLimit = FrequencyLimit & { rule: 'app' | 'user' | 'site' | 'default' };

export type { TrafficScope };

/** The overrides of one snapshot, keyed `<scope>:<subject>`. */
export type OverrideMap = ReadonlyMap<string, FrequencyLimit>;

export const overrideKey = (scope: TrafficScope, subject: string | number) => `${scope}:${subject}`;

/**
 * The most specific override that applies, else the default: the API key's, then the user's,
 * then the user's site's. A key's override is about the program using it, so it beats its
 * owner's; a user's beats their site's, which is about everyone of an enterprise.
 */
export function resolveLimit(overrides: OverrideMap, fallback: FrequencyLimit, who: TrafficIdentity): AppliedLimit {
  const candidates: [AppliedLimit['rule'], string | number | null | undefined][] = [
    ['app', who.appId],
    ['user', who.userId],
    ['site', who.siteId],
  ];
  for (const [rule, subject] of candidates) {
    if (subject === null || subject === undefined) continue;
    const found = overrides.get(overrideKey(rule as TrafficScope, subject));
    if (found) return { maxRequests: found.maxRequests, windowMinutes: found.windowMinutes, rule };
  }
  return { maxRequests: fallback.maxRequests, windowMinutes: fallback.windowMinutes, rule: 'default' };
}

function assertInRange(value: number, range: { min: number; max: number }, field: string): void {
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new AppError('TRAFFIC_LIMIT_OUT_OF_RANGE', `${field}: ${range.min}-${range.max}`);
  }
}

export function assertFrequencyLimit(limit: FrequencyLimit): void {
  assertInRange(limit.maxRequests, TRAFFIC_RANGES.maxRequests, 'max_requests');
  assertInRange(limit.windowMinutes, TRAFFIC_RANGES.windowMinutes, 'window_minutes');
}

export function assertLoginLimits(limits: LoginLimits): void {
  assertInRange(limits.perAccount, TRAFFIC_RANGES.loginPerAccount, 'per_account');
  assertInRange(limits.perIp, TRAFFIC_RANGES.loginPerIp, 'per_ip');
  assertInRange(limits.windowMinutes, TRAFFIC_RANGES.windowMinutes, 'window_minutes');
}

/** The subject an override is kept under: a positive id for users and sites, an app_id for keys. */
export function assertSubject(scope: TrafficScope, subject: string): void {
  const ok = scope === 'app' ? new RegExp(APP_ID_PATTERN).test(subject) : /^[1-9]\d{0,17}$/.test(subject);
  if (!ok) throw new AppError('INVALID_PARAMS', 'subject');
}
