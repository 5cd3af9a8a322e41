/** The users table: accounts are stored trimmed and lower-cased so e-mail case never matters. */
import type { Db } from '@mtp/platform';
import type pg from 'pg';

export type UserRow = {
  user_id: number;
  account: string;
  username: string;
  password_hash: string | null;
  role: number;
  site_id: number;
  activated: boolean;
  /** The newest version of the user terms this user agreed (0: none yet; see terms.ts). */
  terms_version: number;
  /** A pre-activated account whose first password must be replaced at login (migration 009). */
  must_change_password: boolean;
  created_at: Date;
};

export function normalizeAccount(account: string): string {
  return account.trim().toLowerCase();
}

export async function findUserByAccount(db: Db | pg.PoolClient, account: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE account = $1', [normalizeAccount(account)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

export type NewUser = {
  account: string;
  username: string;
  passwordHash: string;
  role: number;
  siteId: number;
  /** The user agreed the current terms (registration); others are asked at their first login. */
  agreedTerms?: boolean;
};

/** Answers the new user's id, or null when the account is taken. */
export async function insertUser(db: Db | pg.PoolClient, u: NewUser): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, password_hash, role, site_id, terms_version)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN (SELECT COALESCE(max(version), 0) FROM user_terms) ELSE 0 END)
     ON CONFLICT (account) DO NOTHING RETURNING user_id`,
    [normalizeAccount(u.account), u.username.trim(), u.passwordHash, u.role, u.siteId, u.agreedTerms === true],
  );
  return rows[0]?.user_id ?? null;
}

export async function updateUser(
  db: Db | pg.PoolClient,
  userId: number,
  fields: Partial<Pick<UserRow, 'username' | 'account' | 'password_hash' | 'activated' | 'role'>>,
): Promise<void> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
  await db.query(`UPDATE users SET ${sets}, updated_at = now() WHERE user_id = $1`, [userId, ...entries.map(([, v]) => v)]);
}
