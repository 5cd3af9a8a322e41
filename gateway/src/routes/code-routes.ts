/**
 * The spec's bare calls around registration (`/api/v1.0/check_account`, `image_code`,
 * `send_email_code`, `send_sms_code`, `reset_password`) and the login page's configuration.
 */
import { createCaptcha, findUserByAccount, resetPassword, resolveSite, sendCode, type AccountsDeps } from '@mtp/accounts';
import {
  AccountQuery,
  assertRule,
  checkAccount,
  CheckAccountData,
  Empty,
  ImageCodeData,
  Reply,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeData,
  SiteCodeQuery,
  SiteInfo,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../plugins/envelope';

export const codeRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps }> = async (app, { accounts }) => {
  app.get(
    '/check_account',
    { config: { auth: 'ignore' }, schema: { querystring: AccountQuery, response: { 200: Reply(CheckAccountData) } } },
    async (req) => {
      assertRule(checkAccount(req.query.account));
      return ok(req, { exists: (await findUserByAccount(accounts.db, req.query.account)) !== null });
    },
  );

  app.get('/image_code', { config: { auth: 'ignore' }, schema: { response: { 200: Reply(ImageCodeData) } } }, async (req) =>
    ok(req, await createCaptcha(accounts.db)),
  );

  // Optional auth: codes that verify or change the caller's own account need the caller.
  app.post('/send_email_code', { schema: { body: SendCodeBody, response: { 200: Reply(SendCodeData) } } }, async (req) =>
    ok(req, await sendCode(accounts, 'email', req.body, req.auth, req.lang)),
  );
  app.post('/send_sms_code', { schema: { body: SendCodeBody, response: { 200: Reply(SendCodeData) } } }, async (req) =>
    ok(req, await sendCode(accounts, 'mobile', req.body, req.auth, req.lang)),
  );

  app.post(
    '/reset_password',
    { config: { auth: 'ignore' }, schema: { body: ResetPasswordBody, response: { 200: Reply(Empty) } } },
    async (req) => {
      await resetPassword(accounts, req.body);
      return ok(req, null);
    },
  );

  app.get(
    '/get_login_config',
    { config: { auth: 'ignore' }, schema: { querystring: SiteCodeQuery, response: { 200: Reply(SiteInfo) } } },
    async (req) => ok(req, await resolveSite(accounts.db, req.query.site_code)),
  );
};
