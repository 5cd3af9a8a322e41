/**
 * Submitting a document batch (ARCHITECTURE "How a task flows"): every file is opened and checked
 * before anything is charged; characters are reserved per file (the file's project id is the
 * reservation), the rows are written, then the sentences go to the worker pool as chunk jobs.
 * TM exact matches are filled in at once and never sent to MT; termbase terms ride along with each
 * chunk as its glossary. Any refusal leaves nothing behind: reservations refunded, files deleted.
 */
import { DocumentError, openDocument, PICTURE_FORMATS, planSentences, type SentencePlan } from '@mtp/doc-worker';
import { AppError, BUS, LANGUAGES, poolSubject, segmentJobId, TIMINGS, type LanguageCode, type SegmentJob } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import { documentAppError } from './doc-errors';
import { DOC_CHUNK_SENTENCES, docTaskPrefix } from './doc-keys';
import type { DocDeps, DocForm, DocSubmitter, UploadedFile } from './doc-deps';
import { takeTrial, type TrialSubject } from '../trials';
import { publishAssemble } from './doc-assemble';
import { dropOpened, expectChunks, keepOpened } from './opened-cache';

type OpenedFile = UploadedFile & { plan: SentencePlan; chars: number };
type PreparedFile = OpenedFile & { tmHits: Record<number, string>; mtIndices: number[] };

const isLanguage = (lang: string): lang is LanguageCode => (LANGUAGES as readonly string[]).includes(lang);

async function checkPair(deps: DocDeps, form: DocForm): Promise<void> {
  if (!isLanguage(form.src_lang) || !isLanguage(form.tgt_lang)) throw new AppError('INVALID_PARAMS', 'src_lang/tgt_lang');
  if (form.src_lang === form.tgt_lang) throw new AppError('SAME_LANGUAGE');
  const route = await deps.mt.route(form.src_lang, form.tgt_lang);
  if (route.kind === 'unavailable') throw new AppError('PAIR_UNAVAILABLE', `${form.src_lang} -> ${form.tgt_lang}`);
}

async function openFile(deps: DocDeps, form: DocForm, file: UploadedFile): Promise<OpenedFile> {
  let plan: SentencePlan;
  // A document of pictures only is fine when its pictures are to be translated.
  const picturesOnly = form.translate_pictures && PICTURE_FORMATS.has(file.ext);
  try {
    const bytes = await deps.storage.getBuffer(file.key);
    const { document } = await openDocument(file.fileName, bytes, form.src_lang);
    plan = planSentences(document.paragraphs, form.src_lang);
    keepOpened(file.projectId, document, plan, bytes.length);
  } catch (err) {
    if (!(picturesOnly && err instanceof DocumentError && err.reason === 'empty')) throw documentAppError(err, file.fileName);
    plan = { paragraphs: [], sentences: [] };
  }
  if (plan.sentences.length === 0 && !picturesOnly) throw new AppError('FILE_PARSE_FAILED', `${file.fileName}: no text to translate`);
  const chars = plan.sentences.reduce((n, s) => n + [...s].length, 0);
  return { ...file, plan, chars };
}

/** The sentences the translation memory answers exactly; the others go to MT. */
async function matchMemory(deps: DocDeps, userId: number, form: DocForm, file: OpenedFile): Promise<PreparedFile> {
  const tmHits: Record<number, string> = {};
  if (deps.tm) {
    const hits = await deps.tm.exactMatches(userId, form.src_lang as LanguageCode, form.tgt_lang as LanguageCode, file.plan.sentences);
    hits.forEach((hit, i) => {
      if (hit) tmHits[i] = hit.translated;
    });
  }
  const mtIndices = file.plan.sentences.map((_, i) => i).filter((i) => tmHits[i] === undefined);
  return { ...file, tmHits, mtIndices };
}

/**
 * Reserves each file's characters (pictures only: their text is charged when translated), noting
 * what it reserved; fails with the first refusal once every reservation has ended. All start at
 * once, so each asks the pool for its connection before the rows' transaction does: that
 * transaction holds its connection while it waits for them, and the pool hands connections out
 * in the order asked, so the wait can never be for a connection it holds.
 */
async function reserveChars(deps: DocDeps, userId: number, files: OpenedFile[], reserved: string[]): Promise<void> {
  const results = await Promise.allSettled(
    files
      .filter((file) => file.chars > 0)
      .map(async (file) => {
        await deps.quota.reserve({ userId }, file.projectId, file.chars);
        reserved.push(file.projectId);
      }),
  );
  const refused = results.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
}

