-- Asynchronous text tasks: the text goes to the workers as a durable segment job and comes back
-- through the results queue, so a worker that dies mid-job costs a redelivery, not the task.
CREATE TABLE text_tasks (
  task_id uuid PRIMARY KEY,
  user_id int REFERENCES users ON DELETE CASCADE,
  src_lang text NOT NULL,
  tgt_lang text NOT NULL,
  domain text NOT NULL,
  segments jsonb NOT NULL,
  truncated boolean NOT NULL,
  chars int NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'done', 'failed')),
  translated text,
  engine text,
  message text,
  -- Every result message received for the task; more than one means a duplicate completion.
  results_received int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX text_tasks_user ON text_tasks (user_id, created_at DESC);
