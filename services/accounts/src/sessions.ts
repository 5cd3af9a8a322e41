/**
 * Login sessions. A login opens one and ends every other live session of the account as
 * 'replaced' (their tokens then answer 403); logout, deactivation and a password reset end them
 * with their own reason (401: log in again), and so does a retired refresh token used again
 * ('stolen'). Each session names the one refresh token (by its jti) that may be exchanged next.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@mtp/platform';
import type pg from 'pg';

export type EndReason = 'replaced' | 'logout' | 'deactivated' | 'password' | 'stolen';

export type SessionState = {
  sessionId: string;
  userId: number;
  siteId: number;
  endedReason: EndReason | null;
  verifiedAt: Date | null;
};

export async function openSession(client: pg.PoolClient | Db, userId: number, siteId: number): Promise<string> {
  const sessionId = randomUUID();
  await client.query(`UPDATE sessions SET ended_at = now(), end_reason = 'replaced' WHERE user_id = $1 AND ended_at IS NULL`, [userId]);
  await client.query('INSERT INTO sessions (session_id, user_id, site_id) VALUES ($1, $2, $3)', [sessionId, userId, siteId]);
  return sessionId;
}

export async function findSession(db: Db, sessionId: string): Promise<SessionState | null> {
  const { rows } = await db.query('SELECT session_id, user_id, site_id, end_reason, verified_at FROM sessions WHERE session_id = $1', [
    sessionId,
  ]);
  const r = rows[0];
  if (!r) return null;
  return { sessionId: r.session_id, userId: r.user_id, siteId: r.site_id, endedReason: r.end_reason, verifiedAt: r.verified_at };
}

export async function endSession(db: Db, sessionId: string, reason: EndReason): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE session_id = $1 AND ended_at IS NULL', [sessionId, reason]);
}

export async function endUserSessions(db: Db | pg.PoolClient, userId: number, reason: EndReason): Promise<void> {
  await db.query('UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE user_id = $1 AND ended_at IS NULL', [userId, reason]);
}

export async function markSessionVerified(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET verified_at = now() WHERE session_id = $1', [sessionId]);
}

/** Makes `tokenId` the session's one valid refresh token; any earlier one is retired. */
export async function recordRefreshToken(db: Db, sessionId: string, tokenId: string): Promise<void> {
  await db.query('UPDATE sessions SET refresh_jti = $2 WHERE session_id = $1', [sessionId, tokenId]);
}

/** The id of the session's current refresh token, recording `fallback` when it has none yet. */
export async function currentRefreshTokenId(db: Db, sessionId: string, fallback: string): Promise<string> {
  const { rows } = await db.query<{ refresh_jti: string }>(
    'UPDATE sessions SET refresh_jti = COALESCE(refresh_jti, $2::uuid) WHERE session_id = $1 RETURNING refresh_jti',
    [sessionId, fallback],
  );
  return rows[0]?.refresh_jti ?? fallback;
}

/**
 * Exchanges the presented refresh token for `nextTokenId` in one statement, so two uses of the
 * same token cannot both succeed. Answers the session's user, or null when the session is gone,
 * ended, or holds another token. A token from before rotation (no jti) matches a session that
 * has none recorded yet, once.
 */
export async function rotateRefreshToken(
  db: Db,
  sessionId: string,
  presentedTokenId: string | null,
  nextTokenId: string,
): Promise<{ userId: number } | null> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE sessions SET refresh_jti = $3
     WHERE session_id = $1 AND ended_at IS NULL AND refresh_jti IS NOT DISTINCT FROM $2::uuid
     RETURNING user_id`,
    [sessionId, presentedTokenId, nextTokenId],
  );
  return rows[0] ? { userId: rows[0].user_id } : null;
}
