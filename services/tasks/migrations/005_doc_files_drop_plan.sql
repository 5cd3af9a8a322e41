-- The per-paragraph sentence plan was stored at submit but never read: assembly plans again from
-- the document it opens (and checks the sentence count against `sentences`). For a 100-page
-- document it was 340 KB of JSON, about half of the submit's database time.
ALTER TABLE doc_files DROP COLUMN plan;
