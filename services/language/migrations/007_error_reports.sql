-- Translation error reports (issue 20): a user's report of a bad translation, from the site's
-- text screen (origin 'site') or the public API (origin 'api', with the app key's app_id).
-- Staff resolve them; adding the proposal to a system memory keeps the entry it became.
CREATE TABLE error_reports (
  report_id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  -- The reporter's site when reporting: a manager's list is their site's reports.
  site_id int NOT NULL REFERENCES sites,
  -- No foreign key: app keys are accounts' rows, and a revoked key's reports stay as they are.
  app_id text,
  origin text NOT NULL CHECK (origin IN ('site', 'api')),
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  source text NOT NULL,
  output text NOT NULL,
  error_type smallint NOT NULL CHECK (error_type BETWEEN 1 AND 6),
  proposal text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolved_by int REFERENCES users ON DELETE SET NULL,
  resolved_at timestamptz,
  -- The system memory entry the proposal became (null until added, or when it was deleted since).
  bank_id int REFERENCES tm_banks ON DELETE SET NULL,
  entry_id bigint REFERENCES tm_entries ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (src_lang <> tgt_lang),
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL)),
  CHECK ((origin = 'api') = (app_id IS NOT NULL))
);

-- The admin list: newest first, usually filtered by status; managers by their site.
CREATE INDEX error_reports_status ON error_reports (status, report_id DESC);
CREATE INDEX error_reports_site ON error_reports (site_id, report_id DESC);
CREATE INDEX error_reports_pair ON error_reports (src_lang, tgt_lang, report_id DESC);
CREATE INDEX error_reports_type ON error_reports (error_type, report_id DESC);
CREATE INDEX error_reports_created ON error_reports (created_at);
-- Keyword search over the three texts (ILIKE on the same expression; pg_trgm is accounts').
CREATE INDEX error_reports_text_trgm ON error_reports
  USING gin ((source || ' ' || output || ' ' || proposal) gin_trgm_ops);
