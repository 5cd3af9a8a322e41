/**
 * The billing notices of the message center (issue 17), computed from the ledger's grants, and
 * the membership period the user data shows. Nothing here writes: `dueNotices` answers what is
 * due now, each with a dedupe key, and the caller posts them (accounts' `postMessage` stores a
 * key once per user), so a sweep that runs every few minutes, on any replica, sends each once.
 *
 * - A **membership** is a run of paid plan grants that overlap or touch (a renewal starting when
 *   the plan ends, an upgrade beside it): it ends when the last of them ends. Its end, not one
 *   grant's, is what expires, so a renewed plan is never reported as expiring.
 * - `plan_expiring`: the membership ends within 7 days (TIMINGS.expiryWarningDays). Once per
 *   period: the key names the end (`plan_expiring:<end>`); a renewal moves the end, so the new
 *   period is announced again when its own end comes near.
 * - `plan_expired`: no membership is live and the last one ended in the past 7 days (older
 *   endings are history, not news: a first deployment does not greet users with old plans).
 *   Once: `plan_expired:<end>`.
 * - `low_balance`: the characters the user can spend (what `remaining` reports as `total_left`)
 *   are 10,000 or fewer (TIMINGS.lowCharsWarning). Repeat rule: once per top-up. The key names
 *   the newest grant in use (`low_balance:<grant_id>`); only a new grant (a plan, a package, the
 *   next month's allowance, each far above 10,000) raises the balance again, and it brings a new
 *   key, so the user hears again the next time the balance falls, and never twice in between.
 * - `package_frozen`: a live package with characters left while no paid plan is live. Once per
 *   package and freeze: `package_frozen:<grant_id>:<end of the membership that froze it>`.
 * The unlimited allowance of BILLING=off is no membership: it expires and warns of nothing.
 */
import type { Db } from '@mtp/platform';
import { TIMINGS, type LocalizedText, type NewMessage } from '@mtp/proto';
import { catalogueSku } from './catalogue-skus';
import { goodsName } from './goods-text';
import { FREE_MONTHLY_CHARS, UNLIMITED_SKU } from './periods';
import { remaining } from './remaining';

const DAY_MS = 86_400_000;
const WARN_MS = TIMINGS.expiryWarningDays * DAY_MS;
/** Why 7 days: a sweep down for longer than that is an outage with bigger news than this. */
export const EXPIRED_NOTICE_WINDOW_MS = 7 * DAY_MS;

export type Membership = {
  /** The sku of the grant that ends last (the name the user bought most recently). */
  sku: string;
  startsAt: Date;
  expiresAt: Date;
  /** Spec section 4: the period has ended and no other is live. */
  expired: boolean;
  /** From 7 days before the end while live. */
  nearExpiry: boolean;
};

type PaidGrant = { sku: string; startsAt: Date; expiresAt: Date };
type Run = { sku: string; startsAt: Date; expiresAt: Date };

/** SQL: a paid plan grant (of table alias `t`), not the free or the unlimited allowance. */
const paidPlan = (t: string) => `${t}.kind = 'plan' AND ${t}.sku NOT IN ('free', '${UNLIMITED_SKU}')`;

/** Merges grants (sorted by start) into runs that overlap or touch. */
function runsOf(grants: PaidGrant[]): Run[] {
  const runs: Run[] = [];
  for (const g of grants) {
    const last = runs.at(-1);
    if (last && g.startsAt.getTime() <= last.expiresAt.getTime()) {
      if (g.expiresAt.getTime() >= last.expiresAt.getTime()) Object.assign(last, { expiresAt: g.expiresAt, sku: g.sku });
    } else {
      runs.push({ ...g });
    }
  }
  return runs;
}

/** The live run, else the last one that ended (a run starting later is not a membership yet). */
function membershipAt(runs: Run[], now: Date): Membership | null {
  const t = now.getTime();
  const live = runs.find((r) => r.startsAt.getTime() <= t && t < r.expiresAt.getTime());
  if (live) return { ...live, expired: false, nearExpiry: live.expiresAt.getTime() - t <= WARN_MS };
  const ended = runs.filter((r) => r.expiresAt.getTime() <= t).at(-1);
  return ended ? { ...ended, expired: true, nearExpiry: false } : null;
}

/** The user's membership period for the user data (`member_start_time`, `expiration_time`, flags); null: never a paid plan. */
export async function membershipOf(db: Db, userId: number, now = new Date()): Promise<Membership | null> {
  const { rows } = await db.query<{ sku: string; starts_at: Date; expires_at: Date }>(
    `SELECT sku, starts_at, expires_at FROM quota_grants g WHERE user_id = $1 AND ${paidPlan('g')} ORDER BY starts_at, grant_id`,
    [userId],
  );
  return membershipAt(runsOf(rows.map((r) => ({ sku: r.sku, startsAt: r.starts_at, expiresAt: r.expires_at }))), now);
}

/** A sku's name in both languages ("Standard · 1 month", "5 million characters"); the code itself if unknown. */
function nameOf(code: string): LocalizedText {
  const sku = catalogueSku(code);
  return sku ? { zh_CN: goodsName(sku, 'zh_CN'), en_US: goodsName(sku, 'en_US') } : { zh_CN: code, en_US: code };
}

