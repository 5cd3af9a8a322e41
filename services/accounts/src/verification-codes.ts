/**
 * One-time verification codes sent by e-mail or SMS: six digits, valid 10 minutes, one send a
 * minute per account and purpose, five wrong tries and the code is void. Only a hash is stored.
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

/** Answers whether `code` is right; a right code is used up, a wrong one counts a try. */
export async function consumeCode(db: Db, account: string, purpose: CodePurpose, code: string): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM verification_codes
     WHERE account = $1 AND purpose = $2 AND code_hash = $3 AND expires_at > now() AND attempts < $4
     RETURNING 1`,
    [account, purpose, hashCode(account, purpose, code.trim()), MAX_ATTEMPTS],
  );
  if (rows.length > 0) return true;
  await db.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE account = $1 AND purpose = $2', [account, purpose]);
  return false;
}
