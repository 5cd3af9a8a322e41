/**
 * Sites (`/api/v1.0/site/...`): the public site name and logos for login pages, and the super
 * administrator's calls to create, change and brand white-label sites.
 */
import {
  assertAdmin,
  assertSuperAdmin,
  createSite,
  listSites,
  LOGO_MIME_TYPES,
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

const LogoParams = Type.Object({
  siteId: Type.Integer({ minimum: 1 }),
  kind: Type.Union([Type.Literal('large'), Type.Literal('small')]),
});

export const siteRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps }> = async (app, { accounts }) => {
  app.get('/site/get_site_name', { schema: { querystring: SiteCodeQuery, response: { 200: Reply(SiteInfo) } } }, async (req) =>
    ok(req, await resolveSite(accounts.db, req.query.site_code)),
  );

  app.get('/site/list', { schema: { response: { 200: Reply(SiteList) } } }, async (req) => {
    assertAdmin(requireUser(req));
    return ok(req, { site_list: await listSites(accounts.db) });
  });

  app.post('/site/create', { schema: { body: CreateSiteBody, response: { 200: Reply(SiteInfo) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await createSite(accounts.db, req.body));
  });

  app.post('/site/update', { schema: { body: UpdateSiteBody, response: { 200: Reply(SiteInfo) } } }, async (req) => {
    assertSuperAdmin(requireUser(req));
    return ok(req, await updateSite(accounts.db, req.body));
  });

  // Multipart form: site_id, kind (large|small), then the file (PNG, JPG or SVG, <= 2 MB).
  app.post('/site/upload_logo', async (req) => {
    assertSuperAdmin(requireUser(req));
    const part = await req.file({ limits: { fileSize: LIMITS.logoBytes, files: 1 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    const field = (name: string) => {
      const f = part.fields[name];
      return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
    };
    const siteId = Number(field('site_id'));
    const kind = field('kind') ?? 'large';
    if (!Number.isInteger(siteId) || (kind !== 'large' && kind !== 'small')) throw new AppError('INVALID_PARAMS', 'site_id, kind');
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(part.mimetype)) throw new AppError('LOGO_INVALID');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch {
      throw new AppError('LOGO_INVALID');
    }
    await saveLogo(accounts.db, siteId, kind as LogoKind, part.mimetype, bytes);
    return ok(req, { logo_url: `/api/v1.0/site/logo/${siteId}/${kind}` });
  });

  app.get('/site/logo/:siteId/:kind', { config: { auth: 'ignore' }, schema: { params: LogoParams } }, async (req, reply) => {
    const logo = await readLogo(accounts.db, req.params.siteId, req.params.kind);
    if (!logo) return sendCode(req, reply, 'NOT_FOUND');
    return reply.type(logo.mime).header('cache-control', 'public, max-age=300').send(logo.bytes);
  });
};
