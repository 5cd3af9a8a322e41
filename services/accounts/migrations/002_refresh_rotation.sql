-- Refresh tokens rotate on use: a session remembers the id (jti) of the one refresh token that
-- may still be exchanged. A retired one coming back means a copy is in other hands, and the
-- session ends as 'stolen' (every token of it then answers 401).
ALTER TABLE sessions ADD COLUMN refresh_jti uuid;

ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('replaced', 'logout', 'deactivated', 'password', 'stolen'));
