-- Accounts and sites: the platform's users, their login sessions, one-time codes and the
-- white-label sites they belong to.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE sites (
  site_id serial PRIMARY KEY,
  site_code text NOT NULL UNIQUE,
  site_name text NOT NULL,
  site_config jsonb NOT NULL,
  account_status smallint NOT NULL DEFAULT 1 CHECK (account_status IN (0, 1)),
  is_login boolean NOT NULL DEFAULT true,
  allow_register boolean NOT NULL DEFAULT true,
  is_main boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Exactly one main site.
CREATE UNIQUE INDEX sites_one_main ON sites (is_main) WHERE is_main;

-- Logos are small (<= 2 MB) and read through the gateway, so they live beside the site row.
CREATE TABLE site_logos (
  site_id int NOT NULL REFERENCES sites ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('large', 'small')),
  mime text NOT NULL,
  bytes bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, kind)
);

CREATE TABLE users (
  user_id serial PRIMARY KEY,
  account text NOT NULL UNIQUE,
  username text NOT NULL,
  password_hash text,
  role smallint NOT NULL DEFAULT 2 CHECK (role IN (0, 1, 2)),
  site_id int NOT NULL REFERENCES sites,
  activated boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_site ON users (site_id);

-- One live session per account: a new login ends the older ones with reason 'replaced',
-- which is how an old token learns it must answer 403.
CREATE TABLE sessions (
  session_id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  site_id int NOT NULL REFERENCES sites,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('replaced', 'logout', 'deactivated', 'password')),
  -- When the user last proved the current account with a code (for changing the account).
  verified_at timestamptz
);
CREATE INDEX sessions_live ON sessions (user_id) WHERE ended_at IS NULL;

CREATE TABLE verification_codes (
  account text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  PRIMARY KEY (account, purpose)
);

CREATE TABLE captchas (
  captcha_id uuid PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL
);
