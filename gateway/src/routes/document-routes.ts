/**
 * Document translation (`/api/v1.0/request_translate/doc/...`, ARCHITECTURE conventions):
 * `create` streams each file part straight into object storage (nothing held whole in memory;
 * at most 200 MB a file, 5 files a batch), reads the fields in any order, then submits the
 * batch; `query` answers progress; `download/{projectId}` streams a result; `interrupt` stops
 * a task; `retry` starts its interrupted files again; `estimate` prices a batch before it starts; `my_files` lists and deletes My Documents. Any refusal deletes what was uploaded.
 */
import { DOC_EXTENSIONS, docOptionsOf, LIMITS } from '@mtp/proto';
import {
  AppError,
  DocCreateForm,
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
  type UploadedFile,
} from '@mtp/tasks';
import { siteById } from '@mtp/accounts';
import { remaining } from '@mtp/billing';
import { StorageLimitError } from '@mtp/platform';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { contentDisposition } from './transfer-routes';

export type DocumentRouteDeps = { docs: DocDeps };

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The form's fields checked against its proto schema; a bad one is named (e.g. `mode`). */
function formOf(fields: Record<string, string>): DocForm {
  const trimmed = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()]));
  if (!Value.Check(DocCreateForm, trimmed)) {
    const first = [...Value.Errors(DocCreateForm, trimmed)][0];
    const field =
      first?.instancePath.replace(/^\//, '') ||
      String((first?.params as { requiredProperties?: string[] })?.requiredProperties?.[0] ?? 'form');
    throw new AppError('INVALID_PARAMS', field);
  }
  return docOptionsOf(trimmed);
}

/** Past `budget` bytes in all (a cost estimate's cap), the upload stops: no estimate is given. */
class OverBudget extends Error {}

/**
 * Streams every file part into storage (`keyOf`: a task's source key, or an estimate's temporary
 * key); answers the fields and files. With a `budget`, more bytes than that in all throw OverBudget.
 */
async function receiveUpload(req: FastifyRequest, docs: DocDeps, keyOf: (projectId: string, ext: string) => string, budget?: number) {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let used = 0;
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const parts = req.parts({ limits: { fileSize: LIMITS.docBytes + 1, files: LIMITS.docFilesPerBatch + 1, fields: 20 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (files.length >= LIMITS.docFilesPerBatch) {
      part.file.resume();
      throw new AppError('FILE_TOO_MANY');
    }
    const fileName = part.filename || 'document';
    const ext = extensionOf(fileName);
    if (!(DOC_EXTENSIONS as readonly string[]).includes(ext)) {
      part.file.resume();
      throw new AppError('FILE_FORMAT_UNKNOWN', fileName);
    }
    const projectId = randomUUID();
    const key = keyOf(projectId, ext);
    const left = budget === undefined ? LIMITS.docBytes : Math.min(LIMITS.docBytes, budget - used);
    try {
      const { bytes } = await docs.storage.put(key, part.file, { maxBytes: left });
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', `${fileName}: at most 200 MB`);
      files.push({ projectId, fileName, ext, key, bytes });
      used += bytes;
    } catch (err) {
      if (err instanceof StorageLimitError && left < LIMITS.docBytes) throw new OverBudget();
      if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', `${fileName}: at most 200 MB`);
      }
      throw err;
    }
  }
  return { fields, files };
}

export const documentRoutes: FastifyPluginAsyncTypebox<DocumentRouteDeps> = async (app, { docs }) => {
  app.post('/request_translate/doc/create', { schema: { response: { 200: Reply(DocCreateData) } } }, async (req) => {
    const user = requireUser(req);
    const taskId = randomUUID();
    let upload: Awaited<ReturnType<typeof receiveUpload>>;
    let form: DocForm;
    try {
      upload = await receiveUpload(req, docs, (projectId, ext) => docSourceKey(taskId, projectId, ext));
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
        const upload = await receiveUpload(req, docs, keyOf, LIMITS.docEstimateBytes);
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
