/** Permission maps (`/api/v1.0/permission/...`). */
import { loginPermission, sitePermission, type AccountsDeps } from '@mtp/accounts';
import { LoginPermissionData, Reply, SiteCodeQuery, SitePermissionData } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export const permissionRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps }> = async (app, { accounts }) => {
  app.get(
    '/permission/get_user_login_permission',
    { schema: { querystring: SiteCodeQuery, response: { 200: Reply(LoginPermissionData) } } },
    async (req) => ok(req, await loginPermission(accounts, req.auth, req.query.site_code)),
  );

  app.get('/permission/get_user_site_permission', { schema: { response: { 200: Reply(SitePermissionData) } } }, async (req) =>
    ok(req, await sitePermission(accounts, requireUser(req))),
  );
};
