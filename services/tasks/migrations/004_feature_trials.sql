-- Free-plan trials (spec section 6: 3 of document, web and picture translation). Counted apart
-- from the tasks, which are deleted after 24 hours, so a trial is not given back by expiry.
CREATE TABLE feature_trials (
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  feature text NOT NULL CHECK (feature IN ('document', 'web', 'picture')),
  used int NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, feature)
);
