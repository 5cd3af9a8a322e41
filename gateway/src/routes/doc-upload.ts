/**
 * Document uploads, shared by the site's document calls (document-routes.ts) and the native public
 * API's (public-api/native/native-doc-routes.ts): each file part is streamed straight into object
 * storage (nothing held whole in memory), the fields are read in any order, and a refusal names
 * what was wrong. The caller deletes what was stored when it refuses the upload afterwards.
 */
import { AppError, DOC_EXTENSIONS, DocCreateForm, docOptionsOf, LIMITS } from '@mtp/proto';
import { isStorageFull, StorageLimitError, type ObjectStorage } from '@mtp/platform';
import type { DocForm, UploadedFile } from '@mtp/tasks';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Value } from 'typebox/value';

export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** Where a form check failed: the field, and whether it was missing rather than wrong. */
export type FormProblem = { field: string; missing: boolean };

/** The first problem of the fields against `DocCreateForm`, or null. */
export function docFormProblem(fields: Record<string, string>): FormProblem | null {
  if (Value.Check(DocCreateForm, fields)) return null;
  const first = [...Value.Errors(DocCreateForm, fields)][0];
  const missing = (first?.params as { requiredProperties?: string[] } | undefined)?.requiredProperties?.[0];
  return { field: first?.instancePath.replace(/^\//, '') || missing || 'form', missing: !first?.instancePath && missing !== undefined };
}

/** The fields with their surrounding spaces cut (a form sends what was typed). */
export const trimmedFields = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()]));

/** The form's fields checked against its proto schema; a bad one is named (e.g. `mode`). */
export function formOf(fields: Record<string, string>): DocForm {
  const trimmed = trimmedFields(fields);
  const problem = docFormProblem(trimmed);
  if (problem) throw new AppError('INVALID_PARAMS', problem.field);
  return docOptionsOf(trimmed as DocCreateForm);
}

/** Past `budget` bytes in all (a cost estimate's cap), the upload stops: no estimate is given. */
export class OverBudget extends Error {}

export type UploadLimits = {
  /** Bytes in all (a cost estimate's cap): past it, OverBudget. */
  budget?: number;
  /** Bytes a file (default LIMITS.docBytes, 200 MB). */
  fileBytes?: number;
  /** Files a request (default LIMITS.docFilesPerBatch). */
  files?: number;
};

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * Streams every file part into storage (`keyOf`: a task's source key, or an estimate's temporary
 * key); answers the fields and files. With a `budget`, more bytes than that in all throw OverBudget.
 */
export async function receiveUpload(
  req: FastifyRequest,
  storage: ObjectStorage,
  keyOf: (projectId: string, ext: string) => string,
  limits: UploadLimits = {},
) {
  const fileBytes = limits.fileBytes ?? LIMITS.docBytes;
  const maxFiles = limits.files ?? LIMITS.docFilesPerBatch;
  const { budget } = limits;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let used = 0;
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  const parts = req.parts({ limits: { fileSize: fileBytes + 1, files: maxFiles + 1, fields: 20 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (files.length >= maxFiles) {
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
    const left = budget === undefined ? fileBytes : Math.min(fileBytes, budget - used);
    const tooLarge = () => new AppError('FILE_TOO_LARGE', `${fileName}: at most ${sizeText(fileBytes)}`);
    try {
      const { bytes } = await storage.put(key, part.file, { maxBytes: left });
      if (part.file.truncated) throw tooLarge();
      files.push({ projectId, fileName, ext, key, bytes });
      used += bytes;
    } catch (err) {
      if (err instanceof StorageLimitError && left < fileBytes) throw new OverBudget();
      if (err instanceof StorageLimitError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      // The disk filled under the upload (the partial file is gone): say so, not "server error".
      if (isStorageFull(err)) throw new AppError('STORAGE_FULL', undefined, { cause: err });
      throw err;
    }
  }
  return { fields, files };
}
