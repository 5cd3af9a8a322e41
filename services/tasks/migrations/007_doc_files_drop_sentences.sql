-- The sentences of a file were stored at submit, but assembly only needed their count
-- (`segments_total`): it plans again from the document it opens, or takes the plan kept with the
-- document opened at submit. For a 100-page document they were about 100 KB of JSON written on
-- the way to the first chunk.
ALTER TABLE doc_files DROP COLUMN sentences;
