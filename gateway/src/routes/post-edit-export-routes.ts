/**
 * Post-editing exports (`/api/v1.0/post_edit/export`, `export_query`, `export_download/{id}`):
 * the edited document in its original format, TMX, XLIFF 1.2 or a bilingual DOCX, written by a
 * document worker (the gateway never writes documents). Guarded like every post-editing call;
 * only the owner sees an export (44074), and only a finished one downloads (44075).
 */
import type { PlanOf } from '@mtp/language';
import { PeExportBody, PeExportCreated, PeExportQuery, PeExportState, Reply } from '@mtp/proto';
import { createPeExport, peExportDownload, queryPeExport, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../plugins/envelope';
import { requirePostEditor } from './post-edit-access';
import { contentDisposition } from './transfer-routes';

export type PostEditExportRouteDeps = { docs: DocDeps; planOf: PlanOf };

const DownloadParams = Type.Object({ export_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const postEditExportRoutes: FastifyPluginAsyncTypebox<PostEditExportRouteDeps> = async (app, { docs, planOf }) => {
  app.post('/post_edit/export', { schema: { body: PeExportBody, response: { 200: Reply(PeExportCreated) } } }, async (req) => {
    const actor = await requirePostEditor(req, docs.db, planOf);
    return ok(req, await createPeExport(docs, actor.userId, req.body));
  });

  app.get('/post_edit/export_query', { schema: { querystring: PeExportQuery, response: { 200: Reply(PeExportState) } } }, async (req) => {
    const actor = await requirePostEditor(req, docs.db, planOf);
    return ok(req, await queryPeExport(docs.db, actor.userId, req.query.export_id, req.lang));
  });

  app.get('/post_edit/export_download/:export_id', { schema: { params: DownloadParams } }, async (req, reply) => {
    const actor = await requirePostEditor(req, docs.db, planOf);
    const file = await peExportDownload(docs.db, actor.userId, req.params.export_id);
    const stream = await docs.storage.get(file.key);
    return reply.type(file.contentType).header('content-disposition', contentDisposition(file.name)).send(stream);
  });
};
