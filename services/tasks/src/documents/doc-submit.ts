/**
 * `POST request_translate/doc/create` after the upload (ARCHITECTURE "How a task flows"): the
 * form and the language pair are checked, a free plan's trial is taken, the task's rows are
 * written (each file `queued`) and one `doc.prepare` job per file goes to the document workers.
 * Nothing here opens a document: the workers do, and answer on `doc.results` (see
 * doc-prepared.ts), where a bad file fails with its own code and characters are reserved.
 */
import { publishJobTo } from '@mtp/platform';
import { AppError, BUS, TIMINGS, pairDetail, type PrepareDocumentJob } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import { takeTrial, type TrialSubject } from '../trials';
import { docSentencesKey, docTaskPrefix } from './doc-keys';
import type { DocDeps, DocForm, DocSubmitter, UploadedFile } from './doc-deps';
import { routedFor } from '../pool-routing';

/** Same languages, or a pair no engine serves, is refused before anything is stored for good. */
export async function checkPair(deps: Pick<DocDeps, 'mt'>, form: DocForm): Promise<void> {
  if (form.src_lang === form.tgt_lang) throw new AppError('SAME_LANGUAGE');
  const route = await deps.mt.route(form.src_lang, form.tgt_lang);
  if (route.kind === 'unavailable') throw new AppError('PAIR_UNAVAILABLE', pairDetail(form.src_lang, form.tgt_lang));
}

async function insertRows(
  deps: DocDeps,
  taskId: string,
  subject: TrialSubject,
  form: DocForm,
  files: UploadedFile[],
  via: DocSubmitOptions['via'],
): Promise<void> {
  await inTransaction(deps.db, async (client) => {
    const trialTaken = await takeTrial(client, subject, 'document');
    await client.query(
      `INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, expires_at, trial_taken, pool, via)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'working', now() + make_interval(hours => $8), $9, $10, $11)`,
      [
        taskId,
        subject.userId,
        form.src_lang,
        form.tgt_lang,
        form.domain,
        form.mode,
        form.translate_pictures,
        TIMINGS.docRetentionHours,
        trialTaken,
        deps.pool,
        via ?? null,
      ],
    );
    await client.query(
      `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, source_key)
       SELECT p, $2, n - 1, name, ext, bytes, 'queued', 'prepare', key
       FROM unnest($1::uuid[], $3::text[], $4::text[], $5::bigint[], $6::text[]) WITH ORDINALITY AS f(p, name, ext, bytes, key, n)`,
      [
        files.map((f) => f.projectId),
        taskId,
        files.map((f) => f.fileName),
        files.map((f) => f.ext),
        files.map((f) => f.bytes),
        files.map((f) => f.key),
      ],
    );
  });
}

/** The job that prepares a file; `attempt` > 0 for a republished one (a fresh job id). */
export function prepareJobOf(
  taskId: string,
  file: { projectId: string; fileName: string; ext: string; key: string },
  srcLang: DocForm['src_lang'],
  translatePictures: boolean,
): PrepareDocumentJob {
  return {
    kind: 'doc.prepare',
    task_id: taskId,
    project_id: file.projectId,
    file_name: file.fileName,
    ext: file.ext,
    source_key: file.key,
    sentences_key: docSentencesKey(taskId, file.projectId),
    src_lang: srcLang,
    translate_pictures: translatePictures,
  };
}

/** `via: 'api'`: submitted through the public API; every reservation of its files says so (API packages first). */
export type DocSubmitOptions = { via?: 'api' | undefined };

/** Answers once the rows are written; the files are prepared by the document workers. */
export async function submitDocuments(
  deps: DocDeps,
  submitter: DocSubmitter,
  taskId: string,
  form: DocForm,
  uploads: UploadedFile[],
  opts: DocSubmitOptions = {},
): Promise<{ task_id: string }> {
  try {
    if (uploads.length === 0) throw new AppError('FILE_REQUIRED');
    // The user's pool (their enterprise's devices where it has some): the task row keeps it.
    deps = await routedFor(deps, submitter.userId);
    await checkPair(deps, form);
    const subject: TrialSubject = { ...submitter, plan: await deps.planOf(submitter.userId) };
    await insertRows(deps, taskId, subject, form, uploads, opts.via);
  } catch (err) {
    // Refused before any row was written: the uploaded files go too.
    await deps.storage
      .deletePrefix(docTaskPrefix(taskId))
      .catch((e) => deps.log(`documents: deleting the refused upload ${taskId} failed: ${e}`));
    throw err;
  }
  await publishPreparations(deps, taskId, form, uploads);
  return { task_id: taskId };
}

/** Queues one `doc.prepare` per file of written rows (a new upload, or files started again). */
export async function publishPreparations(
  deps: DocDeps,
  taskId: string,
  form: Pick<DocForm, 'src_lang' | 'translate_pictures'>,
  uploads: Pick<UploadedFile, 'projectId' | 'fileName' | 'ext' | 'key'>[],
): Promise<void> {
  const published: string[] = [];
  for (const upload of uploads) {
    try {
      const job = prepareJobOf(taskId, upload, form.src_lang, form.translate_pictures);
      await publishJobTo(deps.bus, BUS.prepareDocuments, job, { jobId: `prepare:${upload.projectId}` });
      published.push(upload.projectId);
    } catch (err) {
      // The row is the truth: the sweeper publishes what did not go out.
      deps.log(`documents: publishing the preparation of ${upload.projectId} failed: ${(err as Error).message}`);
    }
  }
  await deps.db.query('UPDATE doc_files SET published_at = now(), progress_at = now() WHERE project_id = ANY($1::uuid[])', [published]);
}
