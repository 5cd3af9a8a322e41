-- Characters of the text found in a file's pictures and charged (reserved per picture at
-- assembly, see picture-charges.ts): shown with the file's own characters in its price.
ALTER TABLE doc_files ADD COLUMN picture_chars int NOT NULL DEFAULT 0;
