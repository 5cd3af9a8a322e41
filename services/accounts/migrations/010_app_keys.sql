-- App keys of the public API (issue 20). A key is an app_id and a secret shown once at creation;
-- only the secret's SHA-256 is kept (secrets are 32 random bytes, so a fast hash is enough and a
-- per-request check stays cheap). The native API's token lives on the key's row, hashed too: one
-- column per key is "one valid token per app" across every replica, and a new token replaces it.
-- Revoked keys stay (revoked_at) for the admin list and the statistics.
CREATE TABLE app_keys (
  app_id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  name text NOT NULL,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  token_hash text UNIQUE,
  token_expires_at timestamptz
);
-- A user's keys, newest first (the keys page), and the count of their live keys (at most 20).
CREATE INDEX app_keys_user ON app_keys (user_id, created_at DESC);
-- The admin list: every key, newest first.
CREATE INDEX app_keys_created ON app_keys (created_at DESC, app_id);
