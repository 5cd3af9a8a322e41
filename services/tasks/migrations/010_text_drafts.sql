-- Translate-as-you-type drafts: per user and text box (`draft_id`, sent by the page), the text
-- last charged for, so typing a sentence key by key costs its final length once (see README,
-- "Drafts"). `pair` is `src_tgt_domain`: another language or domain is a new translation,
-- charged in full. `version` lets a failed call put back what it claimed only while no later
-- call has moved the draft since. Rows expire (30 minutes after their last use) and are deleted
-- by the next call of the same user.
CREATE TABLE text_drafts (
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  draft_id text NOT NULL,
  pair text NOT NULL DEFAULT '',
  charged_text text NOT NULL DEFAULT '',
  version bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, draft_id)
);
