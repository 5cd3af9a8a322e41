-- The system log (issue 18 item 4): every sign-in (success and failure) and every administrator
-- and manager action, written in the same transaction as the change it records (so a failed
-- action leaves no line and a committed one always has its line). Rows are never updated; the
-- retention sweep deletes the old ones. `actor_id` and `target` are kept as written (no foreign
-- key): the log outlives the users it names.
CREATE TABLE system_log (
  log_id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- 'sign_in' | 'sign_in_failed' | '<area>.<verb>' such as 'user.create', 'site.update', 'permission.grant'.
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 60),
  actor_id int,
  actor_account text NOT NULL DEFAULT '' CHECK (length(actor_account) <= 120),
  -- The site the action belongs to: managers see their own site's lines only.
  site_id int,
  target_type text NOT NULL DEFAULT '' CHECK (length(target_type) <= 40),
  target_id text NOT NULL DEFAULT '' CHECK (length(target_id) <= 120),
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64),
  user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 400)
);
CREATE INDEX system_log_at ON system_log (at DESC, log_id DESC);
CREATE INDEX system_log_actor ON system_log (actor_id, at DESC);
CREATE INDEX system_log_action ON system_log (action, at DESC);
CREATE INDEX system_log_site ON system_log (site_id, at DESC);
