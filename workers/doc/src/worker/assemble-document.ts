/**
 * Writing a translated file once all its chunks are in. The holder uses the document it kept
 * (with most paragraphs already laid in); any other worker opens the stored source again (opening
 * is deterministic, and the sentence count is checked against what was prepared). Translations
 * come from storage (every sentence, in order, written by the tasks service) unless everything
 * was laid in already. Pictures are translated in the written OOXML package (for doc/ppt/xls
 * before converting back); a PDF's by its writer, one at a time. The result goes to storage, and
 * `doc.assembled` tells the tasks service, which marks the file done and settles it. A sentence
 * whose translation came back empty keeps its source text (never a blank page); how many did,
 * and their characters, go with `doc.assembled` so the file says so and they are not charged.
 */
import type { AssembleDocumentJob, DocResult } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { editAsOoxml } from '../legacy/index';
import { openDocument } from '../pipeline/open-document';
import { planSentences, translatedParagraphs, untranslatedOf, type Untranslated } from '../pipeline/sentence-plan';
import { PICTURE_FORMATS, translatePicture, translatePictures } from '../pictures/translate-pictures';
import { failureOf } from './doc-failure';
import type { DocWorkerContext } from './doc-worker-context';
import type { KeptDocument } from './kept-documents';

async function openAgain(ctx: DocWorkerContext, job: AssembleDocumentJob): Promise<KeptDocument> {
  const { document } = await openDocument(job.file_name, await ctx.storage.getBuffer(job.source_key), job.src_lang);
  return { document, plan: planSentences(document.paragraphs, job.src_lang), allLaidIn: false };
}

async function translationsOf(ctx: DocWorkerContext, job: AssembleDocumentJob): Promise<string[]> {
  const translations: unknown = JSON.parse((await ctx.storage.getBuffer(job.translations_key)).toString('utf8'));
  if (!Array.isArray(translations) || translations.length !== job.segments_total || translations.some((t) => typeof t !== 'string')) {
    throw new Error(`the stored translations of ${job.project_id} do not match its ${job.segments_total} sentences`);
  }
  return translations as string[];
}

/** Writes the file; a refusal is answered as `doc.failed`, anything else is thrown (retried). */
export async function assembleDocument(ctx: DocWorkerContext, job: AssembleDocumentJob, progress: () => void): Promise<DocResult> {
  const attempt = randomUUID().slice(0, 8);
  const charged = { reservations: [] as string[], chars: 0 };
  const file = { projectId: job.project_id, attempt, src: job.src_lang, tgt: job.tgt_lang, domain: job.domain, pool: job.pool };
  let pictures = 0;
  const pictureTexts = async (texts: string[]) => {
    progress();
    ctx.report(job.project_id, 'assemble', 'picture');
    return ctx.pictures.translate(file, ++pictures, texts, charged, progress);
  };
  const translateInside =
    job.translate_pictures && PICTURE_FORMATS.has(job.ext)
      ? async (ooxml: Buffer) => (await translatePictures(ooxml, job.src_lang, pictureTexts)).bytes
      : undefined;
  const translateOnePicture =
    job.translate_pictures && job.ext === 'pdf'
      ? async (image: Buffer, format: 'png' | 'jpeg') => (await translatePicture(image, format, job.src_lang, pictureTexts))?.bytes ?? null
      : undefined;
  let output: Buffer;
  let untranslated: Untranslated = { segments: 0, chars: 0 };
  try {
    if (job.segments_total === 0) {
      // Pictures only: the document's text stays as it is.
      const source = await ctx.storage.getBuffer(job.source_key);
      output = translateInside ? await editAsOoxml(job.ext, source, translateInside) : source;
    } else {
      const kept = ctx.kept.take(job.project_id) ?? (await openAgain(ctx, job));
      if (kept.plan.sentences.length !== job.segments_total) throw new Error('the document reads differently than when it was prepared');
      // Laid in as the chunks came back (the same translations as stored): nothing to read back.
      const translations = kept.allLaidIn ? null : await translationsOf(ctx, job);
      // Sentences whose translation came back empty keep their source; the file says how many.
      untranslated = translations ? untranslatedOf(kept.plan.sentences, translations) : (kept.untranslated ?? untranslated);
      progress();
      output = await kept.document.write(translations ? translatedParagraphs(kept.plan, translations, job.tgt_lang) : new Map(), {
        mode: job.mode,
        srcLang: job.src_lang,
        tgtLang: job.tgt_lang,
        finishPackage: translateInside,
        translatePicture: translateOnePicture,
      });
    }
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return { kind: 'doc.failed', project_id: job.project_id, stage: 'assemble', attempt, ...failure };
  }
  progress();
  try {
    await ctx.storage.put(job.result_key, output);
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return { kind: 'doc.failed', project_id: job.project_id, stage: 'assemble', attempt, ...failure };
  }
  return {
    kind: 'doc.assembled',
    project_id: job.project_id,
    holder: ctx.workerId,
    attempt,
    result_key: job.result_key,
    picture_chars: charged.chars,
    picture_reservations: charged.reservations,
    untranslated_segments: untranslated.segments,
    untranslated_chars: untranslated.chars,
  };
}
