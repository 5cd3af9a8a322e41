/**
 * Administrator actions of this issue (user activation) and the first administrator, who comes
 * from MTP_ADMIN_ACCOUNT / MTP_ADMIN_PASSWORD or is generated and printed once at first start.
 */
import { AppError, assertRule, checkAccount, checkPassword, isAdminRole, ROLES, type SetUserStatusBody } from '@mtp/proto';
import { randomInt } from 'node:crypto';
import { inTransaction, type Db } from '@mtp/platform';
import type { AccountsDeps, AuthContext } from './deps';
import { hashPassword } from './password-crypto';
import { endUserSessions } from './sessions';
import { findSiteRow, seedMainSite } from './sites';
import { findUserById, insertUser, updateUser } from './users';
import { actorOf, recordAction, type RequestOrigin } from './system-log/record';

export const DEFAULT_ADMIN_ACCOUNT = 'admin@example.com';

/** Fails with 42000 unless the caller is an administrator or manager. */
export function assertAdmin(ctx: AuthContext): void {
  if (!isAdminRole(ctx.role)) throw new AppError('NO_PERMISSION');
}

/** Fails with 42000 unless the caller is the super administrator (role ADMIN). */
export function assertSuperAdmin(ctx: AuthContext): void {
  if (ctx.role !== ROLES.ADMIN) throw new AppError('NO_PERMISSION');
}

/** Logged as `user.activate` / `user.deactivate` with the state before and after (issue 18). */
export async function setUserStatus(
  deps: AccountsDeps,
  ctx: AuthContext,
  body: SetUserStatusBody,
  origin: RequestOrigin = {},
): Promise<void> {
  assertAdmin(ctx);
  const user = await findUserById(deps.db, body.user_id);
  // A manager administers their own site only; a user outside it does not exist for them.
  if (!user || (ctx.role === ROLES.MANAGER && user.site_id !== ctx.siteId)) throw new AppError('ACCOUNT_NOT_FOUND');
  if (user.user_id === ctx.userId) throw new AppError('NO_PERMISSION', 'you cannot deactivate yourself');
  await inTransaction(deps.db, async (client) => {
    await updateUser(client, user.user_id, { activated: body.activated });
    if (!body.activated) await endUserSessions(client, user.user_id, 'deactivated');
    await recordAction(client, actorOf(ctx, origin), {
      action: body.activated ? 'user.activate' : 'user.deactivate',
      targetType: 'user',
      targetId: user.user_id,
      before: { account: user.account, activated: user.activated },
      after: { account: user.account, activated: body.activated },
      siteId: user.site_id,
    });
  });
}

export function generatePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const pick = (from: string) => from[randomInt(from.length)]!;
  // At least one letter and one digit, as the password rule requires.
  return [pick(letters), pick(digits), ...Array.from({ length: 10 }, () => pick(all))].join('');
}

export type BootstrapResult = { account: string; password: string | null; created: boolean };

/**
 * Seeds the main site and, when no administrator exists, the first one. The generated password
 * is answered only at that first start; later starts answer `password: null`.
 */
export async function bootstrapAccounts(db: Db, env: { adminAccount?: string; adminPassword?: string }): Promise<BootstrapResult> {
  // Gateway replicas starting together on an empty database (a Kubernetes rollout): without the
  // lock both see no administrator, one insert loses, and that replica would print a generated
  // password that was never stored. A session lock on its own connection: the body uses the pool.
  const lock = await db.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [BOOTSTRAP_LOCK_KEY]);
    return await bootstrapLocked(db, env);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [BOOTSTRAP_LOCK_KEY]).catch(() => {});
    lock.release();
  }
}

/** Any constant that no other advisory lock of the platform uses. */
const BOOTSTRAP_LOCK_KEY = 7_413_500;

async function bootstrapLocked(db: Db, env: { adminAccount?: string; adminPassword?: string }): Promise<BootstrapResult> {
  await seedMainSite(db);
  const { rows } = await db.query<{ account: string }>('SELECT account FROM users WHERE role = $1 ORDER BY user_id LIMIT 1', [ROLES.ADMIN]);
  if (rows[0]) return { account: rows[0].account, password: null, created: false };

  const account = env.adminAccount ?? DEFAULT_ADMIN_ACCOUNT;
  assertRule(checkAccount(account));
  const password = env.adminPassword ?? generatePassword();
  assertRule(checkPassword(password));
  const main = await findSiteRow(db, {});
  const id = await insertUser(db, {
    account,
    username: 'admin',
    passwordHash: await hashPassword(password),
    role: ROLES.ADMIN,
    siteId: main!.site_id,
    // The operator who configures the first administrator runs the platform under its terms.
    agreedTerms: true,
  });
  if (id === null) {
    // The account exists as a non-admin (set through the environment): promote it.
    await db.query('UPDATE users SET role = $2 WHERE account = $1', [account.trim().toLowerCase(), ROLES.ADMIN]);
  }
  return { account, password: env.adminPassword ? null : password, created: true };
}
