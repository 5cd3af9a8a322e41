-- Fuzzy candidates through stored prefix keys (see src/lookup/prefix-tokens.ts). The GIN indexes
-- on all match tokens made a query of common words read posting lists covering half the memory,
-- and cost most of an import. Entries now store keys made of their first tokens in a fixed global
-- order (rarest first: the token's id, given at first sight, highest first): rare tokens alone,
-- common ones in pairs. Only those are indexed. The full token lists stay for ranking candidates.

-- Ids are given by the writers (TokenRegistry), one registration at a time: max + 1, ...
CREATE TABLE tm_tokens (
  token_id integer PRIMARY KEY,
  token text NOT NULL UNIQUE
);

ALTER TABLE tm_entries ADD COLUMN match_keys bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE tm_entries ADD COLUMN reverse_keys bigint[] NOT NULL DEFAULT '{}';

-- Existing entries: tokens as the scorer counts them (NFKC, numbers as one token '#', no
-- punctuation units; the writer's matchTokens is exact, this SQL is close), then tokens numbered
-- most frequent first, then each entry's keys for threshold 70 (INDEXED_THRESHOLD), where
-- maxEdits = floor(units * 30 / 70).
CREATE FUNCTION pg_temp.units(t text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(CASE WHEN m[1] ~ '^[0-9][0-9.,]*$' THEN '#' ELSE m[1] END), '{}')
  FROM regexp_matches(lower(normalize(t, NFKC)), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[^\s[:punct:]\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)', 'g') AS m
$$;
UPDATE tm_entries SET match_tokens = ARRAY(SELECT DISTINCT unnest(pg_temp.units(source))), match_len = least(cardinality(pg_temp.units(source)), 32767);
UPDATE tm_entries e SET reverse_tokens = ARRAY(SELECT DISTINCT unnest(pg_temp.units(e.translated))),
    reverse_len = least(cardinality(pg_temp.units(e.translated)), 32767)
  FROM tm_banks b WHERE b.bank_id = e.bank_id AND b.tow_way = 1;

INSERT INTO tm_tokens (token_id, token)
SELECT row_number() OVER (ORDER BY n DESC, token), token FROM (
  SELECT token, count(*) AS n FROM tm_entries, unnest(match_tokens || reverse_tokens) AS token GROUP BY token
) counted;

-- `ids`: the distinct token ids, highest first; `edits`: maxEdits; ids up to 2000 are common
-- (COMMON_TOKENS): the rare ones among the first edits + 1 (all of them when fewer than edits + 2
-- tokens), and pairs among the first edits + 2 whose first token is common.
CREATE FUNCTION pg_temp.segment_keys(ids integer[], edits integer) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT array_agg(x::bigint) FROM unnest(ids[1:edits + 1]) AS x
                   WHERE x > 2000 OR cardinality(ids) - edits <= 1), '{}')
      || coalesce((SELECT array_agg(a::bigint * 2147483648 + b)
                   FROM unnest(ids[1:edits + 2]) WITH ORDINALITY AS i(a, p), unnest(ids[1:edits + 2]) WITH ORDINALITY AS j(b, q)
                   WHERE p < q AND a <= 2000), '{}')
$$;
CREATE FUNCTION pg_temp.ids(tokens text[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT t.token_id FROM unnest(tokens) AS u(token) JOIN tm_tokens t USING (token) ORDER BY t.token_id DESC)
$$;
UPDATE tm_entries SET match_keys = pg_temp.segment_keys(pg_temp.ids(match_tokens), (match_len * 30) / 70),
  reverse_keys = pg_temp.segment_keys(pg_temp.ids(reverse_tokens), (reverse_len * 30) / 70);

DROP INDEX tm_entries_match_tokens;
DROP INDEX tm_entries_reverse_tokens;
-- Length is checked on the candidates: as an index it only made PostgreSQL AND a bitmap of half
-- the table into each lookup, and cost every import.
DROP INDEX tm_entries_match_len;
DROP INDEX tm_entries_reverse_len;
CREATE INDEX tm_entries_match_keys ON tm_entries USING gin (match_keys);
CREATE INDEX tm_entries_reverse_keys ON tm_entries USING gin (reverse_keys) WHERE reverse_keys <> '{}';

-- Candidates through the key index: entries of the given banks and pair with a length a match
-- can have, as (entry, bank, the side that matched, the other side, context, its tokens). The
-- planner cannot know how few rows a set of keys matches (most keys are outside its statistics)
-- and would scan the table, so these functions always read the index.
CREATE FUNCTION tm_match_candidates(keys bigint[], min_len integer, max_len integer, banks integer[], src text, tgt text)
RETURNS TABLE (entry_id bigint, bank_id integer, source text, target text, prev_source text, tokens text[])
LANGUAGE sql STABLE ROWS 100 SET enable_seqscan = off AS $$
  SELECT e.entry_id, e.bank_id, e.source, e.translated, e.prev_source, e.match_tokens FROM tm_entries e
  WHERE e.match_keys && keys AND e.match_len BETWEEN min_len AND max_len
    AND e.bank_id = ANY(banks) AND e.src_lang = src AND e.tgt_lang = tgt
$$;
-- Two-way banks: entries stored tgt -> src matched on their translation.
CREATE FUNCTION tm_reverse_candidates(keys bigint[], min_len integer, max_len integer, banks integer[], src text, tgt text)
RETURNS TABLE (entry_id bigint, bank_id integer, source text, target text, prev_source text, tokens text[])
LANGUAGE sql STABLE ROWS 100 SET enable_seqscan = off AS $$
  SELECT e.entry_id, e.bank_id, e.translated, e.source, NULL::text, e.reverse_tokens FROM tm_entries e
  WHERE e.reverse_keys && keys AND e.reverse_keys <> '{}' AND e.reverse_len BETWEEN min_len AND max_len
    AND e.bank_id = ANY(banks) AND e.src_lang = tgt AND e.tgt_lang = src
$$;

-- Exact matches: a 64-bit hash instead of md5 (an 8-byte key instead of 32 characters, and no md5
-- to compute for every imported row); equal hashes are still checked on the text.
DROP INDEX tm_entries_source_md5;
DROP INDEX tm_entries_translated_md5;
CREATE INDEX tm_entries_source_hash ON tm_entries (hashtextextended(source, 0));
CREATE INDEX tm_entries_translated_hash ON tm_entries (hashtextextended(translated, 0)) WHERE reverse_tokens <> '{}';
