/**
 * Bulletins, the FAQ and the user terms (proto/src/content.ts). The public calls are on the
 * spec's whitelist; the `admin/...` calls take administrators and managers (checked before the
 * body is validated, so any other caller gets 42000 whatever it sends), and the domain narrows
 * further: managers reach their own site's bulletins only, the FAQ and the terms are the
 * administrators'. Every change writes its system-log line in the same transaction.
 */
import {
  actorOf,
  assertAdmin,
  createBulletin,
  createFaq,
  deleteBulletins,
  deleteFaq,
  listBulletins,
  listFaq,
  listFaqForEditing,
  listLiveBulletins,
  publishTerms,
  readTerms,
  readTermsForEditing,
  resolveSite,
  saveTermsText,
  updateBulletin,
  updateFaq,
  type ContentEditor,
} from '@mtp/accounts';
import type { Db } from '@mtp/platform';
import {
  AdminBulletin,
  AdminBulletinsData,
  AdminBulletinsQuery,
  AdminFaq,
  AdminFaqData,
  AdminTerms,
  CreateBulletinBody,
  CreateFaqBody,
  DeleteIdsBody,
  DOCUMENT_KINDS,
  DocumentData,
  DocumentKindParams,
  NoticeData,
  NoticeQuery,
  Reply,
  SaveTermsBody,
  UpdateBulletinBody,
  UpdateFaqBody,
} from '@mtp/proto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

const Deleted = Type.Object({ deleted: Type.Integer() });

function editorOf(req: FastifyRequest): ContentEditor {
  const ctx = requireUser(req);
  return { ctx, actor: actorOf(ctx, { ip: req.ip, userAgent: req.headers['user-agent'] }) };
}

const publicContentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  // The caller's site: a signed-in user's own; a visitor's is the login page's code, else the main site.
  app.get('/text/get_notice', { schema: { querystring: NoticeQuery, response: { 200: Reply(NoticeData) } } }, async (req) => {
    const siteId = req.auth?.siteId ?? (await resolveSite(db, req.query.site_code)).site_id;
    return ok(req, { notice_list: await listLiveBulletins(db, siteId, req.lang) });
  });

  app.get(
    '/text/notice_or_document_data/:kind',
    { schema: { params: DocumentKindParams, response: { 200: Reply(DocumentData) } } },
    async (req) =>
      ok(
        req,
        req.params.kind === DOCUMENT_KINDS.faq ? { faq_list: await listFaq(db, req.lang) } : { terms: await readTerms(db, req.lang) },
      ),
  );
};

const adminContentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.addHook('preValidation', async (req) => assertAdmin(requireUser(req)));

  app.get('/admin/bulletins', { schema: { querystring: AdminBulletinsQuery, response: { 200: Reply(AdminBulletinsData) } } }, async (req) =>
    ok(req, await listBulletins(db, requireUser(req), req.query)),
  );
  app.post('/admin/bulletins/create', { schema: { body: CreateBulletinBody, response: { 200: Reply(AdminBulletin) } } }, async (req) =>
    ok(req, await createBulletin(db, editorOf(req), req.body)),
  );
  app.post('/admin/bulletins/update', { schema: { body: UpdateBulletinBody, response: { 200: Reply(AdminBulletin) } } }, async (req) =>
    ok(req, await updateBulletin(db, editorOf(req), req.body)),
  );
  app.delete('/admin/bulletins', { schema: { body: DeleteIdsBody, response: { 200: Reply(Deleted) } } }, async (req) =>
    ok(req, await deleteBulletins(db, editorOf(req), req.body.ids)),
  );

  app.get('/admin/faq', { schema: { response: { 200: Reply(AdminFaqData) } } }, async (req) =>
    ok(req, { list: await listFaqForEditing(db, editorOf(req)) }),
  );
  app.post('/admin/faq/create', { schema: { body: CreateFaqBody, response: { 200: Reply(AdminFaq) } } }, async (req) =>
    ok(req, await createFaq(db, editorOf(req), req.body)),
  );
  app.post('/admin/faq/update', { schema: { body: UpdateFaqBody, response: { 200: Reply(AdminFaq) } } }, async (req) =>
    ok(req, await updateFaq(db, editorOf(req), req.body)),
  );
  app.delete('/admin/faq', { schema: { body: DeleteIdsBody, response: { 200: Reply(Deleted) } } }, async (req) =>
    ok(req, await deleteFaq(db, editorOf(req), req.body.ids)),
  );

  app.get('/admin/terms', { schema: { response: { 200: Reply(AdminTerms) } } }, async (req) =>
    ok(req, await readTermsForEditing(db, editorOf(req))),
  );
  app.post('/admin/terms/save', { schema: { body: SaveTermsBody, response: { 200: Reply(AdminTerms) } } }, async (req) =>
    ok(req, await saveTermsText(db, editorOf(req), req.body.content)),
  );
  app.post('/admin/terms/publish', { schema: { body: SaveTermsBody, response: { 200: Reply(AdminTerms) } } }, async (req) =>
    ok(req, await publishTerms(db, editorOf(req), req.body.content)),
  );
};

export const contentRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, opts) => {
  await app.register(publicContentRoutes, opts);
  await app.register(adminContentRoutes, opts);
};