async function planNotices(db: Db, now: Date): Promise<NewMessage[]> {
  // Grants ending before the window cannot change the end of a run that ends inside it or later.
  const { rows } = await db.query<{ user_id: number; sku: string; starts_at: Date; expires_at: Date }>(
    `SELECT user_id, sku, starts_at, expires_at FROM quota_grants g
     WHERE user_id IS NOT NULL AND ${paidPlan('g')} AND expires_at > $1
     ORDER BY user_id, starts_at, grant_id`,
    [new Date(now.getTime() - EXPIRED_NOTICE_WINDOW_MS)],
  );
  const byUser = new Map<number, PaidGrant[]>();
  for (const r of rows) {
    const list = byUser.get(r.user_id) ?? [];
    list.push({ sku: r.sku, startsAt: r.starts_at, expiresAt: r.expires_at });
    byUser.set(r.user_id, list);
  }
  const notices: NewMessage[] = [];
  for (const [userId, grants] of byUser) {
    const m = membershipAt(runsOf(grants), now);
    if (!m) continue;
    const end = m.expiresAt.toISOString();
    if (m.nearExpiry) {
      const days = Math.max(1, Math.ceil((m.expiresAt.getTime() - now.getTime()) / DAY_MS));
      const params = { plan_name: nameOf(m.sku), expires_at: end, days };
      notices.push({ userId, kind: 'plan_expiring', params, dedupeKey: `plan_expiring:${end}` });
    } else if (m.expired) {
      notices.push({ userId, kind: 'plan_expired', params: { plan_name: nameOf(m.sku) }, dedupeKey: `plan_expired:${end}` });
    }
  }
  return notices;
}

async function frozenPackageNotices(db: Db, now: Date): Promise<NewMessage[]> {
  const { rows } = await db.query<{ grant_id: string; user_id: number; sku: string; chars_left: string; froze_at: Date | null }>(
    `SELECT p.grant_id, p.user_id, p.sku, p.chars_total - p.chars_used AS chars_left,
            (SELECT max(q.expires_at) FROM quota_grants q WHERE q.user_id = p.user_id AND ${paidPlan('q')} AND q.expires_at <= $1) AS froze_at
     FROM quota_grants p
     WHERE p.user_id IS NOT NULL AND p.kind = 'package' AND p.starts_at <= $1 AND p.expires_at > $1 AND p.chars_used < p.chars_total
       AND NOT EXISTS (SELECT 1 FROM quota_grants q WHERE q.user_id = p.user_id AND q.kind = 'plan' AND q.sku <> 'free'
                         AND q.starts_at <= $1 AND q.expires_at > $1)
     ORDER BY p.grant_id`,
    [now],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    kind: 'package_frozen',
    params: { package_name: nameOf(r.sku), chars_left: Number(r.chars_left) },
    dedupeKey: `package_frozen:${r.grant_id}:${r.froze_at ? r.froze_at.toISOString() : 'none'}`,
  }));
}

async function lowBalanceNotices(db: Db, now: Date): Promise<NewMessage[]> {
  // Candidates by the ledger's rules in one query (with a paid plan live: packages and paid
  // plans; without: this month's free allowance, whole until created); `remaining` decides.
  const { rows } = await db.query<{ user_id: number; newest: string }>(
    `WITH live AS (
       SELECT user_id, grant_id, chars_total - chars_used AS chars_left,
              (kind = 'package' OR (kind = 'plan' AND sku <> 'free')) AS paid_use, kind = 'plan' AND sku <> 'free' AS paid_plan
       FROM quota_grants WHERE user_id IS NOT NULL AND starts_at <= $1 AND expires_at > $1
     ), per_user AS (
       SELECT user_id, bool_or(paid_plan) AS paid,
              sum(chars_left) FILTER (WHERE paid_use) AS paid_left, sum(chars_left) FILTER (WHERE NOT paid_use) AS free_left,
              max(grant_id) FILTER (WHERE paid_use) AS paid_newest, max(grant_id) FILTER (WHERE NOT paid_use) AS free_newest
       FROM live GROUP BY user_id
     )
     SELECT user_id, CASE WHEN paid THEN paid_newest ELSE free_newest END AS newest FROM per_user
     WHERE CASE WHEN paid THEN paid_left ELSE coalesce(free_left, $2) END <= $3`,
    [now, FREE_MONTHLY_CHARS, TIMINGS.lowCharsWarning],
  );
  const notices: NewMessage[] = [];
  for (const r of rows) {
    if (r.newest === null) continue;
    const left = (await remaining(db, r.user_id, now)).total_left;
    if (left > TIMINGS.lowCharsWarning) continue;
    notices.push({ userId: r.user_id, kind: 'low_balance', params: { chars_left: left }, dedupeKey: `low_balance:${r.newest}` });
  }
  return notices;
}

/** Every billing notice due at `now` (expiring and expired plans, low balances, frozen packages). */
export async function dueNotices(db: Db, now = new Date()): Promise<NewMessage[]> {
  return [...(await planNotices(db, now)), ...(await lowBalanceNotices(db, now)), ...(await frozenPackageNotices(db, now))];
}
