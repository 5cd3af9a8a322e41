/**
 * Computes one UTC day's rollups from the sources and writes them whole: the day's rows are
 * deleted and inserted again in one transaction, under a transaction-scoped advisory lock of that
 * day, so recomputing is idempotent and two replicas computing the same day take turns instead of
 * interleaving. A day is final once computed FINAL_AFTER_MS after its end: by then no transaction
 * that started before midnight (and stamped its rows with that start) can still commit.
 */
import type { Db } from '@mtp/platform';

type Queryable = Pick<Db, 'query'>;
import type { StatsSources, StatsUser } from './stats-sources';
import { addDays, DAY_MS, dayStartOf } from './stats-days';

/** First half of the two-key advisory lock of a day's computation (the second is the day number). */
export const STATS_LOCK_CLASS = 7_413_019;
export const FINAL_AFTER_MS = 60 * 60_000;

/** Site 0: anonymous visitors (no account, so no site). */
export const VISITOR_SITE = 0;
/** The site of the "every site" rows of stats_chars_daily. */
export const ALL_SITES = -1;

type Sum = Map<string, number>;
const add = (m: Sum, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);
const split = (key: string) => key.split('\u0000');
const join = (...parts: (string | number)[]) => parts.join('\u0000');

type DayRows = {
  chars: Sum; // site, kind, src, tgt (and ALL_SITES, kind, src, tgt)
  siteChars: Sum; // site
  users: Map<number, { siteId: number; chars: number; signIns: number }>;
  newUsers: Sum; // site
  tasks: Sum; // site, kind, outcome
  revenue: Map<string, { goodsType: string; plan: string | null; orders: number; cents: number }>; // site, sku
};

async function collect(sources: StatsSources, from: Date, to: Date): Promise<DayRows> {
  const [charges, outcomes, orders, signIns, newUsers] = await Promise.all([
    sources.charges(from, to),
    sources.taskOutcomes(from, to),
    sources.paidOrders(from, to),
    sources.signIns(from, to),
    sources.newUsers(from, to),
  ]);
  const classes = await sources.classifyCharges(charges.map((c) => c.taskId));
  const ids = new Set<number>();
  for (const f of [...charges, ...outcomes, ...orders, ...signIns]) if (f.userId !== null) ids.add(f.userId);
  const known = new Map<number, StatsUser>((await sources.usersByIds([...ids])).map((u) => [u.userId, u]));
  // A user deleted since keeps no site; their charges went with them (the ledger cascades).
  const siteOf = (userId: number | null, fallback: number | null = null) =>
    userId === null ? VISITOR_SITE : (known.get(userId)?.siteId ?? fallback);

  const rows: DayRows = {
    chars: new Map(),
    siteChars: new Map(),
    users: new Map(),
    newUsers: new Map(),
    tasks: new Map(),
    revenue: new Map(),
  };
  const userRow = (userId: number, siteId: number) => {
    let row = rows.users.get(userId);
    if (!row) rows.users.set(userId, (row = { siteId, chars: 0, signIns: 0 }));
    return row;
  };
  for (const c of charges) {
    const site = siteOf(c.userId);
    if (site === null) continue;
    const cls = classes.get(c.taskId) ?? { kind: 'text', src: '', tgt: '' };
    add(rows.chars, join(site, cls.kind, cls.src, cls.tgt), c.chars);
    add(rows.chars, join(ALL_SITES, cls.kind, cls.src, cls.tgt), c.chars);
    add(rows.siteChars, String(site), c.chars);
    if (c.userId !== null) userRow(c.userId, site).chars += c.chars;
  }
  for (const s of signIns) {
    const site = siteOf(s.userId, s.siteId);
    if (site !== null) userRow(s.userId, site).signIns += s.signIns;
  }
  for (const n of newUsers) add(rows.newUsers, String(n.siteId), n.users);
  for (const t of outcomes) {
    const site = siteOf(t.userId);
    if (site !== null) add(rows.tasks, join(site, t.kind, t.outcome), t.tasks);
  }
  for (const o of orders) {
    const site = siteOf(o.userId);
    if (site === null) continue;
    const key = join(site, o.skuCode);
    const row = rows.revenue.get(key) ?? { goodsType: o.goodsType, plan: o.plan, orders: 0, cents: 0 };
    row.orders += o.orders;
    row.cents += o.amountCents;
    rows.revenue.set(key, row);
  }
  return rows;
}

