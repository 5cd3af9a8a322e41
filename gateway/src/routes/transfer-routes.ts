/**
 * Import and export of translation memories and termbases (`/api/v1.0/tm/es_save_file`,
 * `/api/v1.0/term/upload_term_file`, `/api/v1.0/tm_term/es_export_all/...`,
 * `/api/v1.0/tm_term/es_export_choice`). Imports are multipart forms with exactly one file
 * (`tm_file` / `term_file`, format by extension, at most 200 MB) beside the bank's fields; the
 * upload is streamed to a temporary file, so fields after the file are read and a second file is
 * refused before anything is imported, then the file is streamed into the parser. Exports answer
 * the file itself (Content-Disposition attachment); errors still answer the envelope.
 */
import { assertImportFormat, exportEntries, importEntries, importFormatOf, type ExportFile, type Flag, type PlanOf } from '@mtp/language';
import type { Db } from '@mtp/platform';
import { AppError, ExportAllParams, ExportAllQuery, ExportChoiceBody, ImportResult, LANGUAGES, Reply } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export type TransferRouteDeps = { db: Db; planOf: PlanOf };

export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const ONE_FILE_MESSAGE = { zh_CN: '导入时只能上传一个文件', en_US: 'Only one file can be uploaded for imports' } as const;
const TOO_LARGE_MESSAGE = { zh_CN: '最大 200 MB', en_US: 'at most 200 MB' } as const;

type Upload = { fields: Record<string, string>; filename: string; path: string };

/** Reads the whole form: its fields and its one file, spooled to `dir`. */
async function readUpload(req: FastifyRequest, dir: string): Promise<Upload> {
  const fields: Record<string, string> = {};
  let upload: { filename: string; path: string } | undefined;
  let tooLarge = false;
  let extraFile = false;
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (upload || extraFile) {
      extraFile = true;
      part.file.resume();
      continue;
    }
    const path = join(dir, 'upload');
    try {
      await pipeline(part.file, createWriteStream(path));
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', TOO_LARGE_MESSAGE);
      throw err;
    }
    if (part.file.truncated) tooLarge = true;
    upload = { filename: part.filename, path };
  }
  if (extraFile) throw new AppError('FILE_REQUIRED', ONE_FILE_MESSAGE);
  if (tooLarge) throw new AppError('FILE_TOO_LARGE', TOO_LARGE_MESSAGE);
  if (!upload || !upload.filename) throw new AppError('FILE_REQUIRED');
  return { fields, ...upload };
}

function intField(fields: Record<string, string>, name: string, values?: number[]): number {
  const n = Number(fields[name]);
  if (fields[name] === undefined || fields[name] === '' || !Number.isInteger(n) || n < 0 || (values && !values.includes(n))) {
    throw new AppError('INVALID_PARAMS', `body.${name}`);
  }
  return n;
}

function langField(fields: Record<string, string>, name: string): string | undefined {
  const v = fields[name]?.trim();
  if (!v) return undefined;
  if (!(LANGUAGES as readonly string[]).includes(v)) throw new AppError('INVALID_PARAMS', `body.${name}`);
  return v;
}

export const transferRoutes: FastifyPluginAsyncTypebox<TransferRouteDeps> = async (app, { db, planOf }) => {
  const importRoute = (flag: Flag) => async (req: FastifyRequest) => {
    const actor = requireUser(req);
    const dir = await mkdtemp(join(tmpdir(), 'mtp-import-'));
    try {
      const upload = await readUpload(req, dir);
      const format = importFormatOf(upload.filename);
      assertImportFormat(flag, format);
      const result = await importEntries(db, actor, planOf, {
        flag,
        systemOrIndividual: intField(upload.fields, 'system_or_individual', [0, 1]),
        bankId: intField(upload.fields, 'bank_id'),
        srcLang: langField(upload.fields, 'src_lang'),
        tgtLang: langField(upload.fields, 'tgt_lang'),
        format,
        stream: createReadStream(upload.path, { highWaterMark: 256 * 1024 }),
      });
      return ok(req, result);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  // Multipart forms: system_or_individual, bank_id, src_lang, tgt_lang, tow_way?, domain?, then the file.
  app.post('/tm/es_save_file', { schema: { response: { 200: Reply(ImportResult) } } }, importRoute(0));
  app.post('/term/upload_term_file', { schema: { response: { 200: Reply(ImportResult) } } }, importRoute(1));

  app.get(
    '/tm_term/es_export_all/:systemOrIndividual/:flag',
    { schema: { params: ExportAllParams, querystring: ExportAllQuery } },
    async (req, reply) => {
      const file = await exportEntries(db, requireUser(req), {
        flag: req.params.flag as Flag,
        systemOrIndividual: req.params.systemOrIndividual,
        bankId: req.query.bank_id,
        format: req.query.format || (req.params.flag === 0 ? 'tmx' : 'csv'),
      });
      return sendFile(reply, file);
    },
  );

  app.post('/tm_term/es_export_choice', { schema: { body: ExportChoiceBody } }, async (req, reply) => {
    const file = await exportEntries(db, requireUser(req), {
      flag: req.body.flag as Flag,
      systemOrIndividual: req.body.system_or_individual,
      bankId: req.body.bank_id,
      entryIds: req.body.choices,
      format: req.body.format || (req.body.flag === 0 ? 'tmx' : 'csv'),
    });
    return sendFile(reply, file);
  });
};

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply.type(file.contentType).header('content-disposition', contentDisposition(file.filename)).send(file.stream);
}
