-- Web page translation (issue 22, /webpage): a URL a document worker fetches (SSRF-filtered),
-- translates and stores as HTML (web.translate). The row is the truth and the ledger's link:
-- the page's characters are reserved under the task id when the worker has counted them
-- (web.charge, `chars` > 0 from then), settled when the page is done, refunded when it fails.
-- `trial` says a free user's trial was taken (given back on a failure).
CREATE TABLE web_tasks (
  task_id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  site_id int,
  via text,
  url text NOT NULL,
  final_url text,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  result_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('working', 'done', 'failed')),
  code int NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  chars int NOT NULL DEFAULT 0,
  trial boolean NOT NULL DEFAULT false,
  -- When the job last went out (null: its publish failed); the recovery sweep sends it again from here.
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX web_tasks_user ON web_tasks (user_id, created_at DESC);
CREATE INDEX web_tasks_working ON web_tasks (created_at) WHERE status = 'working';
