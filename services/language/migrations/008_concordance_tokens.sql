-- Concordance (lookup/concordance.ts) at scale: a text's words are looked up in an index of the
-- entries' match tokens (written by the writer: distinct normalized words, one token per Han/kana
-- character), then checked on the stored text. Scanning the visible banks took about 0.2 s per
-- 100,000 entries; trigram indexes (dropped by 002) made imports three times slower, these cost
-- an import far less (see the language README, "Lookups at scale").
CREATE INDEX tm_entries_match_tokens ON tm_entries USING gin (match_tokens);
-- Two-way banks' translations (reversed entries); other entries keep '{}' and are left out.
CREATE INDEX tm_entries_reverse_tokens ON tm_entries USING gin (reverse_tokens) WHERE reverse_tokens <> '{}';
