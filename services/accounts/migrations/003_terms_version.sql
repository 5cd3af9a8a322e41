-- User terms are agreed once per version instead of on every login. `user_terms` lists the
-- published versions (the newest is current); a user's `terms_version` is the newest one they
-- agreed (0: none yet), and login asks again only while it is older than the current one.
CREATE TABLE user_terms (
  version integer PRIMARY KEY CHECK (version > 0),
  published_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO user_terms (version) VALUES (1);

ALTER TABLE users ADD COLUMN terms_version integer NOT NULL DEFAULT 0;
-- Until now every login had to agree the (only) terms: whoever ever logged in agreed version 1.
UPDATE users SET terms_version = 1 WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.user_id);
