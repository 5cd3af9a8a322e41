-- Fuzzy candidates at ten million units (issue 24). Two changes to the prefix keys of 006:
--
-- 1. Tokens with an id up to 30,000 (COMMON_TOKENS, src/lookup/prefix-tokens.ts; 2,000 before)
--    are common: keyed in pairs only. A rare token's single key is held by every entry with it;
--    the tokens ranked 2,000-30,000 are each held by thousands of entries per ten million, and
--    their singles brought most of a lookup's candidates (1,650 on average, up to 5,400). Every
--    entry is keyed again here as the writer now keys it (a test checks they agree).
-- 2. The candidate functions read the key index alone, then filter by bank, pair and length
--    (`OFFSET 0` fences the key scan off from those conditions): a plan the statistics cannot
--    change, such as ANDing the key bitmap with the bank index's millions of rows. And never in
--    parallel: at ten million units the planner expects ~200,000 rows from a few keys (they are
--    outside its statistics) where a few hundred come, and starting two workers cost ~40 ms of a
--    lookup that takes 2 ms in one process (a 4-key lookup: 61.7 ms against 20.4 ms cold).
CREATE OR REPLACE FUNCTION pg_temp.segment_keys(ids integer[], edits integer) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT array_agg(x::bigint ORDER BY p) FROM unnest(ids[1:edits + 1]) WITH ORDINALITY AS s(x, p)
                   WHERE x > 30000 OR cardinality(ids) - edits <= 1), '{}')
      || coalesce((SELECT array_agg(a::bigint * 2147483648 + b ORDER BY p, q)
                   FROM unnest(ids[1:edits + 2]) WITH ORDINALITY AS i(a, p), unnest(ids[1:edits + 2]) WITH ORDINALITY AS j(b, q)
                   WHERE p < q AND a <= 30000), '{}')
$$;
CREATE OR REPLACE FUNCTION pg_temp.ids(tokens text[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT t.token_id FROM unnest(tokens) AS u(token) JOIN tm_tokens t ON t.token = u.token COLLATE "default"
               ORDER BY t.token_id DESC)
$$;
UPDATE tm_entries SET match_keys = pg_temp.segment_keys(pg_temp.ids(match_tokens), (match_len * 30) / 70),
  reverse_keys = pg_temp.segment_keys(pg_temp.ids(reverse_tokens), (reverse_len * 30) / 70);
DROP FUNCTION pg_temp.segment_keys(integer[], integer);
DROP FUNCTION pg_temp.ids(text[]);

CREATE OR REPLACE FUNCTION tm_match_candidates(keys bigint[], min_len integer, max_len integer, banks integer[], src text, tgt text)
RETURNS TABLE (entry_id bigint, bank_id integer, source text, target text, prev_source text, tokens text[])
LANGUAGE sql STABLE ROWS 100 SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
  SELECT e.entry_id, e.bank_id, e.source, e.translated, e.prev_source, e.match_tokens
  FROM (SELECT * FROM tm_entries WHERE match_keys && keys OFFSET 0) e
  WHERE e.match_len BETWEEN min_len AND max_len AND e.bank_id = ANY(banks) AND e.src_lang = src AND e.tgt_lang = tgt
$$;
CREATE OR REPLACE FUNCTION tm_reverse_candidates(keys bigint[], min_len integer, max_len integer, banks integer[], src text, tgt text)
RETURNS TABLE (entry_id bigint, bank_id integer, source text, target text, prev_source text, tokens text[])
LANGUAGE sql STABLE ROWS 100 SET enable_seqscan = off SET max_parallel_workers_per_gather = 0 AS $$
  SELECT e.entry_id, e.bank_id, e.translated, e.source, NULL::text, e.reverse_tokens
  FROM (SELECT * FROM tm_entries WHERE reverse_keys && keys AND reverse_keys <> '{}' OFFSET 0) e
  WHERE e.reverse_len BETWEEN min_len AND max_len AND e.bank_id = ANY(banks) AND e.src_lang = tgt AND e.tgt_lang = src
$$;
