/**
 * Reads the rollups of a range (and one site, or every site) into `StatsData`: a handful of
 * grouped queries over the daily tables, run side by side. A year of rollups is a few thousand
 * rows per table, so this answers in milliseconds whatever the size of the ledger behind it.
 */
import type { Db } from '@mtp/platform';
import { STATS_KINDS, type StatsData, type StatsDay, type StatsKind, type StatsOutcome } from '@mtp/proto';
import { addDays, daysBetween } from './stats-days';
import { ALL_SITES } from './stats-rollup';
import type { StatsSources } from './stats-sources';

export type StatsScope = { from: string; to: string; siteId: number | null; canChooseSite: boolean };

/** How many pairs and top users the page lists. */
export const TOP_PAIRS = 20;
export const TOP_USERS = 10;

const emptyDay = (day: string): StatsDay => ({
  day,
  chars: { text: 0, document: 0, picture: 0, web: 0, api: 0 },
  active_users: 0,
  new_users: 0,
  tasks: { done: 0, failed: 0, interrupted: 0 },
  revenue_cents: 0,
});

/**
 * The users of a range ($1..$2, site $3): whole months ($4 <= month < $5) from the monthly table,
 * the days before and after them from the daily one. Without a whole month $4 = $5 = the day
 * after the range, so every day comes from the daily table.
 */
const RANGE_USERS = `
  SELECT user_id, site_id, chars FROM stats_user_monthly
    WHERE month >= $4::date AND month < $5::date AND ($3::int IS NULL OR site_id = $3)
  UNION ALL
  SELECT user_id, site_id, chars FROM stats_user_daily
    WHERE ((day >= $1::date AND day < $4::date) OR (day >= $5::date AND day <= $2::date)) AND ($3::int IS NULL OR site_id = $3)`;

/** The calendar months wholly inside [from, to]: [from, until) as first days of months. */
export function wholeMonths(from: string, to: string): { from: string; until: string } {
  const first = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-01`, 31).slice(0, 7)}-01`;
  const until = `${addDays(to, 1).slice(0, 7)}-01`;
  return first < until ? { from: first, until } : { from: addDays(to, 1), until: addDays(to, 1) };
}

type RangedUsers = {
  active: number;
  sites: { site_id: number; users: number }[];
  top: { user_id: number; site_id: number; chars: number }[];
};

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const isKind = (k: string): k is StatsKind => (STATS_KINDS as readonly string[]).includes(k);

