-- Document scan (issue 21, /docScan): an uploaded document whose candidate terms a document
-- worker extracts (terms.extract). The task row is the truth: a job the bus lost is published
-- again from it (published_at is null, or the task stays working past its deadline). Scans are
-- kept TERM_SCAN_KEEP_DAYS (7) days, then the rows and the stored files go with the retention sweep.
CREATE TABLE term_extractions (
  task_id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  site_id int,
  file_name text NOT NULL,
  ext text NOT NULL,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  source_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('working', 'done', 'failed')),
  code int NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX term_extractions_user ON term_extractions (user_id, created_at DESC);
CREATE INDEX term_extractions_expiry ON term_extractions (expires_at);
CREATE INDEX term_extractions_working ON term_extractions (created_at) WHERE status = 'working';

-- The candidates of a scan, best first (rank 1 = best). `chosen` and `translation` are the
-- user's review; `in_termbase` is set when the results arrive and when they are added to one.
CREATE TABLE term_candidates (
  term_id bigserial PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES term_extractions ON DELETE CASCADE,
  rank int NOT NULL,
  term text NOT NULL,
  translation text NOT NULL DEFAULT '',
  frequency int NOT NULL,
  score double precision NOT NULL,
  in_termbase boolean NOT NULL DEFAULT false,
  chosen boolean NOT NULL DEFAULT false,
  example text NOT NULL DEFAULT '',
  UNIQUE (task_id, rank)
);
