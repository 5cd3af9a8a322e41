-- The message center (spec: messages with msg_list, pages, total; issue 17). A message stores its
-- kind and params, not text: the title and content are rendered in the reader's language when
-- listed. `dedupe_key` is unique per user, so a notice a sweep or a payment hook posts again
-- (a retry, a second replica, the next sweep) is stored once.
CREATE TABLE messages (
  msg_id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 50),
  params jsonb NOT NULL DEFAULT '{}',
  dedupe_key text NOT NULL CHECK (length(dedupe_key) BETWEEN 1 AND 200),
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, dedupe_key)
);
-- The center lists a user's messages newest first; the badge counts the unread ones.
CREATE INDEX messages_user ON messages (user_id, msg_id DESC);
CREATE INDEX messages_unread ON messages (user_id) WHERE NOT is_read;