const dayNumber = (day: string) => Math.round(dayStartOf(day)!.getTime() / DAY_MS);

/** Computes and writes `day` (YYYY-MM-DD); answers whether it is now final. */
export async function computeStatsDay(db: Db, sources: StatsSources, day: string, now = new Date()): Promise<boolean> {
  const from = dayStartOf(day)!;
  const to = dayStartOf(addDays(day, 1))!;
  const rows = await collect(sources, from, to);
  const final = now.getTime() >= to.getTime() + FINAL_AFTER_MS;
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [STATS_LOCK_CLASS, dayNumber(day)]);
    for (const table of ['stats_chars_daily', 'stats_user_daily', 'stats_site_users_daily', 'stats_tasks_daily', 'stats_revenue_daily'])
      await client.query(`DELETE FROM ${table} WHERE day = $1`, [day]);
    const chars = [...rows.chars].map(([k, n]) => [...split(k), n]);
    await client.query(
      `INSERT INTO stats_chars_daily (day, site_id, kind, src_lang, tgt_lang, chars)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[])`,
      [day, ...columns(chars, 5)],
    );
    const users = [...rows.users].map(([id, u]) => [id, u.siteId, u.chars, u.signIns]);
    await client.query(
      `INSERT INTO stats_user_daily (day, user_id, site_id, chars, sign_ins)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bigint[], $5::int[])`,
      [day, ...columns(users, 4)],
    );
    const sites = new Map<number, { chars: number; fresh: number; active: number }>();
    const site = (id: number) => sites.get(id) ?? sites.set(id, { chars: 0, fresh: 0, active: 0 }).get(id)!;
    for (const [id, chars] of rows.siteChars) site(Number(id)).chars += chars;
    for (const [id, users] of rows.newUsers) site(Number(id)).fresh += users;
    for (const u of rows.users.values()) site(u.siteId).active += 1;
    await client.query(
      `INSERT INTO stats_site_users_daily (day, site_id, chars, new_users, active_users)
       SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::int[], $5::int[])`,
      [
        day,
        ...columns(
          [...sites].map(([id, c]) => [id, c.chars, c.fresh, c.active]),
          4,
        ),
      ],
    );
    await rebuildMonth(client, day);
    await client.query(
      `INSERT INTO stats_tasks_daily (day, site_id, kind, outcome, tasks)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::int[])`,
      [
        day,
        ...columns(
          [...rows.tasks].map(([k, n]) => [...split(k), n]),
          4,
        ),
      ],
    );
    const revenue = [...rows.revenue].map(([k, r]) => [...split(k), r.goodsType, r.plan, r.orders, r.cents]);
    await client.query(
      `INSERT INTO stats_revenue_daily (day, site_id, sku_code, goods_type, plan, orders, amount_cents)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[])`,
      [day, ...columns(revenue, 6)],
    );
    await client.query(
      `INSERT INTO stats_days (day, computed_at, final) VALUES ($1, $2, $3)
       ON CONFLICT (day) DO UPDATE SET computed_at = EXCLUDED.computed_at, final = EXCLUDED.final`,
      [day, now, final],
    );
    await client.query('COMMIT');
    return final;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * The month of `day` summed again from the daily rows, under the month's lock: two replicas
 * computing two days of one month take turns, and the second one's statement sees the first's
 * committed day, so neither day goes missing from the month.
 */
async function rebuildMonth(client: Queryable, day: string): Promise<void> {
  const month = `${day.slice(0, 7)}-01`;
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [STATS_LOCK_CLASS, -dayNumber(month)]);
  await client.query('DELETE FROM stats_user_monthly WHERE month = $1', [month]);
  await client.query(
    `INSERT INTO stats_user_monthly (month, user_id, site_id, chars)
     SELECT $1, user_id, max(site_id), sum(chars) FROM stats_user_daily
     WHERE day >= $1::date AND day < ($1::date + interval '1 month') GROUP BY user_id`,
    [month],
  );
}

/** Rows as `n` column arrays, for one `unnest` insert per table. */
function columns(rows: unknown[][], n: number): unknown[][] {
  return Array.from({ length: n }, (_, i) => rows.map((r) => r[i] ?? null));
}
