/**
 * Statistics (`/stats`, issue 19 item 2), read from the daily rollups of `@mtp/ops`.
 *
 * - `GET admin/stats {from, to, site_id?}`: the series of the charts, the range's totals, the top
 *   users and the revenue. `from` and `to` are UTC days (YYYY-MM-DD), both inclusive, at most 366
 *   days apart (44031 when from > to, 44032 when longer).
 * - `GET admin/stats/export` (same query): the daily figures as CSV.
 *
 * The platform administrator sees every site (`site_id` absent) or one; anyone else (a manager)
 * sees their own site whatever `site_id` says. Characters are what the ledger charged (refunds
 * count nothing); money is in cents (fen) exactly as orders store it.
 */
import { Type, type Static } from 'typebox';

/** Every kind of translation the statistics count; `web` and `api` stay 0 until their issues tag their charges. */
export const STATS_KINDS = ['text', 'document', 'picture', 'web', 'api'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];

/** How a task ended: a text task or a document's file (`interrupted`: deleted, expired or cut off). */
export const STATS_OUTCOMES = ['done', 'failed', 'interrupted'] as const;
export type StatsOutcome = (typeof STATS_OUTCOMES)[number];

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const StatsQuery = Type.Object({
  from: Day,
  to: Day,
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type StatsQuery = Static<typeof StatsQuery>;

const Count = Type.Integer({ minimum: 0 });

const KindCounts = Type.Object({ text: Count, document: Count, picture: Count, web: Count, api: Count });
export type StatsKindCounts = Static<typeof KindCounts>;

const OutcomeCounts = Type.Object({ done: Count, failed: Count, interrupted: Count });

/** One day of the range (every day is listed, zeros included, so the charts have no gaps). */
export const StatsDay = Type.Object({
  day: Day,
  chars: KindCounts,
  active_users: Count,
  new_users: Count,
  tasks: OutcomeCounts,
  revenue_cents: Count,
});
export type StatsDay = Static<typeof StatsDay>;

export const StatsPair = Type.Object({
  /** '' when not known: charges made before pairs were recorded, documents whose rows were gone. */
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  chars: Count,
});
export type StatsPair = Static<typeof StatsPair>;

/** A site's characters; site 0 is anonymous visitors (listed only when every site is shown). */
export const StatsSite = Type.Object({ site_id: Count, chars: Count, active_users: Count, new_users: Count });
export type StatsSite = Static<typeof StatsSite>;

export const StatsTaskKind = Type.Object({ kind: Type.String(), ...OutcomeCounts.properties });
export type StatsTaskKind = Static<typeof StatsTaskKind>;

/** Revenue of one sku: `plan` for plans (T01), null for packages (T02 characters, T03 API). */
export const StatsRevenue = Type.Object({
  sku_code: Type.String(),
  goods_type: Type.String(),
  plan: Type.Union([Type.String(), Type.Null()]),
  orders: Count,
  amount_cents: Count,
});
export type StatsRevenue = Static<typeof StatsRevenue>;

export const StatsTopUser = Type.Object({
  user_id: Type.Integer(),
  /** '' for an account deleted since. */
  account: Type.String(),
  username: Type.String(),
  site_id: Count,
  chars: Count,
});
export type StatsTopUser = Static<typeof StatsTopUser>;

export const StatsData = Type.Object({
  from: Day,
  to: Day,
  /** The site shown (null: every site). */
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the caller may choose the site (the platform administrator). */
  can_choose_site: Type.Boolean(),
  totals: Type.Object({
    chars: Count,
    chars_by_kind: KindCounts,
    /** Distinct users active (translated or signed in) on any day of the range. */
    active_users: Count,
    new_users: Count,
    tasks: OutcomeCounts,
    orders: Count,
    revenue_cents: Count,
  }),
  days: Type.Array(StatsDay),
  pairs: Type.Array(StatsPair),
  sites: Type.Array(StatsSite),
  tasks: Type.Array(StatsTaskKind),
  revenue: Type.Array(StatsRevenue),
  top_users: Type.Array(StatsTopUser),
});
export type StatsData = Static<typeof StatsData>;
