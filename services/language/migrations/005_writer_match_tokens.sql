-- Match tokens are now computed by whoever writes the entry (an import tokenizes in its own
-- process, which took about 15 µs a row of PostgreSQL's single core), with the same tokenizer
-- the lookups use, so both sides agree exactly. Entries also keep their number of scoring units:
-- a match scoring >= t has between t*n and n/t units, which prunes most candidates of a short
-- query made of common words. Rows written before this migration keep their SQL tokens and get
-- their distinct-token count as an approximate length.
ALTER TABLE tm_entries ALTER COLUMN match_tokens DROP EXPRESSION;
ALTER TABLE tm_entries ALTER COLUMN match_tokens SET DEFAULT '{}';
ALTER TABLE tm_entries ADD COLUMN match_len smallint NOT NULL DEFAULT 0;
ALTER TABLE tm_entries ADD COLUMN reverse_len smallint NOT NULL DEFAULT 0;
DROP TRIGGER tm_entries_reverse_tokens ON tm_entries;
DROP FUNCTION tm_entries_reverse_tokens();
UPDATE tm_entries SET match_len = cardinality(match_tokens), reverse_len = cardinality(reverse_tokens);
CREATE INDEX tm_entries_match_len ON tm_entries (match_len);
CREATE INDEX tm_entries_reverse_len ON tm_entries (reverse_len) WHERE reverse_tokens <> '{}';
