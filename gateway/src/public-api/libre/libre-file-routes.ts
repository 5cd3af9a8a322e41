/**
 * `POST /translate_file` and the link it answers, `GET /download_file/<id>/<name>`.
 *
 * LibreTranslate translates a file within the request and answers `{translatedFileUrl}`; its
 * page then downloads that URL with a plain link (no key). Here the file goes through the
 * document pipeline (submitDocuments, the document and MT workers) like a site upload, and the
 * call waits for it, at most FILE_WAIT_MS: a file done (or refused) in that time is answered as
 * LibreTranslate would; a longer one is answered with its link anyway, and the link says "still
 * being translated" (400) until the file is done. Why bounded: a request held for the whole of
 * a 200 MB file would outlive proxies' read time-outs and hold a connection per file; clients
 * of LibreTranslate expect the link in the answer, so the link is what the wait gives up to.
 *
 * The key: LibreTranslate's page sends the file before `api_key`, so the key is read once the
 * form is read (the file streamed into storage meanwhile, never held in memory) and a refused
 * call deletes what it stored. Files need a key (documents are charged to a user); a free
 * visitor is told so (400, as LibreTranslate asks for a key).
 */
import type { AccountsDeps, ApiCaller } from '@mtp/accounts';
import {
  AppError,
  CODES,
  DOC_EXTENSIONS,
  LibreDownloadParams,
  LibreError as LibreErrorSchema,
  LibreTranslateFileAnswer,
  type CodeName,
} from '@mtp/proto';
import { docResultOfProject, docSourceKey, docTaskPrefix, submitDocuments, type DocDeps, type UploadedFile } from '@mtp/tasks';
import type { Db } from '@mtp/platform';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { receiveUpload } from '../../routes/doc-upload';
import { contentDisposition } from '../../routes/transfer-routes';
import { apiCallerFromLibreKey } from '../api-caller';
import { LibreError } from './libre-errors';
import { FILE_ENDED, waitForFileEnd } from '../wait-for-file';
import { ourLanguage, ourSource } from './libre-languages';

/** How long `/translate_file` waits for its file before it answers the link of a file still in work. */
export const FILE_WAIT_MS = 120_000;

const ERRORS = { 400: LibreErrorSchema, 403: LibreErrorSchema, 429: LibreErrorSchema, 500: LibreErrorSchema };
const CODE_NAMES = new Map(Object.entries(CODES).map(([name, entry]) => [entry.code, name as CodeName]));

/** The form's fields and its one file, streamed into the task's storage (routes/doc-upload.ts). */
async function receiveForm(
  req: FastifyRequest,
  docs: DocDeps,
  taskId: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!req.isMultipart()) throw new LibreError(400, 'missing', 'file');
  const { fields, files } = await receiveUpload(req, docs.storage, (projectId, ext) => docSourceKey(taskId, projectId, ext), { files: 1 });
  return { fields, file: files[0] ?? null };
}

/** The file's refusal as the AppError of its code (its message, LibreTranslate's status for it). */
function refusalOf(code: number): AppError {
  return new AppError(CODE_NAMES.get(code) ?? 'FILE_TRANSLATION_FAILED');
}

/** Waits until the file ends or FILE_WAIT_MS pass (or the caller hangs up); a refusal throws. */
async function waitForFile(db: Db, req: FastifyRequest, projectId: string): Promise<void> {
  const file = await waitForFileEnd(() => docResultOfProject(db, projectId), {
    deadlineMs: FILE_WAIT_MS,
    abandoned: () => req.socket.destroyed,
  });
  if (file.status !== 'done' && FILE_ENDED.has(file.status)) throw refusalOf(file.code);
}

export type LibreFileRouteDeps = { db: Db; accounts: AccountsDeps; docs: DocDeps };

export const libreFileRoutes: FastifyPluginAsyncTypebox<LibreFileRouteDeps> = async (app, { db, docs }) => {
  app.post(
    '/translate_file',
    {
      schema: {
        summary: 'Translate a file (LibreTranslate)',
        description: `LibreTranslate's \`/translate_file\`: multipart \`file\`, \`source\` (a language; files are not detected), \`target\`, \`api_key\` (required: files are charged to the key's owner). Formats: ${DOC_EXTENSIONS.join(', ')}; at most 200 MB. Answers \`{translatedFileUrl}\` once the file is translated, or after ${FILE_WAIT_MS / 1000} s with the link of a file still in work (the link then answers 400 until it is done). The link needs no key and lasts 24 hours.`,
        consumes: ['multipart/form-data'],
        response: { 200: LibreTranslateFileAnswer, ...ERRORS },
      },
    },
    async (req) => {
      const taskId = randomUUID();
      let file: UploadedFile;
      let caller: ApiCaller;
      let form: { src_lang: ReturnType<typeof ourLanguage>; tgt_lang: ReturnType<typeof ourLanguage> };
      try {
        const received = await receiveForm(req, docs, taskId);
        const { fields } = received;
        // The key's check of api-caller.ts, by hand: a multipart body is read only here.
        const found = await apiCallerFromLibreKey(db, fields.api_key || (req.query as { api_key?: string } | undefined)?.api_key);
        if (!found) throw new LibreError(400, 'keyNeeded');
        caller = found;
        if (!received.file) throw new LibreError(400, 'missing', 'file');
        if (!fields.source) throw new LibreError(400, 'missing', 'source');
        if (!fields.target) throw new LibreError(400, 'missing', 'target');
        const src = ourSource(fields.source);
        if (src === 'auto') throw new LibreError(400, 'fileSourceNeeded');
        form = { src_lang: src, tgt_lang: ourLanguage(fields.target) };
        file = received.file;
      } catch (err) {
        await docs.storage.deletePrefix(docTaskPrefix(taskId)).catch((e) => req.log.error({ err: e }, 'deleting a refused upload failed'));
        throw err;
      }
      await submitDocuments(
        docs,
        { userId: caller.userId, role: caller.role },
        taskId,
        { ...form, mode: 0, translate_pictures: false, domain: 'general' },
        [file],
        { via: 'api' },
      );
      await waitForFile(db, req, file.projectId);
      const origin = `${req.protocol}://${req.host}`;
      return { translatedFileUrl: `${origin}/download_file/${file.projectId}/${encodeURIComponent(file.fileName)}` };
    },
  );

  app.get(
    '/download_file/:id/:name',
    {
      schema: {
        summary: 'Download a translated file (LibreTranslate)',
        description:
          'The `translatedFileUrl` of `/translate_file`: the file; `{"error"}` 400 while it is still being translated, 404 past its 24 hours. The id is the permission (no key).',
        params: LibreDownloadParams,
      },
    },
    async (req, reply) => {
      const file = await docResultOfProject(db, req.params.id);
      if (!FILE_ENDED.has(file.status)) throw new LibreError(400, 'fileNotReady');
      if (file.status !== 'done' || !file.key || !file.name) throw refusalOf(file.code);
      const stream = await docs.storage.get(file.key);
      return reply.type('application/octet-stream').header('content-disposition', contentDisposition(file.name)).send(stream);
    },
  );
};
