-- Daily rollups of the statistics page (/stats, issue 19 item 2). Each day is computed from the
-- facts the owning services keep (the ledger, the task tables, users, sign-ins, orders) and written
-- whole: recomputing a day deletes its rows and inserts them again in one transaction, so it is
-- idempotent and any replica may do it. Days are UTC dates. `site_id` 0 is anonymous visitors
-- (trial translations without an account); sites are not referenced: rollups outlive them.

-- Which days are computed, and whether a day is final (computed after it ended, plus a grace
-- period for transactions that started before midnight): final days are never computed again
-- by the job, so what retention deletes later (sign-ins, expired documents) stays counted.
CREATE TABLE stats_days (
  day date PRIMARY KEY,
  computed_at timestamptz NOT NULL,
  final boolean NOT NULL
);

-- Characters charged per day, site, kind and language pair ('' where the pair is not known).
-- Site -1 holds every site's sum (visitors included), so "every site" reads one row per kind and
-- pair and day instead of one per site as well.
CREATE TABLE stats_chars_daily (
  day date NOT NULL,
  site_id int NOT NULL,
  kind text NOT NULL CHECK (kind IN ('text', 'document', 'picture', 'web', 'api')),
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  chars bigint NOT NULL CHECK (chars >= 0),
  PRIMARY KEY (day, site_id, kind, src_lang, tgt_lang)
);
CREATE INDEX stats_chars_daily_site ON stats_chars_daily (site_id, day);

-- One row per user active on a day (translated or signed in): their characters and sign-ins.
-- Active users of a range are the distinct users here; the top users are the largest sums.
CREATE TABLE stats_user_daily (
  day date NOT NULL,
  user_id int NOT NULL,
  site_id int NOT NULL,
  chars bigint NOT NULL CHECK (chars >= 0),
  sign_ins int NOT NULL CHECK (sign_ins >= 0),
  PRIMARY KEY (day, user_id)
);
CREATE INDEX stats_user_daily_site ON stats_user_daily (site_id, day);

-- Per day and site: characters, accounts created, and users active (the rows of
-- stats_user_daily), so the daily series and the sites chart never read the larger tables.
CREATE TABLE stats_site_users_daily (
  day date NOT NULL,
  site_id int NOT NULL,
  chars bigint NOT NULL CHECK (chars >= 0),
  new_users int NOT NULL CHECK (new_users >= 0),
  active_users int NOT NULL CHECK (active_users >= 0),
  PRIMARY KEY (day, site_id)
);

-- stats_user_daily summed per calendar month (rebuilt with each day of the month): a range's
-- distinct active users and top users read whole months here and only the days at its edges
-- from the daily table, so a year is about 12 rows per user instead of 365.
CREATE TABLE stats_user_monthly (
  month date NOT NULL,
  user_id int NOT NULL,
  site_id int NOT NULL,
  chars bigint NOT NULL CHECK (chars >= 0),
  PRIMARY KEY (month, user_id)
);
CREATE INDEX stats_user_monthly_site ON stats_user_monthly (site_id, month);

-- Tasks that ended per day, site, kind and outcome.
CREATE TABLE stats_tasks_daily (
  day date NOT NULL,
  site_id int NOT NULL,
  kind text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('done', 'failed', 'interrupted')),
  tasks int NOT NULL CHECK (tasks >= 0),
  PRIMARY KEY (day, site_id, kind, outcome)
);

-- Paid orders per day (of payment), site and sku, in cents exactly as orders store them.
CREATE TABLE stats_revenue_daily (
  day date NOT NULL,
  site_id int NOT NULL,
  sku_code text NOT NULL,
  goods_type text NOT NULL,
  plan text,
  orders int NOT NULL CHECK (orders >= 0),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (day, site_id, sku_code)
);
