-- Translation memories and termbases (`flag` 0 = memory, 1 = termbase) and their entries.
-- System banks (`system_or_individual` 0) have no owner and are read by everyone; individual
-- banks (1) belong to one user. Fuzzy and keyword search use pg_trgm (created by accounts).
CREATE TABLE tm_banks (
  bank_id serial PRIMARY KEY,
  flag smallint NOT NULL CHECK (flag IN (0, 1)),
  system_or_individual smallint NOT NULL CHECK (system_or_individual IN (0, 1)),
  user_id int REFERENCES users ON DELETE CASCADE,
  site_id int REFERENCES sites,
  name text NOT NULL,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  tow_way smallint NOT NULL DEFAULT 0 CHECK (tow_way IN (0, 1)),
  domain text NOT NULL DEFAULT 'general',
  entry_count int NOT NULL DEFAULT 0 CHECK (entry_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((system_or_individual = 0) = (user_id IS NULL)),
  CHECK (src_lang <> tgt_lang)
);
CREATE INDEX tm_banks_owner ON tm_banks (user_id, flag) WHERE user_id IS NOT NULL;
CREATE INDEX tm_banks_system ON tm_banks (flag) WHERE system_or_individual = 0;

CREATE TABLE tm_entries (
  entry_id bigserial PRIMARY KEY,
  bank_id int NOT NULL REFERENCES tm_banks ON DELETE CASCADE,
  source text NOT NULL,
  translated text NOT NULL,
  note text NOT NULL DEFAULT '',
  extra jsonb NOT NULL DEFAULT '{}',
  -- The segment before this one where it was stored: a match with the same context is a 101% match.
  prev_source text,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tm_entries_bank ON tm_entries (bank_id, entry_id);
CREATE INDEX tm_entries_source_trgm ON tm_entries USING gin (source gin_trgm_ops);
-- Two-way banks match on the target side as well; keyword search reads both sides.
CREATE INDEX tm_entries_translated_trgm ON tm_entries USING gin (translated gin_trgm_ops);
