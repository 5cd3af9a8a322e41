/**
 * `member_info`: the member's plan as /member shows it (spec section 4 flags), at an injectable
 * `now` so the 7-day and expiry boundaries are testable:
 * - the plan is the highest live paid plan; its expiry is the end of the last period bought for
 *   that plan (renewals included), its start the start of the live period;
 * - with no live plan, the last plan that ended is reported (plan 'free', its dates) so the page
 *   can say it expired;
 * - `expired`: today (UTC) is after the expiry date; `near_expiry`: from 7 days before expiry.
 */
import type { Db } from '@mtp/platform';
import { SKUS, TIMINGS, type MemberData, type UiLang } from '@mtp/proto';
import { PLAN_RANK } from './catalogue-skus';
import { goodsName } from './goods-text';
import { billingEnabled } from './billing-mode';
import { planCodeOfSku } from './remaining';
import { UNLIMITED_SKU } from './periods';
import { catalogueSku } from './catalogue-skus';

type PlanRow = { sku: string; starts_at: Date; expires_at: Date };

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

export function expiryFlags(expiresAt: Date | null, now: Date): { expired: boolean; near_expiry: boolean } {
  if (!expiresAt) return { expired: false, near_expiry: false };
  const expired = utcDay(now) > utcDay(expiresAt);
  return { expired, near_expiry: !expired && now.getTime() >= expiresAt.getTime() - TIMINGS.expiryWarningDays * DAY_MS };
}

export async function memberInfo(db: Db, args: { userId: number; lang: UiLang; now?: Date }): Promise<MemberData> {
  const now = args.now ?? new Date();
  if (!(await billingEnabled(db))) {
    return {
      plan_code: 'enterprise',
      plan_sku: UNLIMITED_SKU,
      plan_name: '',
      member_start_time: null,
      expiration_time: null,
      expired: false,
      near_expiry: false,
      billing: false,
    };
  }
  const { rows } = await db.query<PlanRow>(
    `SELECT sku, starts_at, expires_at FROM quota_grants
     WHERE user_id = $1 AND kind = 'plan' AND sku NOT IN ('free', $2) ORDER BY expires_at`,
    [args.userId, UNLIMITED_SKU],
  );
  const live = rows.filter((r) => r.starts_at <= now && r.expires_at > now);
  const rank = (r: PlanRow) => PLAN_RANK[planCodeOfSku(r.sku)];
  const top = live.sort((a, b) => rank(b) - rank(a) || a.expires_at.getTime() - b.expires_at.getTime())[0];
  if (top) {
    const plan = planCodeOfSku(top.sku);
    const samePlan = rows.filter((r) => planCodeOfSku(r.sku) === plan && r.expires_at > now);
    const expiresAt = new Date(Math.max(...samePlan.map((r) => r.expires_at.getTime())));
    const sku = catalogueSku(top.sku)!;
    return {
      plan_code: plan,
      plan_sku: top.sku,
      plan_name: goodsName(sku, args.lang),
      member_start_time: top.starts_at.toISOString(),
      expiration_time: expiresAt.toISOString(),
      ...expiryFlags(expiresAt, now),
      billing: true,
    };
  }
  const last = rows.filter((r) => r.expires_at <= now).at(-1);
  return {
    plan_code: 'free',
    plan_sku: SKUS.free.code,
    plan_name: goodsName(catalogueSku('free')!, args.lang),
    member_start_time: last ? last.starts_at.toISOString() : null,
    expiration_time: last ? last.expires_at.toISOString() : null,
    ...expiryFlags(last?.expires_at ?? null, now),
    billing: true,
  };
}