export async function readStats(db: Db, users: StatsSources['usersByIds'], scope: StatsScope): Promise<StatsData> {
  const months = wholeMonths(scope.from, scope.to);
  const params = [scope.from, scope.to, scope.siteId, months.from, months.until];
  const where = `day BETWEEN $1 AND $2 AND ($3::int IS NULL OR site_id = $3)`;
  // PostgreSQL refuses parameters a statement does not use: only the range-users ones pass $4, $5.
  const q = <T extends object>(sql: string) => db.query<T>(sql, params.slice(0, sql.includes('$4') ? 5 : 3)).then((r) => r.rows);
  const D = `to_char(day, 'YYYY-MM-DD') AS day`;
  // stats_chars_daily keeps every site's sum under site -1: "every site" reads those rows only.
  const charsWhere = `day BETWEEN $1 AND $2 AND site_id = COALESCE($3::int, ${ALL_SITES})`;
  const [chars, people, tasks, revenueDays, pairs, sites, taskKinds, revenue, [ranged]] = await Promise.all([
    q<{ day: string; kind: string; chars: string }>(
      `SELECT ${D}, kind, sum(chars) AS chars FROM stats_chars_daily WHERE ${charsWhere} GROUP BY 1, 2`,
    ),
    q<{ day: string; active: string; fresh: string }>(
      `SELECT ${D}, sum(active_users) AS active, sum(new_users) AS fresh FROM stats_site_users_daily WHERE ${where} GROUP BY 1`,
    ),
    q<{ day: string; outcome: StatsOutcome; tasks: string }>(
      `SELECT ${D}, outcome, sum(tasks) AS tasks FROM stats_tasks_daily WHERE ${where} GROUP BY 1, 2`,
    ),
    q<{ day: string; cents: string }>(`SELECT ${D}, sum(amount_cents) AS cents FROM stats_revenue_daily WHERE ${where} GROUP BY 1`),
    q<{ src_lang: string; tgt_lang: string; chars: string }>(
      `SELECT src_lang, tgt_lang, sum(chars) AS chars FROM stats_chars_daily WHERE ${charsWhere}
       GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${TOP_PAIRS}`,
    ),
    q<{ site_id: number; chars: string; new_users: string }>(
      `SELECT site_id, sum(chars) AS chars, sum(new_users) AS new_users FROM stats_site_users_daily WHERE ${where} GROUP BY 1`,
    ),
    q<{ kind: string; outcome: StatsOutcome; tasks: string }>(
      `SELECT kind, outcome, sum(tasks) AS tasks FROM stats_tasks_daily WHERE ${where} GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    q<{ sku_code: string; goods_type: string; plan: string | null; orders: string; amount_cents: string }>(
      `SELECT sku_code, min(goods_type) AS goods_type, min(plan) AS plan, sum(orders) AS orders, sum(amount_cents) AS amount_cents
       FROM stats_revenue_daily WHERE ${where} GROUP BY 1 ORDER BY 5 DESC, 1`,
    ),
    // The range's users in one pass: distinct actives, actives per site and the top users.
    q<RangedUsers>(
      `WITH u AS (SELECT user_id, max(site_id) AS site_id, sum(chars) AS chars FROM (${RANGE_USERS}) r GROUP BY 1)
       SELECT (SELECT count(*)::int FROM u) AS active,
              (SELECT COALESCE(json_agg(s), '[]') FROM (SELECT site_id, count(*)::int AS users FROM u GROUP BY 1) s) AS sites,
              (SELECT COALESCE(json_agg(t), '[]') FROM (
                 SELECT user_id, site_id, chars FROM u WHERE chars > 0 ORDER BY chars DESC, user_id LIMIT ${TOP_USERS}) t) AS top`,
    ),
  ]);
  const top = ranged!.top;
  const activeBySite = new Map(ranged!.sites.map((s) => [s.site_id, s.users]));

  const byDay = new Map(daysBetween(scope.from, scope.to).map((d) => [d, emptyDay(d)]));
  const day = (d: string) => byDay.get(d)!;
  for (const r of chars) if (isKind(r.kind)) day(r.day).chars[r.kind] += n(r.chars);
  for (const r of people) Object.assign(day(r.day), { active_users: n(r.active), new_users: n(r.fresh) });
  for (const r of tasks) day(r.day).tasks[r.outcome] += n(r.tasks);
  for (const r of revenueDays) day(r.day).revenue_cents = n(r.cents);
  const days = [...byDay.values()];

  const byKind = emptyDay('').chars;
  for (const d of days) for (const k of STATS_KINDS) byKind[k] += d.chars[k];
  const outcomes = emptyDay('').tasks;
  for (const d of days) for (const o of Object.keys(outcomes) as StatsOutcome[]) outcomes[o] += d.tasks[o];

  const kinds = new Map<string, StatsData['tasks'][number]>();
  for (const r of taskKinds) {
    const row = kinds.get(r.kind) ?? { kind: r.kind, done: 0, failed: 0, interrupted: 0 };
    row[r.outcome] += n(r.tasks);
    kinds.set(r.kind, row);
  }
  const names = new Map((await users(top.map((u) => u.user_id))).map((u) => [u.userId, u]));

  return {
    from: scope.from,
    to: scope.to,
    site_id: scope.siteId,
    can_choose_site: scope.canChooseSite,
    totals: {
      chars: STATS_KINDS.reduce((sum, k) => sum + byKind[k], 0),
      chars_by_kind: byKind,
      active_users: ranged!.active,
      new_users: days.reduce((sum, d) => sum + d.new_users, 0),
      tasks: outcomes,
      orders: revenue.reduce((sum, r) => sum + n(r.orders), 0),
      revenue_cents: days.reduce((sum, d) => sum + d.revenue_cents, 0),
    },
    days,
    pairs: pairs.map((p) => ({ src_lang: p.src_lang, tgt_lang: p.tgt_lang, chars: n(p.chars) })),
    sites: [...new Set([...sites.map((s) => s.site_id), ...activeBySite.keys()])]
      .map((id) => {
        const row = sites.find((s) => s.site_id === id);
        return { site_id: id, chars: n(row?.chars), active_users: activeBySite.get(id) ?? 0, new_users: n(row?.new_users) };
      })
      .sort((a, b) => b.chars - a.chars || a.site_id - b.site_id),
    tasks: [...kinds.values()],
    revenue: revenue.map((r) => ({ ...r, orders: n(r.orders), amount_cents: n(r.amount_cents) })),
    top_users: top.map((u) => ({
      user_id: u.user_id,
      account: names.get(u.user_id)?.account ?? '',
      username: names.get(u.user_id)?.username ?? '',
      site_id: u.site_id,
      chars: n(u.chars),
    })),
  };
}
