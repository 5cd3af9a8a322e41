/**
 * Adding users: one by one (`admin/users/create`) or from a file (import-users.ts), both through
 * `insertMember`. Added users are pre-activated: active at once, with a first password they must
 * replace at their first login (first-password.ts).
 *
 * The member cap: an enterprise site (any site but the main one) holds at most `user_cap`
 * ordinary members (its managers are not counted, migration 006). The site row is locked
 * (`SELECT ... FOR UPDATE`) in the transaction that counts and inserts, so concurrent additions
 * queue on it and exactly the free places are filled, never more.
 */
import { AppError, checkAccount, checkPassword, checkUsername, ROLES, type CreateUserBody } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type { AccountsDeps } from '../deps';
import { decryptPassword, hashPassword } from '../password-crypto';
import { recordAction } from '../system-log/record';
import { normalizeAccount } from '../users';
import {
  assertStaff,
  isAdministrator,
  MANAGED_USER_COLUMNS,
  userSnapshot,
  type ManagedUser,
  type Queryable,
  type StaffCaller,
} from './scope';

export type NewMember = { account: string; username: string; password: string; role?: number; siteId?: number };

/** The section-5 rules of a new member (plain password), first failing one as an AppError. */
export function checkNewMember(m: Pick<NewMember, 'account' | 'username' | 'password'>): AppError | null {
  const failed = checkAccount(m.account.trim()) ?? checkUsername(m.username) ?? checkPassword(m.password);
  return failed ? new AppError(failed) : null;
}

/** Where the member goes and as what: a manager adds ordinary members to their own site only. */
export function placeOf(caller: StaffCaller, m: Pick<NewMember, 'role' | 'siteId'>): { role: number; siteId: number } {
  if (!isAdministrator(caller)) {
    if (m.role !== undefined && m.role !== ROLES.NORMAL) throw new AppError('NO_PERMISSION');
    // Another site, for a manager, does not exist.
    if (m.siteId !== undefined && m.siteId !== caller.siteId) throw new AppError('SITE_NOT_FOUND');
    return { role: ROLES.NORMAL, siteId: caller.siteId };
  }
  if (m.role !== undefined && m.role !== ROLES.MANAGER && m.role !== ROLES.NORMAL) throw new AppError('INVALID_PARAMS', 'role');
  return { role: m.role ?? ROLES.NORMAL, siteId: m.siteId ?? caller.siteId };
}

/** Locks the site row and fails with 40062 when an ordinary member would pass its cap. */
export async function holdPlaceOnSite(q: Queryable, siteId: number, role: number): Promise<void> {
  const { rows } = await q.query<{ user_cap: number; is_main: boolean }>(
    'SELECT user_cap, is_main FROM sites WHERE site_id = $1 FOR UPDATE',
    [siteId],
  );
  const site = rows[0];
  if (!site) throw new AppError('SITE_NOT_FOUND');
  if (site.is_main || role !== ROLES.NORMAL) return;
  const { rows: counted } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE site_id = $1 AND role = $2 AND deleted_at IS NULL',
    [siteId, ROLES.NORMAL],
  );
  if (counted[0]!.n >= site.user_cap) throw new AppError('USER_CAP_REACHED');
}

/**
 * Inserts one checked member inside the caller's transaction, with its log line; 40023 when the
 * account is taken, 40062 over the cap.
 */
export async function insertMember(
  q: Queryable,
  caller: StaffCaller,
  m: { account: string; username: string; passwordHash: string; role: number; siteId: number },
): Promise<ManagedUser> {
  await holdPlaceOnSite(q, m.siteId, m.role);
  const { rows } = await q.query<ManagedUser>(
    `INSERT INTO users (account, username, password_hash, role, site_id, activated, must_change_password)
     VALUES ($1, $2, $3, $4, $5, true, true) ON CONFLICT (account) DO NOTHING RETURNING ${MANAGED_USER_COLUMNS}`,
    [normalizeAccount(m.account), m.username.trim(), m.passwordHash, m.role, m.siteId],
  );
  const user = rows[0];
  if (!user) throw new AppError('ACCOUNT_EXISTS');
  await recordAction(q, caller.log, {
    action: 'user.create',
    targetType: 'user',
    targetId: user.user_id,
    after: userSnapshot(user),
    siteId: user.site_id,
  });
  return user;
}

export async function createUser(deps: AccountsDeps, caller: StaffCaller, body: CreateUserBody): Promise<ManagedUser> {
  assertStaff(caller);
  const password = decryptPassword(deps.keys, body.password);
  const failed = checkNewMember({ ...body, password });
  if (failed) throw failed;
  const place = placeOf(caller, { role: body.role, siteId: body.site_id });
  const passwordHash = await hashPassword(password);
  return inTransaction(deps.db, (client) => insertMember(client, caller, { ...body, passwordHash, ...place }));
}
