-- The character-quota ledger: what each owner may spend (grants), what running tasks hold
-- (reservations and their per-grant parts) and an append-only journal of every movement.
-- An owner is a registered user (user_id) or an anonymous visitor (anon_key, e.g. 'ip4:1.2.3.4').
-- Character counts are bigint: the enterprise plan alone grants 3 billion.

CREATE TABLE quota_grants (
  grant_id bigserial PRIMARY KEY,
  user_id int REFERENCES users ON DELETE CASCADE,
  anon_key text CHECK (length(anon_key) <= 100),
  kind text NOT NULL CHECK (kind IN ('plan', 'package')),
  sku text NOT NULL,
  -- The sku's level (spec section 3): among live plans the higher level is used first.
  level smallint NOT NULL,
  chars_total bigint NOT NULL CHECK (chars_total >= 0),
  -- Taken by reservations, settled or not. The check is the last line against an overdraw.
  chars_used bigint NOT NULL DEFAULT 0 CHECK (chars_used >= 0 AND chars_used <= chars_total),
  starts_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > starts_at),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NULL) <> (anon_key IS NULL))
);
CREATE INDEX quota_grants_user ON quota_grants (user_id, expires_at) WHERE user_id IS NOT NULL;
CREATE INDEX quota_grants_anon ON quota_grants (anon_key, expires_at) WHERE anon_key IS NOT NULL;
-- The free allowance is created lazily by whichever request comes first: one per owner and period.
CREATE UNIQUE INDEX quota_grants_free_user ON quota_grants (user_id, starts_at) WHERE sku = 'free' AND user_id IS NOT NULL;
CREATE UNIQUE INDEX quota_grants_free_anon ON quota_grants (anon_key, starts_at) WHERE sku = 'free' AND anon_key IS NOT NULL;

-- One per task: a task id reserves once, whatever the retries.
CREATE TABLE quota_reservations (
  task_id text PRIMARY KEY CHECK (length(task_id) BETWEEN 1 AND 100),
  user_id int REFERENCES users ON DELETE CASCADE,
  anon_key text,
  chars_reserved bigint NOT NULL CHECK (chars_reserved > 0),
  -- Set when settled (the actual, at most the reserved) or refunded (0).
  chars_charged bigint CHECK (chars_charged >= 0 AND chars_charged <= chars_reserved),
  state text NOT NULL DEFAULT 'reserved' CHECK (state IN ('reserved', 'settled', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((user_id IS NULL) <> (anon_key IS NULL)),
  CHECK ((state = 'reserved') = (chars_charged IS NULL))
);
CREATE INDEX quota_reservations_open ON quota_reservations (created_at) WHERE state = 'reserved';

-- Where a reservation's characters came from, in the order they were taken (seq).
CREATE TABLE quota_reservation_parts (
  task_id text NOT NULL REFERENCES quota_reservations ON DELETE CASCADE,
  seq smallint NOT NULL,
  grant_id bigint NOT NULL REFERENCES quota_grants ON DELETE CASCADE,
  chars bigint NOT NULL CHECK (chars > 0),
  PRIMARY KEY (task_id, seq),
  UNIQUE (task_id, grant_id)
);

-- The journal: `chars` is the change to the grant's balance (chars_total - chars_used), so for
-- every grant the sum of its entries equals what is left of it.
CREATE TABLE quota_ledger (
  entry_id bigserial PRIMARY KEY,
  grant_id bigint NOT NULL REFERENCES quota_grants ON DELETE CASCADE,
  task_id text,
  kind text NOT NULL CHECK (kind IN ('grant', 'reserve', 'release', 'refund')),
  chars bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'grant') = (task_id IS NULL)),
  CHECK ((kind IN ('grant', 'release', 'refund')) = (chars >= 0))
);
CREATE INDEX quota_ledger_grant ON quota_ledger (grant_id);
CREATE INDEX quota_ledger_task ON quota_ledger (task_id) WHERE task_id IS NOT NULL;

-- Append-only: entries are never changed, and only removed with their owner (the cascade from
-- users through quota_grants runs as a nested trigger, depth > 1).
CREATE FUNCTION quota_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'quota_ledger is append-only (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER quota_ledger_append_only BEFORE UPDATE OR DELETE ON quota_ledger
  FOR EACH ROW EXECUTE FUNCTION quota_ledger_append_only();
