/**
 * The first login of a pre-activated account. An administrator or manager chose its first
 * password, so the user must replace it before a session opens: login answers 40060
 * (PASSWORD_CHANGE_REQUIRED) until the same login comes back with `new_password`, which is then
 * checked like any password, stored, and the flag cleared. No session exists before that, so the
 * first password can never be used for anything but choosing a new one.
 */
import { AppError, assertRule, checkPassword } from '@mtp/proto';
import type { AccountsDeps } from '../deps';
import { decryptPassword, hashPassword } from '../password-crypto';
import type { UserRow } from '../users';

export async function replaceFirstPassword(
  deps: AccountsDeps,
  user: Pick<UserRow, 'user_id'>,
  currentPassword: string,
  encryptedNewPassword: string | undefined,
): Promise<void> {
  if (!encryptedNewPassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  const next = decryptPassword(deps.keys, encryptedNewPassword);
  assertRule(checkPassword(next));
  if (next === currentPassword) throw new AppError('PASSWORD_UNCHANGED');
  await deps.db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE user_id = $1', [
    user.user_id,
    await hashPassword(next),
  ]);
}
