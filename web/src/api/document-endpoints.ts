/**
 * The calls of proto/src/documents.ts: estimate a batch's cost, create a task (multipart upload
 * with progress and abort), query it, interrupt it, download a result, and My Documents (list, delete).
 * The upload goes through `uploadWithProgress` (progress-upload.ts).
 */
import {
  CODES,
  type DeleteMyFilesBody,
  type DocCreateData,
  type DocEstimateData,
  type DocQueryData,
  type DocRetryData,
  type MyFilesData,
  type MyFilesQuery,
} from '@mtp/proto';
import type { DocForm } from '../documents/doc-task-types';
import { api } from './instance';
import { uploadWithProgress } from './progress-upload';
import { download } from './transfer';

export const DOC_PATHS = {
  create: 'request_translate/doc/create',
  estimate: 'request_translate/doc/estimate',
  query: 'request_translate/doc/query',
  interrupt: 'request_translate/doc/interrupt',
  retry: 'request_translate/doc/retry',
  download: (projectId: string) => `request_translate/doc/download/${encodeURIComponent(projectId)}`,
  myFiles: 'request_translate/doc/my_files',
} as const;

export const MY_FILES_PAGE_SIZE = 10;

/** The multipart form of doc/create: one `files` part per file, then the fields as strings. */
export function docCreateForm(files: readonly Blob[], form: DocForm, names?: readonly string[]): FormData {
  const data = new FormData();
  files.forEach((file, i) => data.append('files', file, names?.[i] ?? (file as File).name));
  data.set('src_lang', form.src);
  data.set('tgt_lang', form.tgt);
  data.set('mode', String(form.mode));
  data.set('translate_pictures', form.translatePictures ? '1' : '0');
  if (form.domain) data.set('domain', form.domain);
  return data;
}

/** Uploads the files; `onProgress` gets 0..100; aborting the signal aborts the request. */
export async function createDocTask(
  files: readonly File[],
  form: DocForm,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<DocCreateData> {
  return uploadWithProgress<DocCreateData>(DOC_PATHS.create, docCreateForm(files, form), onProgress, signal);
}

/**
 * What the chosen files would cost (`doc/estimate`, the same form as create). A courtesy shown
 * beside the upload: `background`, and the refusals the page already shows (same languages, an
 * unserved pair, a refused file) are not toasted again; any failure just means no estimate.
 */
export function estimateDocCost(files: readonly Blob[], form: DocForm, signal?: AbortSignal): Promise<DocEstimateData> {
  const quietCodes = [
    'SAME_LANGUAGE',
    'PAIR_UNAVAILABLE',
    'INVALID_PARAMS',
    'FILE_FORMAT_UNKNOWN',
    'FILE_TOO_MANY',
    'FILE_TOO_LARGE',
    'FILE_REQUIRED',
  ] as const;
  return api.post<DocEstimateData>(DOC_PATHS.estimate, docCreateForm(files, form), {
    signal,
    background: true,
    expectedCodes: quietCodes.map((name) => CODES[name].code),
  });
}

export function queryDocTask(taskId: string): Promise<DocQueryData> {
  return api.get<DocQueryData>(DOC_PATHS.query, { task_id: taskId });
}

export function interruptDocTask(taskId: string): Promise<unknown> {
  return api.post(DOC_PATHS.interrupt, { task_id: taskId });
}

/** "Start again": the task's interrupted files (or only `projectIds`) run again from their stored source. */
export function retryDocTask(taskId: string, projectIds?: readonly string[]): Promise<DocRetryData> {
  return api.post<DocRetryData>(DOC_PATHS.retry, projectIds ? { task_id: taskId, project_ids: [...projectIds] } : { task_id: taskId });
}

/** Saves one translated file; the name comes from the answer, else `result_name`. */
export function downloadDocResult(projectId: string, resultName: string | null): Promise<void> {
  return download(DOC_PATHS.download(projectId), { fallbackName: resultName ?? undefined });
}

export function fetchMyFiles(query: MyFilesQuery): Promise<MyFilesData> {
  return api.get<MyFilesData>(DOC_PATHS.myFiles, { page_size: MY_FILES_PAGE_SIZE, ...query });
}

export function deleteMyFiles(body: DeleteMyFilesBody): Promise<unknown> {
  return api.request(DOC_PATHS.myFiles, { method: 'DELETE', body });
}
