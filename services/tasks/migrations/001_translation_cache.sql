-- Finished text translations, keyed by what decides the output: the text, the pair, the
-- domain and the version of the model that made it. A new model version misses the cache.
CREATE TABLE translation_cache (
  cache_key text PRIMARY KEY,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  domain text NOT NULL,
  model_version text NOT NULL,
  translated text NOT NULL,
  engine text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_hit_at timestamptz NOT NULL DEFAULT now(),
  hits int NOT NULL DEFAULT 0
);
-- The sweeper drops entries not used for a while.
CREATE INDEX translation_cache_last_hit ON translation_cache (last_hit_at);
