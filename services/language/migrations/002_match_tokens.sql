-- Fuzzy candidates at scale. A pg_trgm GIN scan reads the posting list of every trigram of the
-- query, and common trigrams cover most of a large memory: hundreds of milliseconds a lookup at
-- a million entries, and the two trigram indexes made imports three times slower. Entries now
-- keep their distinct match tokens (lower-cased words; one token per Han/kana character), indexed
-- with GIN. A match scoring >= t shares tokens with the query, so looking up only the query's
-- rarest few tokens finds every such candidate (prefix filtering; see lookup/fuzzy-lookup.ts);
-- pg_trgm similarity then orders those candidates before the exact re-scoring.
CREATE FUNCTION tm_match_tokens(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT m[1]), '{}')
  FROM regexp_matches(lower(t), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\s[:punct:]\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)', 'g') AS m
$$;

ALTER TABLE tm_entries ADD COLUMN match_tokens text[] GENERATED ALWAYS AS (tm_match_tokens(source)) STORED;
-- Two-way banks also match on the translation; other entries leave it empty (no index cost).
ALTER TABLE tm_entries ADD COLUMN reverse_tokens text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION tm_entries_reverse_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reverse_tokens := CASE
    WHEN (SELECT tow_way FROM tm_banks WHERE bank_id = NEW.bank_id) = 1 THEN tm_match_tokens(NEW.translated)
    ELSE '{}'::text[]
  END;
  RETURN NEW;
END
$$;
CREATE TRIGGER tm_entries_reverse_tokens BEFORE INSERT OR UPDATE OF translated, bank_id ON tm_entries
  FOR EACH ROW EXECUTE FUNCTION tm_entries_reverse_tokens();
UPDATE tm_entries e SET reverse_tokens = tm_match_tokens(e.translated) FROM tm_banks b WHERE b.bank_id = e.bank_id AND b.tow_way = 1;

CREATE INDEX tm_entries_match_tokens ON tm_entries USING gin (match_tokens);
CREATE INDEX tm_entries_reverse_tokens ON tm_entries USING gin (reverse_tokens);
DROP INDEX tm_entries_source_trgm;
DROP INDEX tm_entries_translated_trgm;
