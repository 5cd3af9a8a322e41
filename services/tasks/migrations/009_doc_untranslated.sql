-- Sentences of a done file whose translation came back empty and that kept their source text
-- (doc-state.ts): `doc/query` says how many, and their characters were given back.
ALTER TABLE doc_files ADD COLUMN untranslated int NOT NULL DEFAULT 0;
