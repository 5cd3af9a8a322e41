/**
 * The native API's document calls (gateway README "Public API: native calls"), on the document
 * tasks of @mtp/tasks and the upload streaming of routes/doc-upload.ts, charged `via: 'api'`:
 * - `POST open/doc/create` (multipart: 1-5 files and the fields of `OpenDocForm`) -> `task_id`;
 * - `GET open/doc/query?task_id=` -> status, progress 0-100 and each file;
 * - `GET open/doc/download?task_id=&file_id=` -> the translated file;
 * - `POST open/doc/translate` (one file of at most 1 MB) -> the translated file itself, when it is
 *   done within the wait (60 s); past it the task is interrupted (refunded) and 10023 says to use
 *   the asynchronous calls.
 */
import {
  AppError,
  CODES,
  NativeReply,
  OPEN_DOC_SYNC,
  OpenDocCreateData,
  OpenDocDownloadQuery,
  OpenDocQueryData,
  OpenDocQueryQuery,
  type CodeName,
  type DocQueryData,
  type OpenDocQueryData as OpenDocQuery,
} from '@mtp/proto';
import { docDownload, docSourceKey, docTaskPrefix, interruptDocTask, queryDocTask, submitDocuments, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ok } from '../../plugins/envelope';
import { docFormProblem, formOf, receiveUpload, trimmedFields, type UploadLimits } from '../../routes/doc-upload';
import { contentDisposition } from '../../routes/transfer-routes';
import { requireApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { fieldRefusal } from './native-errors';
import { FILE_ENDED, waitForFileEnd } from '../wait-for-file';
import { NATIVE_AUTH } from './native-text-routes';

/** How often the synchronous call looks at its file (the site's pages poll every 2 s; this one waits in-process). */
const SYNC_POLL_MS = 500;
const CODE_NAMES = new Map(Object.entries(CODES).map(([name, entry]) => [entry.code, name as CodeName]));

const MULTIPART_NOTE =
  'A multipart form: the file part(s), `src_lang`, `tgt_lang`, and optionally `domain`, `mode` (0 translation only, ' +
  '1 bilingual by paragraph, 2 bilingual by sentence) and `translate_pictures` (0/1).';

function docsOf(deps: PublicApiDeps): DocDeps {
  if (deps.docs) return deps.docs;
  throw new AppError('API_REQUEST_FAILED', {
    zh_CN: '本服务器未开启文档翻译',
    en_US: 'document translation is not configured on this server',
  });
}

/** Streams the upload into a new task and submits it (charged through the API); the task id. */
async function createTask(req: FastifyRequest, docs: DocDeps, limits: UploadLimits): Promise<string> {
  const caller = requireApiCaller(req);
  const taskId = randomUUID();
  try {
    const upload = await receiveUpload(req, docs.storage, (projectId, ext) => docSourceKey(taskId, projectId, ext), limits);
    if (upload.files.length === 0) throw fieldRefusal('file', true);
    const problem = docFormProblem(trimmedFields(upload.fields));
    if (problem) throw fieldRefusal(problem.field, problem.missing);
    await submitDocuments(docs, { userId: caller.userId, role: caller.role }, taskId, formOf(upload.fields), upload.files, { via: 'api' });
  } catch (err) {
    // Whatever was stored goes (submitting cleans up after itself; this covers the upload).
    await docs.storage.deletePrefix(docTaskPrefix(taskId)).catch((e) => req.log.error({ err: e }, 'deleting a refused upload failed'));
    throw err;
  }
  return taskId;
}

function toOpenQuery(task: DocQueryData): OpenDocQuery {
  const files = task.translate_list.map((f) => ({
    file_id: f.projectId,
    file_name: f.file_name,
    status: f.status,
    message: f.message,
    code: f.code,
    progress: f.score,
    chars: f.chars,
  }));
  const ended = files.every((f) => FILE_ENDED.has(f.status));
  const status = !ended ? 'working' : files.some((f) => f.status === 'done') ? 'done' : 'failed';
  return { task_id: task.task_id, status, progress: task.score, files };
}

async function sendResult(docs: DocDeps, reply: FastifyReply, userId: number, fileId: string) {
  const { key, name } = await docDownload(docs.db, userId, fileId);
  const stream = await docs.storage.get(key);
  return reply.type('application/octet-stream').header('content-disposition', contentDisposition(name)).send(stream);
}

/** A failed file's own code as the error (the handler maps it onto the catalogue). */
function fileFailure(file: { code: number }): AppError {
  const name = CODE_NAMES.get(file.code);
  return new AppError(name && name !== 'OK' ? name : 'FILE_TRANSLATION_FAILED');
}

export const nativeDocRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  const waitMs = deps.docSyncWaitMs ?? OPEN_DOC_SYNC.waitMs;

  app.post(
    '/doc/create',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Translate documents (asynchronous)',
        description: `Starts translating 1-5 documents (each at most 200 MB) and answers the task id at once; poll open/doc/query every few seconds, then download each file. ${MULTIPART_NOTE}`,
        response: { 200: NativeReply(OpenDocCreateData) },
      },
    },
    async (req) => ok(req, { task_id: await createTask(req, docsOf(deps), {}) }),
  );

  app.get(
    '/doc/query',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Document task status',
        description:
          "A task's status (`working`, then `done` when some file is done or `failed` when none is), its progress 0-100 and each file " +
          'with `file_id`, `file_name`, `status` (queued, translating, done, failed, interrupted), `message` (why it failed) and `progress`. ' +
          'Tasks and their files are kept 24 hours.',
        querystring: OpenDocQueryQuery,
        response: { 200: NativeReply(OpenDocQueryData) },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      return ok(req, toOpenQuery(await queryDocTask(docsOf(deps).db, caller.userId, req.query.task_id, req.lang)));
    },
  );

  app.get(
    '/doc/download',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Download a translated document',
        description: 'The translated file of a done `file_id` of the task (application/octet-stream). Before it is done: 10022.',
        querystring: OpenDocDownloadQuery,
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const docs = docsOf(deps);
      const task = await queryDocTask(docs.db, caller.userId, req.query.task_id, req.lang);
      const file = task.translate_list.find((f) => f.projectId === req.query.file_id);
      if (!file) throw new AppError('API_FILE_ID_ERROR');
      if (file.status === 'failed') throw fileFailure(file);
      if (file.status !== 'done') throw new AppError('API_DOC_NOT_READY');
      return sendResult(docs, reply, caller.userId, file.projectId);
    },
  );

  app.post(
    '/doc/translate',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Translate a document (synchronous)',
        description:
          `Translates one document of at most 1 MB and answers the translated file itself (application/octet-stream). ${MULTIPART_NOTE} ` +
          'A file that is not translated within 60 seconds is stopped, nothing is charged, and the answer is 10023: send larger or slower ' +
          'documents to open/doc/create.',
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const docs = docsOf(deps);
      const taskId = await createTask(req, docs, { files: 1, fileBytes: OPEN_DOC_SYNC.maxBytes });
      const fileOf = async () => (await queryDocTask(docs.db, caller.userId, taskId, req.lang)).translate_list[0]!;
      let file = await waitForFileEnd(fileOf, { deadlineMs: waitMs, firstPauseMs: SYNC_POLL_MS, maxPauseMs: SYNC_POLL_MS });
      if (!FILE_ENDED.has(file.status)) {
        await interruptDocTask(docs, caller.userId, taskId);
        // It may have finished meanwhile: then it is charged, and answered.
        file = await fileOf();
        if (file.status !== 'done') throw new AppError('API_DOC_SYNC_TIMEOUT');
      }
      if (file.status !== 'done') throw fileFailure(file);
      return sendResult(docs, reply, caller.userId, file.projectId);
    },
  );
};
