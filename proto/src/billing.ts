import { Type, type Static } from 'typebox';

/** A live character package: `frozen` while no paid plan is live (spec: "they require a plan"). */
export const PackageBalance = Type.Object({
  sku: Type.String(),
  chars_total: Type.Integer(),
  chars_left: Type.Integer(),
  expires_at: Type.String({ format: 'date-time' }),
  state: Type.Union([Type.Literal('in_use'), Type.Literal('frozen')]),
});
export type PackageBalance = Static<typeof PackageBalance>;

/**
 * `GET user/remaining_str`: the caller's characters. `total_left` (the spec's field) is what the
 * next task may take: usable packages plus the plan in use; frozen packages are reported apart.
 */
export const RemainingData = Type.Object({
  total_left: Type.Integer(),
  packages_left: Type.Integer(),
  plan_left: Type.Integer(),
  /** Live packages of both kinds (characters and API) waiting for a live paid plan. */
  packages_frozen: Type.Integer(),
  /**
   * API packages (T03) in use: spent by the public API only (before anything else), so left out
   * of `total_left` and `packages_left` here; `remainingForApi` counts them in. Listed in `packages`
   * too (their sku starts with `api_`).
   */
  api_packages_left: Type.Integer(),
  /** The plan in use: a paid plan, else the free allowance. */
  plan_code: Type.Union([Type.Literal('free'), Type.Literal('standard'), Type.Literal('professional'), Type.Literal('enterprise')]),
  plan_sku: Type.String(),
  /** When the plan in use ends (the free allowance renews then). */
  plan_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  packages: Type.Array(PackageBalance),
});
export type RemainingData = Static<typeof RemainingData>;

/** `GET request_translate/select_remaining_char`: the client reads `data.data` (spec section 7). */
export const RemainingCharData = Type.Object({ data: Type.Integer() });
export type RemainingCharData = Static<typeof RemainingCharData>;
