-- User administration (issue 18 items 2 and 3).
-- Pre-activated accounts: created active by an administrator or manager with a first password
-- the user must replace at their first login (login answers 40060 until a new one is sent).
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
-- Deletion is soft: orders and the ledger are accounting records and stay. A deleted user's
-- account is renamed (`deleted-<id>@deleted.invalid`) so the address can register again; the
-- account it had is kept beside it for the record.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD COLUMN deleted_account text;
-- The user list: newest first, live users only.
CREATE INDEX users_live_created ON users (created_at DESC, user_id DESC) WHERE deleted_at IS NULL;
CREATE INDEX users_account_trgm ON users USING gin (account gin_trgm_ops);
