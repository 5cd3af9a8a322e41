/**
 * Changing one user: edit, reset password, activate/deactivate, delete, administrator rights, and
 * `withUserChange` for changes another package makes (the ledger's grants, composed by the
 * gateway). Each loads the target under a row lock with the scope rules of scope.ts and writes its
 * log line in the same transaction as the change, so a refused or failed change leaves no line.
 */
import { AppError, assertRule, checkAccount, checkPassword, checkUsername, ROLES, type UpdateUserBody } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type pg from 'pg';
import type { AccountsDeps } from '../deps';
import { decryptPassword, hashPassword } from '../password-crypto';
import { endUserSessions } from '../sessions';
import { changedFields } from '../system-log/snapshots';
import { recordAction } from '../system-log/record';
import { normalizeAccount } from '../users';
import { holdPlaceOnSite } from './add-member';
import {
  assertAdministrator,
  isAdministrator,
  loadChangeableUser,
  MANAGED_USER_COLUMNS,
  userSnapshot,
  type ManagedUser,
  type StaffCaller,
} from './scope';

type Change = { action: string; before?: unknown; after?: unknown };

/**
 * Runs `fn` on the locked target in one transaction and logs what it answers. For changes owned
 * elsewhere (the gateway grants plans and characters on the ledger with the same client).
 */
export async function withUserChange<T>(
  db: AccountsDeps['db'],
  caller: StaffCaller,
  userId: number,
  fn: (client: pg.PoolClient, user: ManagedUser) => Promise<{ change: Change; result: T }>,
): Promise<T> {
  return inTransaction(db, async (client) => {
    const user = await loadChangeableUser(client, caller, userId);
    const { change, result } = await fn(client, user);
    await recordAction(client, caller.log, { ...change, targetType: 'user', targetId: user.user_id, siteId: user.site_id });
    return result;
  });
}

const UNIQUE_VIOLATION = '23505';

export async function updateMember(deps: AccountsDeps, caller: StaffCaller, body: UpdateUserBody): Promise<ManagedUser> {
  if (body.account !== undefined) assertRule(checkAccount(body.account.trim()));
  if (body.username !== undefined) assertRule(checkUsername(body.username));
  return withUserChange(deps.db, caller, body.user_id, async (client, user) => {
    const moves = (body.role !== undefined && body.role !== user.role) || (body.site_id !== undefined && body.site_id !== user.site_id);
    // Roles and sites are the super administrator's; an administrator's role changes through set_admin.
    if (moves && (!isAdministrator(caller) || user.role === ROLES.ADMIN)) throw new AppError('NO_PERMISSION');
    const role = body.role ?? user.role;
    const siteId = body.site_id ?? user.site_id;
    if (moves) await holdPlaceOnSite(client, siteId, role);
    let rows: ManagedUser[];
    try {
      ({ rows } = await client.query<ManagedUser>(
        `UPDATE users SET account = $2, username = $3, role = $4, site_id = $5, updated_at = now() WHERE user_id = $1
         RETURNING ${MANAGED_USER_COLUMNS}`,
        [
          user.user_id,
          body.account !== undefined ? normalizeAccount(body.account) : user.account,
          body.username?.trim() ?? user.username,
          role,
          siteId,
        ],
      ));
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new AppError('ACCOUNT_EXISTS');
      throw err;
    }
    const after = rows[0]!;
    return { change: { action: 'user.update', ...changedFields(userSnapshot(user), userSnapshot(after)) }, result: after };
  });
}

/** A new first password: the user must replace it at their next login; their sessions end. */
export async function resetMemberPassword(deps: AccountsDeps, caller: StaffCaller, userId: number, encrypted: string): Promise<void> {
  const password = decryptPassword(deps.keys, encrypted);
  assertRule(checkPassword(password));
  const hash = await hashPassword(password);
  await withUserChange(deps.db, caller, userId, async (client, user) => {
    await client.query('UPDATE users SET password_hash = $2, must_change_password = true, updated_at = now() WHERE user_id = $1', [
      user.user_id,
      hash,
    ]);
    await endUserSessions(client, user.user_id, 'password');
    return { change: { action: 'user.reset_password', after: { must_change_password: true } }, result: undefined };
  });
}

export async function setMemberActivation(deps: AccountsDeps, caller: StaffCaller, userId: number, activated: boolean): Promise<void> {
  await withUserChange(deps.db, caller, userId, async (client, user) => {
    await client.query('UPDATE users SET activated = $2, updated_at = now() WHERE user_id = $1', [user.user_id, activated]);
    if (!activated) await endUserSessions(client, user.user_id, 'deactivated');
    const change = { action: activated ? 'user.activate' : 'user.deactivate', before: { activated: user.activated }, after: { activated } };
    return { change, result: undefined };
  });
}

/**
 * Soft deletion (README: "Deleting a user"): the row stays for the orders and the ledger that
 * name it; the account is renamed so the address may register again, the password is dropped and
 * every session ends. Administrators only delete; managers deactivate.
 */
export async function deleteMember(deps: AccountsDeps, caller: StaffCaller, userId: number): Promise<void> {
  assertAdministrator(caller);
  await withUserChange(deps.db, caller, userId, async (client, user) => {
    await client.query(
      `UPDATE users SET deleted_at = now(), deleted_account = account, account = 'deleted-' || user_id || '@deleted.invalid',
         password_hash = NULL, activated = false, updated_at = now() WHERE user_id = $1`,
      [user.user_id],
    );
    await endUserSessions(client, user.user_id, 'deactivated');
    return { change: { action: 'user.delete', before: userSnapshot(user) }, result: undefined };
  });
}

const ADMINS_ON_MAIN_SITE = {
  zh_CN: '管理员须属于主站',
  en_US: 'Administrators belong to the main site',
} as const;

/**
 * Administrator rights (super administrator only): role 0 is platform-wide, so it is given to
 * main-site users only; taking it back makes the user an ordinary user.
 */
export async function setAdminRights(deps: AccountsDeps, caller: StaffCaller, userId: number, admin: boolean): Promise<void> {
  assertAdministrator(caller);
  await withUserChange(deps.db, caller, userId, async (client, user) => {
    if (admin && user.role !== ROLES.ADMIN) {
      const { rows } = await client.query<{ is_main: boolean }>('SELECT is_main FROM sites WHERE site_id = $1', [user.site_id]);
      if (!rows[0]?.is_main) throw new AppError('INVALID_PARAMS', ADMINS_ON_MAIN_SITE);
    }
    const role = admin ? ROLES.ADMIN : user.role === ROLES.ADMIN ? ROLES.NORMAL : user.role;
    await client.query('UPDATE users SET role = $2, updated_at = now() WHERE user_id = $1', [user.user_id, role]);
    const change = { action: admin ? 'permission.grant' : 'permission.revoke', before: { role: user.role }, after: { role } };
    return { change, result: undefined };
  });
}
