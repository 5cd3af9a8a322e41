/**
 * `POST request_translate/doc/estimate` after the upload: what the batch would cost before it
 * starts. The gateway streamed the files under a temporary prefix (`docEstimatePrefix`); here
 * the form's pair is checked as `doc/create` checks it, and each file is priced by a document
 * worker (`doc.estimate`: opened and planned as `doc.prepare` would, nothing kept). The count is
 * the one `onDocPrepared` reserves (sentences' code points, before translation-memory hits);
 * pictures' text is counted only once a picture is read, so a batch translating pictures may
 * cost more. No task, no trial, no reservation: the caller deletes the uploads whatever happens.
 */
import { requestOf } from '@mtp/platform';
import { AppError, BUS, CODES, messageOf, type DocEstimateFile, type UiLang } from '@mtp/proto';
import type { DocDeps, DocForm, UploadedFile } from './doc-deps';
import { checkPair } from './doc-submit';

export type DocEstimate = { estimated: boolean; files: DocEstimateFile[]; total_chars: number };

type EstimateDeps = Pick<DocDeps, 'bus' | 'mt' | 'log'>;

/** No estimate: the page says the cost is counted as the files are opened (as without one). */
export const NO_ESTIMATE: DocEstimate = { estimated: false, files: [], total_chars: 0 };

export async function estimateDocuments(
  deps: EstimateDeps,
  form: DocForm,
  uploads: Pick<UploadedFile, 'fileName' | 'ext' | 'key'>[],
  lang: UiLang,
): Promise<DocEstimate> {
  if (uploads.length === 0) throw new AppError('FILE_REQUIRED');
  await checkPair(deps, form);
  let replies;
  try {
    replies = await Promise.all(
      uploads.map((u) =>
        requestOf(deps.bus, BUS.estimateDocument, {
          file_name: u.fileName,
          ext: u.ext,
          source_key: u.key,
          src_lang: form.src_lang,
          translate_pictures: form.translate_pictures,
        }),
      ),
    );
  } catch (err) {
    // No document worker, or none in time: an estimate is a courtesy, never a reason to refuse.
    deps.log(`documents: estimating a batch failed: ${(err as Error).message}`);
    return NO_ESTIMATE;
  }
  const files = replies.map((reply, i): DocEstimateFile => {
    const name = uploads[i]!.fileName;
    if (reply.outcome === 'ok') return { name, chars: reply.chars };
    return { name, code: CODES[reply.code].code, msg: messageOf(reply.code, lang) };
  });
  return { estimated: true, files, total_chars: files.reduce((n, f) => n + (f.chars ?? 0), 0) };
}
