/**
 * One-time verification codes sent by e-mail or SMS: six digits, valid 10 minutes, one send a
 * minute per account and purpose, five tries and the code is void. Only a hash is stored.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '@mtp/platform';
import type { CodePurpose } from '@mtp/proto';

export const CODE_TTL_SECONDS = 10 * 60;
export const RESEND_AFTER_SECONDS = 60;
const MAX_ATTEMPTS = 5;

const hashCode = (account: string, purpose: string, code: string) =>
  createHash('sha256').update(`${account}\n${purpose}\n${code}`).digest('hex');

/** Makes a new code unless one was sent less than a minute ago (then answers null). */
export async function issueCode(db: Db, account: string, purpose: CodePurpose): Promise<string | null> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { rowCount } = await db.query(
    `INSERT INTO verification_codes (account, purpose, code_hash, sent_at, expires_at, attempts)
     VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4), 0)
     ON CONFLICT (account, purpose) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, sent_at = now(), expires_at = EXCLUDED.expires_at, attempts = 0
       WHERE verification_codes.sent_at < now() - make_interval(secs => $5)`,
    [account, purpose, hashCode(account, purpose, code), CODE_TTL_SECONDS, RESEND_AFTER_SECONDS],
  );
  return rowCount === 1 ? code : null;
}

/** Forgets a code whose delivery failed, so the user may ask again at once. */
export async function withdrawCode(db: Db, account: string, purpose: CodePurpose): Promise<void> {
  await db.query('DELETE FROM verification_codes WHERE account = $1 AND purpose = $2', [account, purpose]);
}

/**
 * Answers whether `code` is right. Every try, right or wrong, is counted by the same statement
 * that checks it, under the row's lock: parallel guesses queue on that lock and each sees the
 * count the previous one left, so only the first five tries can ever match. A right code sets
 * the count to the limit, which uses it up in that same statement.
 */
export async function consumeCode(db: Db, account: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const codeHash = hashCode(account, purpose, code.trim());
  const { rows } = await db.query<{ matched: boolean }>(
    `UPDATE verification_codes
     SET attempts = CASE WHEN code_hash = $3 THEN $4 ELSE attempts + 1 END
     WHERE account = $1 AND purpose = $2 AND expires_at > now() AND attempts < $4
     RETURNING code_hash = $3 AS matched`,
    [account, purpose, codeHash, MAX_ATTEMPTS],
  );
  if (!rows[0]?.matched) return false;
  // Tidy only: the code is already spent; removing it lets the next send come at once.
  await db.query('DELETE FROM verification_codes WHERE account = $1 AND purpose = $2 AND code_hash = $3', [account, purpose, codeHash]);
  return true;
}
