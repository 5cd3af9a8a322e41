-- Exact (100/101) matches for whole documents in one query: equality on a hash of the text
-- (a plain btree on long segments would hit the index row size limit).
CREATE INDEX tm_entries_source_md5 ON tm_entries (md5(source));
-- Two-way banks' entries also match on the translation.
CREATE INDEX tm_entries_translated_md5 ON tm_entries (md5(translated)) WHERE reverse_tokens <> '{}';
