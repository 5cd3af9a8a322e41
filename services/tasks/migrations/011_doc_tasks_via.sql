-- Documents submitted through the public API (issue 20): their files' reservations carry the
-- payer's `via: 'api'`, so the ledger takes the owner's API packages first. NULL: the site.
ALTER TABLE doc_tasks ADD COLUMN via text CHECK (via IN ('api'));
