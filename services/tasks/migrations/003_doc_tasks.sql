-- Document translation tasks. A task is one upload batch (1-5 files); each file is a project
-- with its own state, characters (reserved at submit under the project id, settled when its
-- result is written, refunded when it fails or is interrupted) and result file. The sentences
-- to translate are stored at submit; translated chunks arrive from the workers in any order and
-- any number of times, and are kept once per (project, chunk).
CREATE TABLE doc_tasks (
  task_id uuid PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  domain text NOT NULL,
  mode smallint NOT NULL CHECK (mode IN (0, 1, 2)),
  translate_pictures boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('working', 'done', 'interrupted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX doc_tasks_user ON doc_tasks (user_id, created_at DESC);
CREATE INDEX doc_tasks_expiry ON doc_tasks (expires_at);

CREATE TABLE doc_files (
  project_id uuid PRIMARY KEY,
  task_id uuid NOT NULL REFERENCES doc_tasks ON DELETE CASCADE,
  position smallint NOT NULL,
  file_name text NOT NULL,
  ext text NOT NULL,
  bytes bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'translating', 'done', 'failed', 'interrupted')),
  code int NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  chars int NOT NULL,
  -- Per paragraph (in document order): its id and how many sentences it has; `sentences` is flat.
  plan jsonb NOT NULL,
  sentences jsonb NOT NULL,
  -- Sentences answered from the translation memory (index -> text), never sent to MT.
  tm_hits jsonb NOT NULL DEFAULT '{}',
  -- The other sentences, in the order they were cut into chunks for MT.
  mt_indices jsonb NOT NULL,
  chunks int NOT NULL,
  chunks_done int NOT NULL DEFAULT 0,
  segments_total int NOT NULL,
  segments_done int NOT NULL DEFAULT 0,
  source_key text NOT NULL,
  result_key text,
  result_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX doc_files_task ON doc_files (task_id, position);

CREATE TABLE doc_chunks (
  project_id uuid NOT NULL REFERENCES doc_files ON DELETE CASCADE,
  chunk_index int NOT NULL,
  translations jsonb NOT NULL,
  engine text NOT NULL,
  received int NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, chunk_index)
);
