/**
 * What a caller may read and change about themselves: the user data of spec section 3, the
 * permission maps, the username and the account (with a code proving each side).
 */
import {
  AppError,
  assertRule,
  checkAccount,
  checkUsername,
  permissionMap,
  type LoginPermissionData,
  type Role,
  type SitePermissionData,
  type UpdateAccountBody,
  type UserData,
} from '@mtp/proto';
import type { AccountsDeps, AuthContext } from './deps';
import { reissueTokens } from './auth-service';
import { findSession, markSessionVerified } from './sessions';
import { resolveSite, siteById } from './sites';
import { findUserByAccount, findUserById, normalizeAccount, updateUser } from './users';
import { consumeCode } from './verification-codes';
import { unreadCount } from './messages/messages';

/** How long a verify_account proof lets the caller change the account. */
const VERIFIED_WINDOW_MS = 10 * 60 * 1000;

export async function userData(deps: AccountsDeps, ctx: AuthContext | null, siteCode?: string): Promise<UserData> {
  if (!ctx) {
    const site = await resolveSite(deps.db, siteCode);
    return {
      user_id: null,
      username: '',
      account_number: '',
      role: null,
      rank: 'FREE',
      site_id: site.site_id,
      expiration_time: null,
      member_start_time: null,
      has_password: false,
      msg_count: 0,
      company_orders: 0,
      code: 'free',
      activated: true,
    };
  }
  const user = await findUserById(deps.db, ctx.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  // The plan fields (code, expiration_time, member_start_time, expired, near_expiry) belong to
  // billing, which accounts does not import: the gateway fills them in (`user-routes.ts`).
  return {
    user_id: user.user_id,
    username: user.username,
    account_number: user.account,
    role: user.role,
    rank: 'REGISTER',
    site_id: user.site_id,
    expiration_time: null,
    member_start_time: null,
    has_password: user.password_hash !== null,
    msg_count: await unreadCount(deps.db, user.user_id),
    company_orders: 0,
    code: 'free',
    activated: user.activated,
  };
}

export async function loginPermission(deps: AccountsDeps, ctx: AuthContext | null, siteCode?: string): Promise<LoginPermissionData> {
  const site = ctx ? await siteById(deps.db, ctx.siteId) : await resolveSite(deps.db, siteCode);
  const role = ctx ? (ctx.role as Role) : null;
  return {
    rank: ctx ? 'REGISTER' : 'FREE',
    role,
    permissions: permissionMap({ role, siteDoCat: site.site_config.do_cat, siteHidePicture: site.site_config.hidePicture }),
  };
}

/** The caller's site with its permission map and the session's token pair (not rotated). */
export async function sitePermission(deps: AccountsDeps, ctx: AuthContext): Promise<SitePermissionData> {
  const site = await siteById(deps.db, ctx.siteId);
  const tokens = await reissueTokens(deps, ctx.userId, ctx.sessionId);
  const { permissions } = await loginPermission(deps, ctx);
  return { ...tokens, site, permissions };
}

export async function updateUsername(deps: AccountsDeps, ctx: AuthContext, username: string): Promise<void> {
  assertRule(checkUsername(username));
  await updateUser(deps.db, ctx.userId, { username: username.trim() });
}

export async function verifyAccount(deps: AccountsDeps, ctx: AuthContext, code: string): Promise<void> {
  if (!(await consumeCode(deps.db, ctx.account, 'verify', code))) throw new AppError('CODE_INVALID');
  await markSessionVerified(deps.db, ctx.sessionId);
}

export async function updateAccount(deps: AccountsDeps, ctx: AuthContext, body: UpdateAccountBody): Promise<void> {
  assertRule(checkAccount(body.account));
  const account = normalizeAccount(body.account);
  if (account === ctx.account) throw new AppError('ACCOUNT_UNCHANGED');
  const session = await findSession(deps.db, ctx.sessionId);
  if (!session?.verifiedAt || Date.now() - session.verifiedAt.getTime() > VERIFIED_WINDOW_MS) {
    throw new AppError('ACCOUNT_NOT_VERIFIED');
  }
  if (await findUserByAccount(deps.db, account)) throw new AppError('ACCOUNT_EXISTS');
  if (!(await consumeCode(deps.db, account, 'update', body.code))) throw new AppError('CODE_INVALID');
  try {
    await updateUser(deps.db, ctx.userId, { account });
  } catch (err) {
    // A concurrent registration took the account between the check and the update.
    if ((err as { code?: string }).code === '23505') throw new AppError('ACCOUNT_EXISTS');
    throw err;
  }
}
