/**
 * Login sessions. A login opens one and ends every other live session of the account as
 * 'replaced' (their tokens then answer 403); logout, deactivation and a password reset end them
 * with their own reason (401: log in again).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@mtp/platform';
import type pg from 'pg';

export type EndReason = 'replaced' | 'logout' | 'deactivated' | 'password';

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
