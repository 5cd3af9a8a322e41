/**
 * Document translation (`/api/v1.0/request_translate/doc/...`, ARCHITECTURE conventions):
 * `create` streams each file part straight into object storage (doc-upload.ts: nothing held whole
 * in memory; at most 200 MB a file, 5 files a batch), reads the fields in any order, then submits the
 * batch; `query` answers progress; `download/{projectId}` streams a result; `interrupt` stops
 * a task; `retry` starts its interrupted files again; `estimate` prices a batch before it starts; `my_files` lists and deletes My Documents. Any refusal deletes what was uploaded.
 */
import { LIMITS } from '@mtp/proto';
import {
  AppError,
  DeleteMyFilesBody,
  DocCreateData,
  DocEstimateData,
  DocDownloadParams,
  DocInterruptBody,
  DocRetryBody,
  DocRetryData,
  DocQueryData,
  DocQueryQuery,
  MyFilesData,
  MyFilesQuery,
  Reply,
} from '@mtp/proto';
import {
  deleteMyFiles,
  docDownload,
  docEstimateKey,
  docEstimatePrefix,
  docSourceKey,
  estimateDocuments,
  docTaskPrefix,
  interruptDocTask,
  listMyFiles,
  queryDocTask,
  retryDocFiles,
  submitDocuments,
  type DocDeps,
  type DocEstimate,
  type DocForm,
} from '@mtp/tasks';
import { siteById } from '@mtp/accounts';
import { remaining } from '@mtp/billing';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { contentDisposition } from './transfer-routes';
import { formOf, OverBudget, receiveUpload } from './doc-upload';

export type DocumentRouteDeps = { docs: DocDeps };

export const documentRoutes: FastifyPluginAsyncTypebox<DocumentRouteDeps> = async (app, { docs }) => {
  app.post('/request_translate/doc/create', { schema: { response: { 200: Reply(DocCreateData) } } }, async (req) => {
    const user = requireUser(req);
    const taskId = randomUUID();
    let upload: Awaited<ReturnType<typeof receiveUpload>>;
    let form: DocForm;
    try {
      upload = await receiveUpload(req, docs.storage, (projectId, ext) => docSourceKey(taskId, projectId, ext));
      if (upload.files.length === 0) throw new AppError('FILE_REQUIRED');
      form = formOf(upload.fields);
    } catch (err) {
      // A refusal during the upload: what was stored so far goes. (Submitting cleans up after itself.)
      // What is left (the storage failed too) is deleted by the sweeper as an orphaned upload.
      await docs.storage.deletePrefix(docTaskPrefix(taskId)).catch((e) => req.log.error({ err: e }, 'deleting a refused upload failed'));
      throw err;
    }
    await submitDocuments(docs, { userId: user.userId, role: user.role }, taskId, form, upload.files);
    // do_cat follows the caller's site: 1 where the site sends results to post-editing (CAT).
    const site = await siteById(docs.db, user.siteId);
    return ok(req, { task_id: taskId, do_cat: site.site_config.do_cat ? 1 : 0 });
  });

  // The cost before starting: the same form and checks as create, priced by the document
  // workers; no task, no trial, nothing reserved, and the files stored for it always deleted.
  app.post('/request_translate/doc/estimate', { schema: { response: { 200: Reply(DocEstimateData) } } }, async (req) => {
    const user = requireUser(req);
    const estimateId = randomUUID();
    let files = 0;
    const keyOf = (_projectId: string, ext: string) => docEstimateKey(estimateId, files++, ext);
    try {
      let estimate: DocEstimate;
      try {
        const upload = await receiveUpload(req, docs.storage, keyOf, { budget: LIMITS.docEstimateBytes });
        if (upload.files.length === 0) throw new AppError('FILE_REQUIRED');
        estimate = await estimateDocuments(docs, formOf(upload.fields), upload.files, req.lang);
      } catch (err) {
        if (!(err instanceof OverBudget)) throw err;
        estimate = { estimated: false, files: [], total_chars: 0 };
      }
      const { total_left } = await remaining(docs.db, user.userId);
      return ok(req, { ...estimate, chars_left: total_left });
    } finally {
      await docs.storage
        .deletePrefix(docEstimatePrefix(estimateId))
        .catch((e) => req.log.error({ err: e }, 'deleting an estimate upload failed'));
    }
  });

  app.get('/request_translate/doc/query', { schema: { querystring: DocQueryQuery, response: { 200: Reply(DocQueryData) } } }, async (req) =>
    ok(req, await queryDocTask(docs.db, requireUser(req).userId, req.query.task_id, req.lang)),
  );

  app.post(
    '/request_translate/doc/interrupt',
    { schema: { body: DocInterruptBody, response: { 200: Reply(Type.Object({ interrupted: Type.Integer() })) } } },
    async (req) => ok(req, await interruptDocTask(docs, requireUser(req).userId, req.body.task_id)),
  );

  // "Start again": interrupted files (and those failed for a cause a new run cures) from their stored source.
  app.post('/request_translate/doc/retry', { schema: { body: DocRetryBody, response: { 200: Reply(DocRetryData) } } }, async (req) => {
    const user = requireUser(req);
    return ok(req, await retryDocFiles(docs, { userId: user.userId, role: user.role }, req.body.task_id, req.body.project_ids));
  });

  app.get('/request_translate/doc/download/:projectId', { schema: { params: DocDownloadParams } }, async (req, reply) => {
    const { key, name } = await docDownload(docs.db, requireUser(req).userId, req.params.projectId);
    const stream = await docs.storage.get(key);
    return reply.type('application/octet-stream').header('content-disposition', contentDisposition(name)).send(stream);
  });

  app.get(
    '/request_translate/doc/my_files',
    { schema: { querystring: MyFilesQuery, response: { 200: Reply(MyFilesData) } } },
    async (req) => ok(req, await listMyFiles(docs.db, requireUser(req).userId, req.query, req.lang)),
  );

  app.delete(
    '/request_translate/doc/my_files',
    { schema: { body: DeleteMyFilesBody, response: { 200: Reply(Type.Object({ deleted: Type.Integer() })) } } },
    async (req) => ok(req, await deleteMyFiles(docs, requireUser(req).userId, req.body.project_ids)),
  );
};
