/**
 * `doc.prepare`: one uploaded file opened from storage, checked (format, encryption, zip bombs,
 * the section 5 limits) and cut into sentences. The sentences go to storage for the tasks
 * service (which matches them against memories, reserves their characters and sends them to
 * MT); the opened document stays with this worker, which is now the file's holder.
 * `planUpload` is the opening and planning alone, shared with the cost estimate (`doc.estimate`),
 * so an estimate counts exactly what preparing the same file reports.
 */
import type { DocFailureCode, DocResult, LanguageCode, PrepareDocumentJob } from '@mtp/proto';
import { DocumentError } from '../formats/types';
import { openDocument } from '../pipeline/open-document';
import { planSentences, type SentencePlan } from '../pipeline/sentence-plan';
import { PICTURE_FORMATS } from '../pictures/translate-pictures';
import { failureOf } from './doc-failure';
import type { DocWorkerContext } from './doc-worker-context';

type OpenedDocument = Awaited<ReturnType<typeof openDocument>>['document'];

export type UploadPlan =
  { ok: true; plan: SentencePlan; document: OpenedDocument | null; chars: number } | { ok: false; code: DocFailureCode; detail: string };

/** What the characters of a file are: its sentences' code points (what the tasks service reserves). */
export const charsOf = (sentences: readonly string[]) => sentences.reduce((n, s) => n + [...s].length, 0);

/** Opens and plans an upload; a bad file answers its code, anything else is thrown (retry it). */
export async function planUpload(
  file: { file_name: string; ext: string; src_lang: LanguageCode; translate_pictures: boolean },
  bytes: Buffer,
  progress: () => void = () => {},
): Promise<UploadPlan> {
  // A document of pictures only is fine when its pictures are to be translated.
  const picturesOnly = file.translate_pictures && PICTURE_FORMATS.has(file.ext);
  let plan: SentencePlan;
  let document: OpenedDocument | null = null;
  try {
    ({ document } = await openDocument(file.file_name, bytes, file.src_lang));
    progress();
    plan = planSentences(document.paragraphs, file.src_lang);
  } catch (err) {
    if (picturesOnly && err instanceof DocumentError && err.reason === 'empty') plan = { paragraphs: [], sentences: [] };
    else {
      const failure = failureOf(err);
      if (!failure) throw err;
      return { ok: false, ...failure };
    }
  }
  if (plan.sentences.length === 0 && !picturesOnly) return { ok: false, code: 'FILE_NO_TEXT', detail: 'no text to translate' };
  return { ok: true, plan, document, chars: charsOf(plan.sentences) };
}

export async function prepareDocument(ctx: DocWorkerContext, job: PrepareDocumentJob, progress: () => void): Promise<DocResult> {
  const bytes = await ctx.storage.getBuffer(job.source_key);
  progress();
  const planned = await planUpload(job, bytes, progress);
  if (!planned.ok) return { kind: 'doc.failed', project_id: job.project_id, stage: 'prepare', code: planned.code, detail: planned.detail };
  const { plan, document, chars } = planned;
  if (document && plan.sentences.length > 0) ctx.kept.keep(job.project_id, document, plan, bytes.length);
  try {
    await ctx.storage.put(job.sentences_key, Buffer.from(JSON.stringify(plan.sentences)));
  } catch (err) {
    const failure = failureOf(err); // a full disk: told at once, not after every retry met it too
    if (!failure) throw err;
    ctx.kept.take(job.project_id);
    return { kind: 'doc.failed', project_id: job.project_id, stage: 'prepare', ...failure };
  }
  return { kind: 'doc.prepared', project_id: job.project_id, holder: ctx.workerId, segments_total: plan.sentences.length, chars };
}