/** The file's chunk jobs, each with the termbase terms found in it (looked up for all chunks at once). */
async function chunkJobs(deps: DocDeps, userId: number, form: DocForm, file: PreparedFile): Promise<SegmentJob[]> {
  const src = form.src_lang as LanguageCode;
  const tgt = form.tgt_lang as LanguageCode;
  const chunks: string[][] = [];
  for (let start = 0; start < file.mtIndices.length; start += DOC_CHUNK_SENTENCES) {
    chunks.push(file.mtIndices.slice(start, start + DOC_CHUNK_SENTENCES).map((i) => file.plan.sentences[i]!));
  }
  const terms = deps.tm
    ? await deps.tm.termsOfEach(
        userId,
        src,
        tgt,
        chunks.map((segments) => segments.join('\n')),
      )
    : [];
  return chunks.map((segments, index) => {
    const glossary = (terms[index] ?? []).map((t) => ({ source: t.source, target: t.target }));
    return {
      task_id: file.projectId,
      chunk_index: index,
      segments,
      src_lang: src,
      tgt_lang: tgt,
      domain: form.domain as SegmentJob['domain'],
      ...(glossary.length > 0 ? { glossary } : {}),
    };
  });
}

/** The task's rows, committed only once `reserved` has succeeded (else rolled back, trial and all). */
async function insertRows(
  deps: DocDeps,
  taskId: string,
  subject: TrialSubject,
  form: DocForm,
  files: PreparedFile[],
  reserved: Promise<void>,
): Promise<void> {
  const userId = subject.userId;
  await inTransaction(deps.db, async (client) => {
    await takeTrial(client, subject, 'document');
    await client.query(
      `INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'working', now() + make_interval(hours => $8))`,
      [taskId, userId, form.src_lang, form.tgt_lang, form.domain, form.mode, form.translate_pictures, TIMINGS.docRetentionHours],
    );
    for (const [position, f] of files.entries()) {
      await client.query(
        `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, chars, tm_hits,
                                mt_indices, chunks, segments_total, segments_done, source_key)
         VALUES ($1, $2, $3, $4, $5, $6, 'translating', $7, $8, $9, $10, $11, $12, $13)`,
        [
          f.projectId,
          taskId,
          position,
          f.fileName,
          f.ext,
          f.bytes,
          f.chars,
          JSON.stringify(f.tmHits),
          JSON.stringify(f.mtIndices),
          Math.ceil(f.mtIndices.length / DOC_CHUNK_SENTENCES),
          f.plan.sentences.length,
          f.plan.sentences.length - f.mtIndices.length,
          f.key,
        ],
      );
    }
    await reserved;
  });
}

/** `POST request_translate/doc/create` after the upload: answers when every chunk is queued. */
export async function submitDocuments(
  deps: DocDeps,
  submitter: DocSubmitter,
  taskId: string,
  form: DocForm,
  uploads: UploadedFile[],
): Promise<{ task_id: string }> {
  const reserved: string[] = [];
  let reserving: Promise<void> | undefined;
  const userId = submitter.userId;
  try {
    if (uploads.length === 0) throw new AppError('FILE_REQUIRED');
    const planCode = deps.planOf(userId);
    planCode.catch(() => {}); // awaited below; marked handled so it cannot fail the process meanwhile
    await checkPair(deps, form);
    // Every file is read before anything is charged, so a bad file is refused as such.
    const opened: OpenedFile[] = [];
    for (const upload of uploads) opened.push(await openFile(deps, form, upload));
    // The reservations run beside the memory lookups, terms and rows: the rows' transaction
    // commits only once every file is reserved, so a refusal leaves neither rows nor a used trial.
    reserving = reserveChars(deps, userId, opened, reserved);
    reserving.catch(() => {}); // awaited by the rows or below
    const files = await Promise.all(opened.map((file) => matchMemory(deps, userId, form, file)));
    const subject: TrialSubject = { ...submitter, plan: await planCode };
    const jobs = new Map<string, SegmentJob[]>();
    for (const file of files) jobs.set(file.projectId, await chunkJobs(deps, userId, form, file));
    await insertRows(deps, taskId, subject, form, files, reserving);
    for (const file of files) {
      const fileJobs = jobs.get(file.projectId)!;
      expectChunks(file.projectId, { mode: form.mode, tgtLang: form.tgt_lang, mtIndices: file.mtIndices, tmHits: file.tmHits });
      for (const job of fileJobs) {
        await deps.bus.publishJob(poolSubject(BUS.translateSegments.queue, deps.pool), job, { jobId: segmentJobId(job) });
      }
      // Every sentence came from the translation memory: write the file at once.
      if (fileJobs.length === 0) await publishAssemble(deps.bus, file.projectId);
    }
    return { task_id: taskId };
  } catch (err) {
    // Reservations still under way finish first, so every one made is refunded.
    await reserving?.catch(() => {});
    for (const projectId of reserved) await deps.quota.refund(projectId).catch(() => {});
    for (const upload of uploads) dropOpened(upload.projectId);
    await deps.db.query('DELETE FROM doc_tasks WHERE task_id = $1', [taskId]).catch(() => {});
    await deps.storage.deletePrefix(docTaskPrefix(taskId)).catch(() => {});
    throw err;
  }
}
