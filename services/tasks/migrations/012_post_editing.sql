-- Post-editing (issue 21): a translated document file opened as segments. The project shares the
-- file's id and goes with it (a deleted or expired file takes its edits along); every save pushes
-- the task's expiry on (PE_LIMITS.keepDays), so a document being edited is not swept after 24 h.
CREATE TABLE pe_projects (
  project_id uuid PRIMARY KEY REFERENCES doc_files ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  -- The memory confirmed segments are written to (null: none chosen). Not a foreign key: banks
  -- belong to the language service, which may delete one; a write to a missing bank is skipped.
  bank_id int,
  segments int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pe_projects_user ON pe_projects (user_id, updated_at DESC);

CREATE TABLE pe_segments (
  project_id uuid NOT NULL REFERENCES pe_projects ON DELETE CASCADE,
  seg_index int NOT NULL,
  paragraph int NOT NULL,
  source text NOT NULL,
  target text NOT NULL,
  -- PE_SEGMENT_STATUSES (proto/src/post-editing.ts)
  status text NOT NULL CHECK (status IN ('new', 'mt', 'tm100', 'context101', 'fuzzy', 'draft', 'translated', 'approved')),
  score smallint NOT NULL DEFAULT 0,
  revision int NOT NULL DEFAULT 0,
  -- The memory entry the last confirm wrote (a later confirm of a new target writes a new one).
  entry_id bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, seg_index)
);
-- Repetitions: the other segments of the same source.
CREATE INDEX pe_segments_source ON pe_segments (project_id, md5(source));

-- Exports are written by a document worker (doc.pe.export) and downloaded by their id.
CREATE TABLE pe_exports (
  export_id uuid PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES pe_projects ON DELETE CASCADE,
  user_id int NOT NULL,
  format text NOT NULL CHECK (format IN ('original', 'tmx', 'xliff', 'bilingual_docx')),
  status text NOT NULL CHECK (status IN ('working', 'done', 'failed')),
  code int NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  file_name text NOT NULL,
  result_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX pe_exports_project ON pe_exports (project_id, created_at DESC);
