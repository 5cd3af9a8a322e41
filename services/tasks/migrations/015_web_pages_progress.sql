-- Web pages, issue 22 continued: the first screen translated first, enterprise pools, retention.
-- `units_done` of `units_total` page texts are translated (the worker reports after each chunk);
-- `partial_at`: when page.html first held the first screen (served from then while working;
-- kept after the end: how long the first screen took).
-- `pool`: the device pool the task's MT goes to (the owner's enterprise pool where it has one),
-- kept so recovery sends it to the same pool. Old rows (null) use the gateway's pool.
-- Retention: rows older than TIMINGS.docRetentionHours are deleted with their files by the
-- document runtime's sweep; `web_tasks_created` lets that sweep find them without a scan.
ALTER TABLE web_tasks
  ADD COLUMN units_done int NOT NULL DEFAULT 0,
  ADD COLUMN units_total int NOT NULL DEFAULT 0,
  ADD COLUMN partial_at timestamptz,
  ADD COLUMN pool text;
CREATE INDEX web_tasks_created ON web_tasks (created_at);
