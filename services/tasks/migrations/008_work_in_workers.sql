-- Documents are opened and written by document workers, not by the gateway (issue 13). A file is
-- `queued` until a worker has prepared it (its sentences, characters and holder are known only
-- then), `translating` while its chunks are out and while it is written (`stage` says which).
-- PostgreSQL stays the truth: a sweeper republishes whatever stayed unpublished or stalled, from
-- these columns, and finishes the ledger of anything whose settle or refund failed.
ALTER TABLE doc_tasks
  -- A free plan's trial is given back when every file was refused while being prepared.
  ADD COLUMN trial_taken boolean NOT NULL DEFAULT false,
  -- The MT pool the task's chunks and pictures go to (the sweeper republishes there).
  ADD COLUMN pool text NOT NULL DEFAULT 'default';

ALTER TABLE doc_files
  ALTER COLUMN chars SET DEFAULT 0,
  ALTER COLUMN mt_indices SET DEFAULT '[]',
  ALTER COLUMN chunks SET DEFAULT 0,
  ALTER COLUMN segments_total SET DEFAULT 0,
  ADD COLUMN stage text NOT NULL DEFAULT 'translate' CHECK (stage IN ('prepare', 'translate', 'assemble')),
  -- The document worker that keeps the opened file (lays chunks in, writes it); null: any worker.
  ADD COLUMN holder text,
  -- When the current stage's jobs went out (null: not yet, the sweeper publishes them).
  ADD COLUMN published_at timestamptz,
  -- The last sign of life: published, prepared, a chunk stored, the writing accepted.
  ADD COLUMN progress_at timestamptz NOT NULL DEFAULT now(),
  -- How often the sweeper had to republish the current stage.
  ADD COLUMN republished int NOT NULL DEFAULT 0,
  -- The settle or refund of the file's characters went through (false: the sweeper retries it).
  ADD COLUMN ledger_done boolean NOT NULL DEFAULT false;
UPDATE doc_files SET ledger_done = true, published_at = created_at WHERE status IN ('done', 'failed', 'interrupted');
CREATE INDEX doc_files_unsettled ON doc_files (finished_at) WHERE status IN ('done', 'failed', 'interrupted') AND NOT ledger_done;
CREATE INDEX doc_files_working ON doc_files (progress_at) WHERE status IN ('queued', 'translating');

-- Each picture's text reserved while a file is written, under `<project>:pic:<attempt>:<n>`.
-- The attempt that wrote the file settles its reservations; every other is refunded.
CREATE TABLE doc_picture_charges (
  reservation_id text PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES doc_files ON DELETE CASCADE,
  attempt text NOT NULL,
  chars int NOT NULL CHECK (chars > 0),
  -- Used by the attempt that wrote the file (set when the file is done): settled, not refunded.
  keep boolean NOT NULL DEFAULT false,
  -- settled or refunded (null: still reserved)
  outcome text CHECK (outcome IN ('settled', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX doc_picture_charges_file ON doc_picture_charges (project_id);

ALTER TABLE text_tasks
  ADD COLUMN pool text NOT NULL DEFAULT 'default',
  ADD COLUMN published_at timestamptz,
  ADD COLUMN republished int NOT NULL DEFAULT 0,
  ADD COLUMN ledger_done boolean NOT NULL DEFAULT false;
UPDATE text_tasks SET ledger_done = true, published_at = created_at WHERE status <> 'queued';
CREATE INDEX text_tasks_unsettled ON text_tasks (finished_at) WHERE status <> 'queued' AND NOT ledger_done;
CREATE INDEX text_tasks_queued ON text_tasks (created_at) WHERE status = 'queued';

-- Jobs that failed their last delivery (or could not be read): what they were, why, how often
-- they were tried. The tasks service acts on each (fails and refunds its task) and keeps the
-- record for admins (GET /api/v1.0/admin/dead_letters).
CREATE TABLE dead_letters (
  id bigserial PRIMARY KEY,
  queue text NOT NULL,
  job_id text NOT NULL,
  kind text NOT NULL,
  task_ref text,
  error text NOT NULL,
  attempts int NOT NULL,
  payload jsonb,
  dead_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (queue, job_id, dead_at)
);
CREATE INDEX dead_letters_recent ON dead_letters (recorded_at DESC);
