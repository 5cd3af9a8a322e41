-- Traffic limits an administrator sets on /traffic (issue 19). The gateway counts requests in
-- rate_limit_counters (001); these tables only hold the limits, read by every replica through a
-- cache of a few seconds. No row: the environment's default applies (TRAFFIC_DEFAULT_*,
-- RATE_LIMIT_LOGIN), so a fresh platform needs nothing here.

-- "N requests per M minutes": the default (scope 'default', subject '') and the overrides of one
-- user (subject: user id), site (site id) or public-API key (app_id). No foreign keys: these are
-- other services' ids; an override of a deleted user or site simply never applies again.
CREATE TABLE traffic_limits (
  scope text NOT NULL CHECK (scope IN ('default', 'user', 'site', 'app')),
  subject text NOT NULL,
  -- The account or site name when the override was set (what the admin page shows).
  label text NOT NULL DEFAULT '',
  max_requests integer NOT NULL CHECK (max_requests BETWEEN 1 AND 1000000),
  window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 1 AND 1440),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, subject),
  CHECK ((scope = 'default') = (subject = ''))
);

CREATE INDEX traffic_limits_updated ON traffic_limits (updated_at DESC);

-- The login limits against password guessing: one row once an administrator has set them.
CREATE TABLE login_limits (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  per_account integer NOT NULL CHECK (per_account BETWEEN 1 AND 10000),
  per_ip integer NOT NULL CHECK (per_ip BETWEEN 1 AND 100000),
  window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 1 AND 1440),
  updated_at timestamptz NOT NULL DEFAULT now()
);
