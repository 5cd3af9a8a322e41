/**
 * `doc.prepare`: one uploaded file opened from storage, checked (format, encryption, zip bombs,
 * the section 5 limits) and cut into sentences. The sentences go to storage for the tasks
 * service (which matches them against memories, reserves their characters and sends them to
 * MT); the opened document stays with this worker, which is now the file's holder.
 */
import type { DocResult, PrepareDocumentJob } from '@mtp/proto';
import { DocumentError } from '../formats/types';
import { openDocument } from '../pipeline/open-document';
import { planSentences, type SentencePlan } from '../pipeline/sentence-plan';
import { PICTURE_FORMATS } from '../pictures/translate-pictures';
import { failureOf } from './doc-failure';
import type { DocWorkerContext } from './doc-worker-context';

export async function prepareDocument(ctx: DocWorkerContext, job: PrepareDocumentJob, progress: () => void): Promise<DocResult> {
  const bytes = await ctx.storage.getBuffer(job.source_key);
  progress();
  // A document of pictures only is fine when its pictures are to be translated.
  const picturesOnly = job.translate_pictures && PICTURE_FORMATS.has(job.ext);
  let plan: SentencePlan;
  try {
    const { document } = await openDocument(job.file_name, bytes, job.src_lang);
    progress();
    plan = planSentences(document.paragraphs, job.src_lang);
    if (plan.sentences.length > 0) ctx.kept.keep(job.project_id, document, plan, bytes.length);
  } catch (err) {
    if (picturesOnly && err instanceof DocumentError && err.reason === 'empty') plan = { paragraphs: [], sentences: [] };
    else {
      const failure = failureOf(err);
      if (!failure) throw err;
      return { kind: 'doc.failed', project_id: job.project_id, stage: 'prepare', ...failure };
    }
  }
  if (plan.sentences.length === 0 && !picturesOnly) {
    return { kind: 'doc.failed', project_id: job.project_id, stage: 'prepare', code: 'FILE_NO_TEXT', detail: 'no text to translate' };
  }
  await ctx.storage.put(job.sentences_key, Buffer.from(JSON.stringify(plan.sentences)));
  const chars = plan.sentences.reduce((n, s) => n + [...s].length, 0);
  return { kind: 'doc.prepared', project_id: job.project_id, holder: ctx.workerId, segments_total: plan.sentences.length, chars };
}
