/**
 * DeepL's documents on the document tasks (services/tasks): `POST /v2/document` streams the one
 * `file` part into storage and submits a task of that file; `document_id` is the task id and
 * `document_key` the file's project id (random; asking with the wrong key is 404, as for an
 * unknown document). Status maps the file's state (queued / translating / done, failed and
 * interrupted are `error`); the result streams the translated file, 503 until it is ready.
 * Documents need `source_lang` (nothing here detects a file's language before it is read).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppError,
  DeeplDocumentForm,
  DeeplDocumentHandle,
  DeeplDocumentKeyBody,
  DeeplDocumentParams,
  DeeplDocumentStatus,
  DeeplError,
} from '@mtp/proto';
import { docDownload, docSourceKey, docTaskPrefix, queryDocTask, submitDocuments, type DocDeps } from '@mtp/tasks';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { receiveUpload } from '../../routes/doc-upload';
import { contentDisposition } from '../../routes/transfer-routes';
import { requireApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { DeeplRefusal, deeplNotFound } from './deepl-errors';
import { sourceLanguageOf, targetLanguageOf } from './deepl-languages';
import { glossaryBank } from './deepl-text-routes';

const DEEPL_AUTH = { apiAuth: 'deepl' as const };
const ERRORS = { 400: DeeplError, 403: DeeplError, 404: DeeplError, 413: DeeplError, 429: DeeplError, 456: DeeplError, 503: DeeplError };

const badRequest = (en: string, zh: string) => new DeeplRefusal(400, { en_US: en, zh_CN: zh });

/** The form's fields and its one file, streamed straight into the task's storage (routes/doc-upload.ts). */
async function receiveDocument(req: FastifyRequest, docs: DocDeps, taskId: string) {
  if (!req.isMultipart()) throw badRequest("Parameter 'file' not specified.", "缺少参数 'file'。");
  const { fields, files } = await receiveUpload(req, docs.storage, (projectId, ext) => docSourceKey(taskId, projectId, ext), { files: 1 });
  return { fields, file: files[0] ?? null };
}

/** The document task and its file, when `document_key` is the file's key. */
async function documentOf(docs: DocDeps, req: FastifyRequest, userId: number, documentId: string, documentKey: string) {
  if (!/^[0-9a-f-]{36}$/i.test(documentId)) throw deeplNotFound('document');
  const task = await queryDocTask(docs.db, userId, documentId, req.lang).catch((err: unknown) => {
    throw err instanceof AppError ? deeplNotFound('document') : err;
  });
  const file = task.translate_list[0];
  if (!file || file.projectId !== documentKey) throw deeplNotFound('document');
  return { task, file };
}

export const deeplDocumentRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  const needDocs = (): DocDeps => {
    if (!deps.docs)
      throw new DeeplRefusal(503, { en_US: 'Document translation is not available on this server.', zh_CN: '本服务器不提供文档翻译。' });
    return deps.docs;
  };

  app.post(
    '/document',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Upload a document (DeepL v2)',
        description:
          'Multipart: `file` and the fields `source_lang` (required here), `target_lang`, optional `glossary_id`; ' +
          '`formality` and `filename` are accepted. Answers the handle to poll and download with.',
        consumes: ['multipart/form-data'],
        response: { 200: DeeplDocumentHandle, ...ERRORS },
      },
    },
    async (req) => {
      const docs = needDocs();
      const caller = requireApiCaller(req);
      const taskId = randomUUID();
      try {
        const { fields, file } = await receiveDocument(req, docs, taskId);
        if (!file) throw badRequest("Parameter 'file' not specified.", "缺少参数 'file'。");
        if (!Value.Check(DeeplDocumentForm, fields)) {
          const missing = !fields.target_lang ? 'target_lang' : 'source_lang';
          throw badRequest(
            `Value for '${missing}' not provided (documents need source_lang here).`,
            `缺少 '${missing}'（本服务器的文档翻译需要 source_lang）。`,
          );
        }
        const src = sourceLanguageOf(fields.source_lang!);
        const tgt = targetLanguageOf(fields.target_lang!);
        // A glossary is checked like translate's (the document path applies the owner's termbases).
        if (fields.glossary_id) await glossaryBank(deps, caller, fields.glossary_id, src, tgt);
        const form = { src_lang: src, tgt_lang: tgt, mode: 0 as const, translate_pictures: false, domain: 'general' as const };
        await submitDocuments(docs, { userId: caller.userId, role: caller.role }, taskId, form, [file], { via: 'api' });
        return { document_id: taskId, document_key: file.projectId };
      } catch (err) {
        await docs.storage
          .deletePrefix(docTaskPrefix(taskId))
          .catch((e: unknown) => req.log.error({ err: e }, 'deleting a refused upload failed'));
        throw err;
      }
    },
  );

  app.post(
    '/document/:document_id',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Document status (DeepL v2)',
        description: '`status` queued, translating, done or error; `seconds_remaining` is a rough estimate; `billed_characters` once done.',
        params: DeeplDocumentParams,
        body: DeeplDocumentKeyBody,
        response: { 200: DeeplDocumentStatus, ...ERRORS },
      },
    },
    async (req): Promise<DeeplDocumentStatus> => {
      const caller = requireApiCaller(req);
      const { file } = await documentOf(needDocs(), req, caller.userId, req.params.document_id, req.body.document_key);
      const document_id = req.params.document_id;
      if (file.status === 'done') return { document_id, status: 'done', billed_characters: file.chars };
      if (file.status === 'failed' || file.status === 'interrupted') return { document_id, status: 'error', error_message: file.message };
      if (file.status === 'queued') return { document_id, status: 'queued' };
      return { document_id, status: 'translating', seconds_remaining: Math.max(1, Math.round((100 - file.score) / 5)) };
    },
  );

  app.post(
    '/document/:document_id/result',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Download a translated document (DeepL v2)',
        description: 'The translated file; 503 until the translation is done. It stays downloadable until the task expires.',
        params: DeeplDocumentParams,
        body: DeeplDocumentKeyBody,
        response: { 200: Type.Any(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const docs = needDocs();
      const { file } = await documentOf(docs, req, caller.userId, req.params.document_id, req.body.document_key);
      if (file.status !== 'done') throw new DeeplRefusal(503, { en_US: 'Document not ready.', zh_CN: '文档尚未翻译完成。' });
      const { key, name } = await docDownload(docs.db, caller.userId, file.projectId);
      const stream = await docs.storage.get(key);
      return reply.type('application/octet-stream').header('content-disposition', contentDisposition(name)).send(stream);
    },
  );
};
