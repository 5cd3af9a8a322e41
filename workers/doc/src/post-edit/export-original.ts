/**
 * A post-edited document in its own format and layout: the stored source is opened and planned
 * exactly as translation did (the sentence count must be the one post-editing stored, or the
 * edits would land in the wrong places), the edited targets go in through the same writer and
 * output mode as the translated file. Translated pictures are not translated again (that would
 * charge and OCR afresh): for OOXML packages the picture parts of the task's translated file are
 * copied into the export under the same part names, since the writer copies every part it does
 * not translate, and the translation kept them. Other formats (legacy Office, OpenDocument, PDF)
 * keep the source's pictures (services/tasks/README.md, "Post-editing").
 */
import type { PeExportJob, PeExportSegment } from '@mtp/proto';
import { DocumentError } from '../formats/types';
import { readPackage, writePackage } from '../formats/ooxml/zip-package';
import { openDocument } from '../pipeline/open-document';
import { planSentences, translatedParagraphs } from '../pipeline/sentence-plan';

/** OOXML picture parts, the ones picture translation may have replaced (pictures/translate-pictures.ts). */
const MEDIA = /^(word|ppt|xl)\/media\/[^/]+\.(png|jpe?g)$/i;
const OOXML = new Set(['docx', 'pptx', 'xlsx']);

/** The written package with the translated file's picture parts in it (same names only). */
export async function withPicturesOf(translated: Buffer, written: Buffer): Promise<Buffer> {
  const from = await readPackage(translated);
  const into = await readPackage(written);
  const changed = new Map<string, Uint8Array>();
  for (const name of from.names) {
    if (!MEDIA.test(name) || !into.files.has(name)) continue;
    const bytes = from.files.get(name)!;
    if (!Buffer.from(bytes).equals(Buffer.from(into.files.get(name)!))) changed.set(name, bytes);
  }
  return changed.size === 0 ? written : writePackage(into, changed);
}

export async function exportOriginal(
  job: PeExportJob,
  segments: readonly PeExportSegment[],
  read: (key: string) => Promise<Buffer>,
  progress: () => void,
): Promise<Buffer> {
  const { document } = await openDocument(job.file_name, await read(job.source_key), job.src_lang);
  const plan = planSentences(document.paragraphs, job.src_lang);
  if (plan.sentences.length !== segments.length) {
    throw new DocumentError('corrupt', `the document reads as ${plan.sentences.length} sentences, post-editing holds ${segments.length}`);
  }
  progress();
  const translated = job.result_key && OOXML.has(job.ext) ? await read(job.result_key) : null;
  return document.write(
    translatedParagraphs(
      plan,
      segments.map((s) => s.target),
      job.tgt_lang,
    ),
    {
      mode: job.mode,
      srcLang: job.src_lang,
      tgtLang: job.tgt_lang,
      finishPackage: translated ? (written) => withPicturesOf(translated, written) : undefined,
    },
  );
}
