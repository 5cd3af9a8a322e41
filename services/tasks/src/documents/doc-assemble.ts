/**
 * Writing a translated file once all its chunks are in (the `doc.assemble` queue, so a process
 * that dies mid-write costs a redelivery). The source is opened again (opening is deterministic,
 * and the sentence count is checked against what was submitted), the translations are put back
 * in order (TM hits and MT chunks), the format writes the file in the task's mode, the result is
 * stored, and only then is the file marked done and its characters settled.
 */
import {
  editAsOoxml,
  openDocument,
  PICTURE_FORMATS,
  planSentences,
  translatedParagraphs,
  translatePicture,
  translatePictures,
} from '@mtp/doc-worker';
import { BUS, type AssembleDocumentJob, type DocMode, type Domain, type LanguageCode } from '@mtp/proto';
import type { Bus } from '@mtp/platform';
import { documentAppError } from './doc-errors';
import { docResultKey, DOC_CHUNK_SENTENCES, resultName } from './doc-keys';
import type { DocDeps } from './doc-deps';
import { finishFile } from './doc-state';
import { PictureCharges } from './picture-charges';
import { dropOpened, takeOpened, type KeptDocument } from './opened-cache';

type AssembleRow = {
  project_id: string;
  user_id: number;
  task_id: string;
  file_name: string;
  ext: string;
  status: string;
  chars: number;
  segments_total: number;
  tm_hits: Record<string, string>;
  mt_indices: number[];
  source_key: string;
  src_lang: string;
  tgt_lang: string;
  mode: DocMode;
  domain: string;
  translate_pictures: boolean;
};

export async function publishAssemble(bus: Bus, projectId: string): Promise<void> {
  const job: AssembleDocumentJob = { project_id: projectId };
  await bus.publishJob(BUS.assembleDocuments.queue, job, { jobId: `assemble:${projectId}` });
}

/** Every sentence's translation, in document order. */
async function translationsOf(deps: Pick<DocDeps, 'db'>, file: AssembleRow): Promise<string[]> {
  const out: (string | undefined)[] = Array.from({ length: file.segments_total }, (_, i) => file.tm_hits[String(i)]);
  const { rows } = await deps.db.query<{ chunk_index: number; translations: string[] }>(
    'SELECT chunk_index, translations FROM doc_chunks WHERE project_id = $1',
    [file.project_id],
  );
  for (const chunk of rows) {
    const indices = file.mt_indices.slice(chunk.chunk_index * DOC_CHUNK_SENTENCES, (chunk.chunk_index + 1) * DOC_CHUNK_SENTENCES);
    indices.forEach((sentence, k) => (out[sentence] = chunk.translations[k]));
  }
  const missing = out.findIndex((t) => t === undefined);
  if (missing >= 0) throw new Error(`sentence ${missing} has no translation`);
  return out as string[];
}

async function openAgain(deps: DocDeps, file: AssembleRow): Promise<KeptDocument> {
  const { document } = await openDocument(file.file_name, await deps.storage.getBuffer(file.source_key), file.src_lang);
  return { document, plan: planSentences(document.paragraphs, file.src_lang) };
}

export async function assembleDocument(deps: DocDeps, projectId: string, progress: () => void = () => {}): Promise<void> {
  const { rows } = await deps.db.query<AssembleRow>(
    `SELECT f.project_id, t.user_id, f.task_id, f.file_name, f.ext, f.status, f.chars, f.segments_total, f.tm_hits, f.mt_indices, f.source_key,
            t.src_lang, t.tgt_lang, t.mode, t.domain, t.translate_pictures
     FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE f.project_id = $1`,
    [projectId],
  );
  const file = rows[0];
  // Interrupted, failed or already written (a redelivered job): nothing to do.
  if (!file || file.status !== 'translating') {
    dropOpened(projectId);
    return;
  }
  const kept = file.segments_total > 0 ? takeOpened(projectId) : undefined;
  // Laid in as the chunks came back (the same translations as stored): nothing to read back.
  const translations = kept?.allLaidIn ? null : await translationsOf(deps, file);
  progress();
  let output: Buffer;
  const charges = new PictureCharges(deps.quota, file.user_id, projectId);
  try {
    const src = file.src_lang as LanguageCode;
    const tgt = file.tgt_lang as LanguageCode;
    const pictureTexts = async (texts: string[]) => {
      progress();
      if (!(await charges.admit(texts))) return null;
      return (await deps.mt.translate(texts, src, tgt, file.domain as Domain)).translations;
    };
    // Pictures are translated in the written OOXML package (for doc/ppt/xls before converting
    // back); a PDF's are placed by the PDF writer itself, one at a time.
    const wantPictures = file.translate_pictures;
    const translateInside =
      wantPictures && PICTURE_FORMATS.has(file.ext)
        ? async (ooxml: Buffer) => (await translatePictures(ooxml, src, pictureTexts)).bytes
        : undefined;
    const translateOnePicture =
      wantPictures && file.ext === 'pdf'
        ? async (image: Buffer, format: 'png' | 'jpeg') => (await translatePicture(image, format, src, pictureTexts))?.bytes ?? null
        : undefined;
    if (file.segments_total === 0) {
      // Pictures only: the document's text stays as it is.
      const source = await deps.storage.getBuffer(file.source_key);
      output = translateInside ? await editAsOoxml(file.ext, source, translateInside) : source;
    } else {
      const { document, plan } = kept ?? (await openAgain(deps, file));
      if (plan.sentences.length !== file.segments_total) throw new Error('the document reads differently than at submit');
      progress();
      output = await document.write(translations ? translatedParagraphs(plan, translations, file.tgt_lang) : new Map(), {
        mode: file.mode,
        srcLang: file.src_lang,
        tgtLang: file.tgt_lang,
        finishPackage: translateInside,
        translatePicture: translateOnePicture,
      });
    }
  } catch (err) {
    await charges.refund();
    throw documentAppError(err, file.file_name);
  }
  progress();
  const key = docResultKey(file.task_id, projectId, file.ext);
  try {
    await deps.storage.put(key, output);
    const done = await finishFile(deps, projectId, {
      status: 'done',
      resultKey: key,
      resultName: resultName(file.file_name, file.tgt_lang),
      pictureChars: charges.chars,
    });
    // Interrupted meanwhile: the file's own characters were refunded, so are its pictures'.
    await (done ? charges.settle() : charges.refund());
  } catch (err) {
    await charges.refund();
    throw err;
  }
}
