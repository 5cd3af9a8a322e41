/**
 * An enterprise's named manager: an existing account is linked (made role MANAGER of the site), a
 * new one is created with a first password that is answered once. Only accounts that belong to no
 * other enterprise may be linked (a main-site user, or one of this site already): taking another
 * enterprise's user would empty it behind its manager's back. Administrators are never demoted.
 */
import { AppError, assertRule, checkAccount, ROLES } from '@mtp/proto';
import type pg from 'pg';
import { generatePassword } from '../admin-service';
import { hashPassword } from '../password-crypto';
import { actorOf, recordAction, type RequestOrigin } from '../system-log/record';
import type { AuthContext } from '../deps';
import { findUserByAccount, insertUser, normalizeAccount } from '../users';

export type ManagerResult = { userId: number; password: string | null };

export async function appointManager(
  client: pg.PoolClient,
  ctx: AuthContext,
  origin: RequestOrigin,
  site: { siteId: number; mainSiteId: number },
  manager: { account: string; username?: string },
): Promise<ManagerResult> {
  assertRule(checkAccount(manager.account));
  const existing = await findUserByAccount(client, manager.account);
  if (existing) {
    if (existing.role === ROLES.ADMIN) throw new AppError('INVALID_PARAMS', 'manager_account: an administrator cannot be linked');
    if (existing.site_id !== site.siteId && existing.site_id !== site.mainSiteId)
      throw new AppError('INVALID_PARAMS', 'manager_account: the account belongs to another enterprise');
    // Serialised with other changes of the same user (a concurrent role change, say).
    await client.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [existing.user_id]);
    await client.query('UPDATE users SET role = $2, site_id = $3, updated_at = now() WHERE user_id = $1', [
      existing.user_id,
      ROLES.MANAGER,
      site.siteId,
    ]);
    await recordAction(client, actorOf(ctx, origin), {
      action: 'permission.grant',
      targetType: 'user',
      targetId: existing.user_id,
      before: { account: existing.account, role: existing.role, site_id: existing.site_id },
      after: { account: existing.account, role: ROLES.MANAGER, site_id: site.siteId },
      siteId: site.siteId,
    });
    return { userId: existing.user_id, password: null };
  }

  const password = generatePassword();
  const account = normalizeAccount(manager.account);
  const username = (manager.username ?? account.split('@')[0] ?? account).trim().slice(0, 20) || 'manager';
  const userId = await insertUser(client, {
    account,
    username,
    passwordHash: await hashPassword(password),
    role: ROLES.MANAGER,
    siteId: site.siteId,
  });
  // Taken between the lookup and the insert: the caller tries again and links it.
  if (userId === null) throw new AppError('ACCOUNT_EXISTS');
  await recordAction(client, actorOf(ctx, origin), {
    action: 'user.create',
    targetType: 'user',
    targetId: userId,
    after: { account, username, role: ROLES.MANAGER, site_id: site.siteId },
    siteId: site.siteId,
  });
  return { userId, password };
}
