/**
 * Sites (`/api/v1.0/site/...`): the public site name and logos for login pages, and the super
 * administrator's calls to create, change and brand white-label sites.
 */
import {
  assertAdmin,
  assertSuperAdmin,
  createSite,
  listSites,
  readLogo,
  resolveSite,
  saveLogo,
  updateSite,
  type AccountsDeps,
  type LogoKind,
} from '@mtp/accounts';
import { AppError, CreateSiteBody, LIMITS, Reply, SiteCodeQuery, SiteInfo, SiteList, UpdateSiteBody } from '@mtp/proto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok, sendCode } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import { reencodeLogo, type PictureDeps } from './logo-reencoding';

const LogoParams = Type.Object({
  siteId: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('large'), Type.Literal('small')]),
});

/** `pictures`: the bus and storage the document workers re-encode logos through; null: uploads fail. */
export const siteRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps; pictures: PictureDeps | null }> = async (
  app,
  { accounts, pictures },
) => {
  app.get('/site/get_site_name', { schema: { querystring: SiteCodeQuery, response: { 200: Reply(SiteInfo) } } }, async (req) =>
    ok(req, await resolveSite(accounts.db, req.query.site_code)),
  );

  app.get('/site/list', { schema: { response: { 200: Reply(SiteList) } } }, async (req) => {
    assertAdmin(requireUser(req));
    return ok(req, { site_list: await listSites(accounts.db) });
  });

  app.post('/site/create', { schema: { body: CreateSiteBody, response: { 200: Reply(SiteInfo) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await createSite(accounts.db, req.body, requestActor(req)));
  });

  app.post('/site/update', { schema: { body: UpdateSiteBody, response: { 200: Reply(SiteInfo) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await updateSite(accounts.db, req.body, requestActor(req)));
  });

  // Multipart form: site_id, kind (large|small), then the file (PNG or JPG by content, <= 2 MB,
  // <= 4096 px a side). What is saved and served is a PNG a document worker drew from it.
  app.post('/site/upload_logo', async (req) => {
    assertSuperAdmin(requireUser(req));
    const part = await req.file({ limits: { fileSize: LIMITS.logoBytes + 1, files: 1 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    const field = (name: string) => {
      const f = part.fields[name];
      return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
    };
    const siteId = Number(field('site_id'));
    const kind = field('kind') ?? 'large';
    if (!Number.isInteger(siteId) || (kind !== 'large' && kind !== 'small')) {
      part.file.resume();
      throw new AppError('INVALID_PARAMS', 'site_id, kind');
    }
    // The declared type and name are not trusted: the worker reads the format from the bytes.
    const png = await reencodeLogo(pictures, part.file);
    await saveLogo(accounts.db, siteId, kind as LogoKind, png, requestActor(req));
    return ok(req, { logo_url: `/api/v1.0/site/logo/${siteId}/${kind}` });
  });

  app.get('/site/logo/:siteId/:kind', { config: { auth: 'ignore' }, schema: { params: LogoParams } }, async (req, reply) => {
    const logo = await readLogo(accounts.db, req.params.siteId, req.params.kind);
    if (!logo) return sendCode(req, reply, 'NOT_FOUND');
    return reply.type(logo.mime).header('cache-control', 'public, max-age=300').send(logo.bytes);
  });
};
