/**
 * Who may touch which user. Administrators (role 0) see every site; a manager (role 1) sees the
 * members of their own site and nothing else: a user of another site, like a deleted one, answers
 * exactly as a user that does not exist (40020), so a manager cannot learn who is elsewhere.
 * Everyone else gets 42000 before anything is read.
 */
import { AppError, ROLES } from '@mtp/proto';
import type pg from 'pg';
import type { LogActor } from '../system-log/record';

/**
 * The caller of an administration call, with the log actor its lines are written as. `admin` is
 * the platform's (super) administrator: role 0 on the main site. Role 0 elsewhere (an enterprise
 * site's administrator) is scoped to its site like a manager, as the enterprise calls do.
 */
export type StaffCaller = { userId: number; role: number; siteId: number; admin: boolean; log: LogActor };

/** The signed-in caller as a StaffCaller (one query: is their site the main one?). */
export async function staffCallerOf(
  q: Queryable,
  ctx: { userId: number; role: number; siteId: number },
  log: LogActor,
): Promise<StaffCaller> {
  const { rows } = await q.query<{ is_main: boolean }>('SELECT is_main FROM sites WHERE site_id = $1', [ctx.siteId]);
  return { userId: ctx.userId, role: ctx.role, siteId: ctx.siteId, admin: ctx.role === ROLES.ADMIN && rows[0]?.is_main === true, log };
}

export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export type ManagedUser = {
  user_id: number;
  account: string;
  username: string;
  role: number;
  site_id: number;
  activated: boolean;
  must_change_password: boolean;
  created_at: Date;
};

export const MANAGED_USER_COLUMNS = 'user_id, account, username, role, site_id, activated, must_change_password, created_at';

export const isAdministrator = (caller: Pick<StaffCaller, 'admin'>) => caller.admin;

/** 42000 unless the caller is an administrator or a manager. */
export function assertStaff(caller: Pick<StaffCaller, 'role'>): void {
  if (caller.role !== ROLES.ADMIN && caller.role !== ROLES.MANAGER) throw new AppError('NO_PERMISSION');
}

/** 42000 unless the caller is the super administrator. */
export function assertAdministrator(caller: Pick<StaffCaller, 'admin'>): void {
  if (!isAdministrator(caller)) throw new AppError('NO_PERMISSION');
}

/** The site a caller's query is limited to: null (all) for administrators. */
export const siteScopeOf = (caller: Pick<StaffCaller, 'admin' | 'siteId'>): number | null =>
  isAdministrator(caller) ? null : caller.siteId;

/**
 * The live user the caller may see, locked when `lock` (inside the change's transaction), or
 * 40020 as if it did not exist.
 */
export async function loadVisibleUser(q: Queryable, caller: StaffCaller, userId: number, lock = false): Promise<ManagedUser> {
  assertStaff(caller);
  const { rows } = await q.query<ManagedUser>(
    `SELECT ${MANAGED_USER_COLUMNS} FROM users WHERE user_id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  const user = rows[0];
  const scope = siteScopeOf(caller);
  if (!user || (scope !== null && user.site_id !== scope)) throw new AppError('ACCOUNT_NOT_FOUND');
  return user;
}

/**
 * The user the caller may change: visible, not the caller (no one deactivates, demotes or deletes
 * themselves here), and for a manager an ordinary member only (other managers and administrators
 * of the site are the super administrator's to change).
 */
export async function loadChangeableUser(q: Queryable, caller: StaffCaller, userId: number): Promise<ManagedUser> {
  const user = await loadVisibleUser(q, caller, userId, true);
  if (user.user_id === caller.userId) throw new AppError('NO_PERMISSION');
  if (!isAdministrator(caller) && user.role !== ROLES.NORMAL) throw new AppError('NO_PERMISSION');
  return user;
}

/** The user as the log's before/after shows it (never a password hash). */
export function userSnapshot(u: ManagedUser): Record<string, unknown> {
  return {
    account: u.account,
    username: u.username,
    role: u.role,
    site_id: u.site_id,
    activated: u.activated,
    must_change_password: u.must_change_password,
  };
}
