/** Login, tokens, registration and the caller's own account (`/api/v1.0/user/...`). */
import {
  login,
  logout,
  refreshTokens,
  register,
  setUserStatus,
  updateAccount,
  updateUsername,
  userData,
  verifyAccount,
  type AccountsDeps,
} from '@mtp/accounts';
import {
  AccessTokenData,
  AppError,
  Empty,
  LoginBody,
  PublicKeyData,
  RegisterBody,
  Reply,
  SetUserStatusBody,
  SiteCodeQuery,
  TokenPair,
  UpdateAccountBody,
  UpdateUsernameBody,
  UserData,
  VerifyAccountBody,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { membershipOf, remaining } from '@mtp/billing';
import type { Db } from '@mtp/platform';
import { bearerToken, requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { originOf } from '../plugins/request-origin';

/**
 * The plan fields of the user data, from the billing ledger (accounts does not import billing;
 * the gateway may use both): `code` is the sku of the plan in use (`remaining`, 'free' without a
 * paid plan); `member_start_time` and `expiration_time` are the membership period, a renewal
 * that follows without a gap counting as the same period; `expired` once it has ended with none
 * live, `near_expiry` from 7 days before its end (the same rule as the expiry notices).
 */
async function withPlan(db: Db, data: UserData): Promise<UserData> {
  if (data.user_id === null) return { ...data, expired: false, near_expiry: false };
  const [balance, membership] = await Promise.all([remaining(db, data.user_id), membershipOf(db, data.user_id)]);
  return {
    ...data,
    code: balance.plan_sku,
    member_start_time: membership?.startsAt.toISOString() ?? null,
    expiration_time: membership?.expiresAt.toISOString() ?? null,
    expired: membership?.expired ?? false,
    near_expiry: membership?.nearExpiry ?? false,
  };
}

export const userRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps }> = async (app, { accounts }) => {
  app.get('/user/get_public_key', { config: { auth: 'ignore' }, schema: { response: { 200: Reply(PublicKeyData) } } }, async (req) =>
    ok(req, { public_key: accounts.keys.publicKeyPem }),
  );

  app.post('/user/login', { config: { auth: 'ignore' }, schema: { body: LoginBody, response: { 200: Reply(TokenPair) } } }, async (req) =>
    ok(req, await login(accounts, req.body, originOf(req))),
  );

  // The refresh token is the bearer here; it is checked by the call itself, not the auth hook.
  // It is exchanged once: the answer carries the next refresh token (rotation, accounts README).
  app.get('/user/refresh_token', { config: { auth: 'refresh' }, schema: { response: { 200: Reply(AccessTokenData) } } }, async (req) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('UNAUTHORIZED');
    return ok(req, await refreshTokens(accounts, token));
  });

  // The web app's light session check (every 20 s and on focus): the auth hook alone answers it,
  // so a session ended by a login elsewhere shows at once as 403 instead of on the next click.
  app.get('/user/check_session', { schema: { response: { 200: Reply(Empty) } } }, async (req) => {
    requireUser(req);
    return ok(req, null);
  });

  app.post('/user/logout', { schema: { response: { 200: Reply(Empty) } } }, async (req) => {
    await logout(accounts, requireUser(req));
    return ok(req, null);
  });

  app.post(
    '/user/register',
    { config: { auth: 'ignore' }, schema: { body: RegisterBody, response: { 200: Reply(TokenPair) } } },
    async (req) => ok(req, await register(accounts, req.body)),
  );

  app.get('/user/get_user_data', { schema: { querystring: SiteCodeQuery, response: { 200: Reply(UserData) } } }, async (req) =>
    ok(req, await withPlan(accounts.db, await userData(accounts, req.auth, req.query.site_code))),
  );

  app.post('/user/update_username', { schema: { body: UpdateUsernameBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await updateUsername(accounts, requireUser(req), req.body.username);
    return ok(req, null);
  });

  app.post('/user/verify_account', { schema: { body: VerifyAccountBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await verifyAccount(accounts, requireUser(req), req.body.code);
    return ok(req, null);
  });

  app.post('/user/update_account', { schema: { body: UpdateAccountBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await updateAccount(accounts, requireUser(req), req.body);
    return ok(req, null);
  });

  // Administrators: activate or deactivate a user (a deactivated user cannot log in).
  app.post('/user/set_status', { schema: { body: SetUserStatusBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await setUserStatus(accounts, requireUser(req), req.body, originOf(req));
    return ok(req, null);
  });
};
