/**
 * Enterprises (`/api/v1.0/company...`, proto/src/enterprises.ts): create and change (`POST
 * company`), list, read, renew, logos, and the code suggestion (`company/get_code`, whitelisted).
 * Role and site are checked in @mtp/accounts (enterprises/enterprise-access.ts), so every caller
 * of these functions gets the same rules; handlers only validate and pass on the request's origin.
 */
import {
  assertPlatformAdmin,
  getCompany,
  listEnterprises,
  renewCompany,
  saveCompany,
  saveCompanyLogo,
  suggestCompanyCode,
  type AccountsDeps,
} from '@mtp/accounts';
import {
  AppError,
  CompanyBody,
  CompanyCodeData,
  CompanyIdQuery,
  CompanyListData,
  CompanyListQuery,
  CompanyLogoData,
  CompanyRenewBody,
  CompanySaveData,
  Enterprise,
  LIMITS,
  Reply,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { originOf } from '../plugins/request-origin';
import { reencodeLogo, type PictureDeps } from './logo-reencoding';

export const companyRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps; pictures: PictureDeps | null }> = async (
  app,
  { accounts, pictures },
) => {
  app.post('/company', { schema: { body: CompanyBody, response: { 200: Reply(CompanySaveData) } } }, async (req) =>
    ok(req, await saveCompany(accounts, requireUser(req), req.body, originOf(req))),
  );

  app.get('/company/get_code', { schema: { response: { 200: Reply(CompanyCodeData) } } }, async (req) =>
    ok(req, await suggestCompanyCode(accounts.db, req.auth?.siteId ?? null)),
  );

  app.get('/company/list', { schema: { querystring: CompanyListQuery, response: { 200: Reply(CompanyListData) } } }, async (req) => {
    await assertPlatformAdmin(accounts.db, requireUser(req));
    return ok(req, await listEnterprises(accounts.db, req.query));
  });

  app.get('/company/get', { schema: { querystring: CompanyIdQuery, response: { 200: Reply(Enterprise) } } }, async (req) =>
    ok(req, await getCompany(accounts, requireUser(req), req.query.site_id)),
  );

  app.post('/company/renew', { schema: { body: CompanyRenewBody, response: { 200: Reply(Enterprise) } } }, async (req) =>
    ok(req, await renewCompany(accounts, requireUser(req), req.body, originOf(req))),
  );

  // Multipart form: site_id, kind (large|small), then the file. As site/upload_logo: at most 2 MB,
  // a PNG or JPEG by content (a document worker draws the PNG that is kept), else 40031.
  app.post('/company/upload_logo', { schema: { response: { 200: Reply(CompanyLogoData) } } }, async (req) => {
    const user = requireUser(req);
    // Before the upload is read: a caller who may not save a logo costs no storage or worker time.
    await assertPlatformAdmin(accounts.db, user);
    const part = await req.file({ limits: { fileSize: LIMITS.logoBytes + 1, files: 1 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    const field = (name: string) => {
      const f = part.fields[name];
      return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
    };
    const siteId = Number(field('site_id'));
    const kind = field('kind') ?? 'large';
    if (!Number.isInteger(siteId) || siteId < 1 || (kind !== 'large' && kind !== 'small')) {
      part.file.resume();
      throw new AppError('INVALID_PARAMS', 'site_id, kind');
    }
    const png = await reencodeLogo(pictures, part.file);
    return ok(req, { logo_url: await saveCompanyLogo(accounts, user, siteId, kind, png, originOf(req)) });
  });
};
