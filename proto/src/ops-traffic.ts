/**
 * Traffic limits (issue 19 item 1, spec sections 2 and 9), the platform administrator's alone:
 *
 * - `GET admin/traffic`: the default frequency limit and the login limits in force.
 * - `GET admin/traffic/overrides?scope&page&page_size`: the overrides, newest change first.
 * - `POST admin/traffic/default {max_requests, window_minutes}`: the default limit.
 * - `POST admin/traffic/login {per_account, per_ip, window_minutes}`: the login limits.
 * - `POST admin/traffic/overrides {scope, account | site_id | app_id, max_requests, window_minutes}`:
 *   add or change the override of one user (by account), site (by id) or API key (by app_id).
 * - `POST admin/traffic/overrides/delete {scope, subject}`: remove one (`subject` as listed).
 *
 * A frequency limit is "N requests per M minutes" (the spec sets it in minutes). Which limit a
 * caller gets: the API key's override, else the user's, else the user's site's, else the default.
 */
import { Type, type Static } from 'typebox';

/** The allowed values; the server refuses others, the page checks them before sending. */
export const TRAFFIC_RANGES = {
  maxRequests: { min: 1, max: 1_000_000 },
  windowMinutes: { min: 1, max: 1440 },
  loginPerAccount: { min: 1, max: 10_000 },
  loginPerIp: { min: 1, max: 100_000 },
} as const;

const Int = (r: { min: number; max: number }) => Type.Integer({ minimum: r.min, maximum: r.max });

export const TrafficScope = Type.Union([Type.Literal('user'), Type.Literal('site'), Type.Literal('app')]);
export type TrafficScope = Static<typeof TrafficScope>;

/** An API key's app_id (the public API's keys): letters, digits, `_` and `-`. */
export const APP_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

export const FrequencyLimitBody = Type.Object({
  max_requests: Int(TRAFFIC_RANGES.maxRequests),
  window_minutes: Int(TRAFFIC_RANGES.windowMinutes),
});
export type FrequencyLimitBody = Static<typeof FrequencyLimitBody>;

export const LoginLimitsBody = Type.Object({
  per_account: Int(TRAFFIC_RANGES.loginPerAccount),
  per_ip: Int(TRAFFIC_RANGES.loginPerIp),
  window_minutes: Int(TRAFFIC_RANGES.windowMinutes),
});
export type LoginLimitsBody = Static<typeof LoginLimitsBody>;

export const TrafficSettingsData = Type.Object({
  /** `from_env`: nobody has set it yet, so TRAFFIC_DEFAULT_MAX / _MINUTES apply. */
  default: Type.Object({ max_requests: Type.Integer(), window_minutes: Type.Number(), from_env: Type.Boolean() }),
  /** `from_env`: nobody has set them yet, so RATE_LIMIT_LOGIN applies (its window may be a fraction of a minute). */
  login: Type.Object({ per_account: Type.Integer(), per_ip: Type.Integer(), window_minutes: Type.Number(), from_env: Type.Boolean() }),
});
export type TrafficSettingsData = Static<typeof TrafficSettingsData>;

export const TrafficOverridesQuery = Type.Object({
  scope: Type.Optional(TrafficScope),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type TrafficOverridesQuery = Static<typeof TrafficOverridesQuery>;

export const TrafficOverrideItem = Type.Object({
  scope: TrafficScope,
  /** The user id, site id or app_id the override is kept under. */
  subject: Type.String(),
  /** The account or site name when the override was set; the app_id for a key. */
  label: Type.String(),
  max_requests: Type.Integer(),
  window_minutes: Type.Integer(),
  /** ISO time of the last change. */
  updated_at: Type.String(),
});
export type TrafficOverrideItem = Static<typeof TrafficOverrideItem>;

export const TrafficOverridesData = Type.Object({
  list: Type.Array(TrafficOverrideItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type TrafficOverridesData = Static<typeof TrafficOverridesData>;

/** Which subject the scope needs: `account` for user, `site_id` for site, `app_id` for app. */
export const TrafficOverrideBody = Type.Object({
  scope: TrafficScope,
  account: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
  app_id: Type.Optional(Type.String({ pattern: APP_ID_PATTERN })),
  ...FrequencyLimitBody.properties,
});
export type TrafficOverrideBody = Static<typeof TrafficOverrideBody>;

export const TrafficOverrideKey = Type.Object({
  scope: TrafficScope,
  subject: Type.String({ minLength: 1, maxLength: 64 }),
});
export type TrafficOverrideKey = Static<typeof TrafficOverrideKey>;
