/**
 * A year of platform activity for the statistics bench, written set-wise with SQL into the owning
 * services' tables (the write functions stamp now(); a year in the past needs its own instants):
 * sites, users joining through the year, settled text charges across pairs, asynchronous text
 * tasks, document files with pictures, sign-ins and paid orders, as each service leaves them.
 */
import type { Db } from '@mtp/platform';

export const YEAR = { sites: 20, users: 5_000, days: 365, textPerDay: 2_500, tasksPerDay: 300, filesPerDay: 200, signInsPerDay: 1_500 };

const LANGS = ['zh-cn', 'en-us', 'ja', 'ko', 'ru'];
const PAIRS = LANGS.flatMap((s) => LANGS.filter((t) => t !== s).map((t) => [s, t] as const));

/** Seeds the year ending yesterday; answers the number of settled reservations written. */
export async function seedStatsYear(db: Db, today: Date): Promise<number> {
  const start = new Date(today.getTime() - YEAR.days * 86_400_000);
  const day = (n: string) => `$1::timestamptz + (${n}) * interval '1 day'`;
  await db.query(
    `INSERT INTO sites (site_code, site_name, site_config) SELECT 'bench' || g, 'Bench ' || g, '{}' FROM generate_series(1, $1) g`,
    [YEAR.sites],
  );
  const sites = (await db.query<{ site_id: number }>('SELECT site_id FROM sites ORDER BY site_id')).rows.map((r) => r.site_id);
  await db.query(
    `INSERT INTO users (account, username, role, site_id, created_at)
     SELECT 'u' || g || '@bench.example', 'user ' || g, 2, ($2::int[])[1 + g % cardinality($2::int[])], ${day('g::float / $3 * 300')}
     FROM generate_series(1, $3) g`,
    [start, sites, YEAR.users],
  );
  const first = (await db.query<{ id: number }>(`SELECT min(user_id) AS id FROM users WHERE account LIKE '%@bench.example'`)).rows[0]!.id;
  const user = (g: string) => `${first} + ((${g})::bigint * 7919 % ${YEAR.users})::int`;
  const src = `($4::text[])[1 + g % ${PAIRS.length}]`;
  const tgt = `($5::text[])[1 + g % ${PAIRS.length}]`;
  const args = (perDay: number) => [start, perDay, YEAR.days * perDay, PAIRS.map((p) => p[0]), PAIRS.map((p) => p[1])];
  const at = day('g::float / $2');
  await db.query(
    `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved, chars_charged, state, created_at, finished_at)
     SELECT 'sync:' || ${src} || '_' || ${tgt} || ':' || gen_random_uuid(), CASE WHEN g % 10 = 0 THEN NULL ELSE ${user('g')} END,
       CASE WHEN g % 10 = 0 THEN 'ip4:10.0.' || (g % 250) || '.1' END, 1 + g % 900, 1 + g % 900, 'settled', ${at}, ${at}
     FROM generate_series(1, $3) g`,
    args(YEAR.textPerDay),
  );
  await db.query(
    `WITH t AS (
       INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, created_at, finished_at, ledger_done)
       SELECT gen_random_uuid(), ${user('g')}, ${src}, ${tgt}, 'general', '["x"]', false, 1 + g % 3000,
         CASE WHEN g % 20 = 0 THEN 'failed' ELSE 'done' END, ${at}, ${at}, true
       FROM generate_series(1, $3) g RETURNING task_id, user_id, chars, status, finished_at)
     INSERT INTO quota_reservations (task_id, user_id, chars_reserved, chars_charged, state, created_at, finished_at)
     SELECT task_id::text, user_id, chars, CASE WHEN status = 'done' THEN chars ELSE 0 END,
       CASE WHEN status = 'done' THEN 'settled' ELSE 'refunded' END, finished_at, finished_at FROM t`,
    args(YEAR.tasksPerDay),
  );
  await db.query(
    `WITH d AS (
       INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, created_at, expires_at)
       SELECT gen_random_uuid(), ${user('g')}, ${src}, ${tgt}, 'general', 0, true, 'done', ${at}, now() + interval '1 day'
       FROM generate_series(1, $3) g RETURNING task_id, user_id, created_at),
     f AS (
       INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, chars, source_key, created_at, finished_at, ledger_done)
       SELECT gen_random_uuid(), task_id, 0, 'a.docx', 'docx', 1000, CASE WHEN random() < 0.05 THEN 'failed' ELSE 'done' END,
         10000, 'k', created_at, created_at, true FROM d RETURNING project_id, task_id, status, finished_at)
     INSERT INTO quota_reservations (task_id, user_id, chars_reserved, chars_charged, state, created_at, finished_at)
     SELECT x.id, d.user_id, x.chars, CASE WHEN f.status = 'done' THEN x.chars ELSE 0 END,
       CASE WHEN f.status = 'done' THEN 'settled' ELSE 'refunded' END, f.finished_at, f.finished_at
     FROM f JOIN d USING (task_id)
     CROSS JOIN LATERAL (VALUES (f.project_id::text, 10000), (f.project_id || ':pic:a:1', 300)) x(id, chars)`,
    args(YEAR.filesPerDay),
  );
  await db.query(
    `INSERT INTO system_log (at, action, actor_id, actor_account, site_id, target_type, target_id)
     SELECT ${at}, 'sign_in', u.user_id, u.account, u.site_id, 'user', u.user_id::text
     FROM generate_series(1, $3) g JOIN users u ON u.user_id = ${user('g')}`,
    args(YEAR.signInsPerDay).slice(0, 3),
  );
  await db.query(
    `INSERT INTO orders (tid, user_id, sku_id, sku_code, goods_type, price_cents, quota_chars, provider, pay_status, created_at, paid_at)
     SELECT md5(g::text || random()::text), ${user('g')}, s.sku_id, s.code, s.goods_type, s.price_cents, s.quota_chars, 'sandbox', 2, ${at}, ${at}
     FROM generate_series(1, $3) g
     JOIN LATERAL (SELECT * FROM goods_skus WHERE price_cents > 0 ORDER BY sku_id OFFSET g % 8 LIMIT 1) s ON true`,
    args(20).slice(0, 3),
  );
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM quota_reservations`);
  return rows[0]!.n;
}
