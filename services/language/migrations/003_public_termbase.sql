-- Public termbases (spec section 2, /publictermbank): system termbases that visitors read
-- without logging in. Only a system termbase may be public, so no user's own bank can ever be
-- exposed by a flag set by mistake.
ALTER TABLE tm_banks ADD COLUMN is_public boolean NOT NULL DEFAULT false;
ALTER TABLE tm_banks
  ADD CONSTRAINT tm_banks_public_is_system_termbase CHECK (NOT is_public OR (flag = 1 AND system_or_individual = 0));
CREATE INDEX tm_banks_public ON tm_banks (bank_id) WHERE is_public;
