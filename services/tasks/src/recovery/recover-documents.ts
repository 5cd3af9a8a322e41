/**
 * Document files whose work went missing, sent again from their rows, by stage: a file waiting
 * to be prepared gets its `doc.prepare` job again; a translating file gets the chunks it has no
 * result for (from the sentences in storage); a file being written whose holder is gone (its
 * heartbeats stopped) or silent for too long goes to the `doc.assemble` queue, where any worker
 * opens the stored source again. Republished jobs carry job ids of their own; every result is
 * idempotent, so a job that was only late costs a second translation, never a second charge.
 */
import { publishJobTo, queueOf } from '@mtp/platform';
import { BUS, type LanguageCode, type SegmentJob } from '@mtp/proto';
import type { DocDeps } from '../documents/doc-deps';
import { completeFile, publishAssembly } from '../documents/doc-chunks';
import { docSentencesKey } from '../documents/doc-keys';
import { chunkJobsOf, publishChunks } from '../documents/doc-prepared';
import { prepareJobOf } from '../documents/doc-submit';
import { queueIdleness, type RecoveryRules } from './recovery-rules';

type WorkingFile = {
  project_id: string;
  task_id: string;
  file_name: string;
  ext: string;
  source_key: string;
  status: 'queued' | 'translating';
  stage: 'prepare' | 'translate' | 'assemble';
  holder: string | null;
  mt_indices: number[];
  republished: number;
  unpublished: boolean;
  stalled: boolean;
  holder_stalled: boolean;
  user_id: number;
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  mode: 0 | 1 | 2;
  domain: SegmentJob['domain'];
  translate_pictures: boolean;
  pool: string;
};

export async function recoverDocuments(deps: DocDeps, rules: RecoveryRules): Promise<number> {
  const { rows } = await deps.db.query<WorkingFile>(
    `SELECT f.project_id, f.task_id, f.file_name, f.ext, f.source_key, f.status, f.stage, f.holder, f.mt_indices, f.republished,
            f.published_at IS NULL AND f.progress_at < now() - make_interval(secs => $2::double precision / 1000) AS unpublished,
            f.progress_at < now() - make_interval(secs => $3::double precision / 1000) AS stalled,
            f.progress_at < now() - make_interval(secs => $4::double precision / 1000) AS holder_stalled,
            t.user_id, t.src_lang, t.tgt_lang, t.mode, t.domain, t.translate_pictures, t.pool
     FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.status IN ('queued', 'translating')
       AND ($1 OR (f.stage = 'assemble' AND f.holder IS NOT NULL)
               OR f.progress_at < now() - make_interval(secs => least($2, $3)::double precision / 1000))
     ORDER BY f.progress_at LIMIT 500`,
    [rules.resumeAll, rules.unpublishedAfterMs, rules.stalledAfterMs, rules.holderStalledAfterMs],
  );
  const queueIdle = queueIdleness(deps.bus);
  let recovered = 0;
  for (const file of rows) {
    try {
      if (await recoverFile(deps, rules, file, queueIdle)) recovered += 1;
    } catch (err) {
      deps.log(`recovery: ${file.project_id} (${file.stage}) could not be sent again: ${(err as Error).message}`);
    }
  }
  return recovered;
}

async function recoverFile(
  deps: DocDeps,
  rules: RecoveryRules,
  file: WorkingFile,
  queueIdle: (q: string) => Promise<boolean>,
): Promise<boolean> {
  const due = (queue: string) => rules.resumeAll || file.unpublished || (file.stalled && queueIdle(queue));
  const attempt = file.republished + 1;
  if (file.stage === 'prepare') {
    if (!(await due(queueOf(BUS.prepareDocuments)))) return false;
    const job = prepareJobOf(
      file.task_id,
      { projectId: file.project_id, fileName: file.file_name, ext: file.ext, key: file.source_key },
      file.src_lang,
      file.translate_pictures,
    );
    await publishJobTo(deps.bus, BUS.prepareDocuments, job, { jobId: `prepare:${file.project_id}:r${attempt}` });
  } else if (file.stage === 'translate') {
    if (!(await due(queueOf(BUS.translateSegments, file.pool)))) return false;
    const sentences = JSON.parse(
      (await deps.storage.getBuffer(docSentencesKey(file.task_id, file.project_id))).toString('utf8'),
    ) as string[];
    const { rows: stored } = await deps.db.query<{ chunk_index: number }>('SELECT chunk_index FROM doc_chunks WHERE project_id = $1', [
      file.project_id,
    ]);
    const have = new Set(stored.map((c) => c.chunk_index));
    const missing = (await chunkJobsOf(deps, file, sentences, file.mt_indices)).filter((job) => !have.has(job.chunk_index));
    // Every chunk is in, but the process died before the file went on to be written.
    if (missing.length === 0) {
      await completeFile(deps, file.project_id);
      return true;
    }
    if (!(await publishChunks(deps, file.pool, missing, `:r${attempt}`))) return false;
  } else {
    const holderGone = file.holder !== null && deps.workers.isGone(file.holder);
    const holderSilent = file.holder !== null && file.holder_stalled;
    const lost = file.holder === null && (await due(queueOf(BUS.assembleDocuments)));
    if (!(rules.resumeAll || file.unpublished || holderGone || holderSilent || lost)) return false;
    await deps.db.query('UPDATE doc_files SET republished = republished + 1 WHERE project_id = $1', [file.project_id]);
    await publishAssembly(deps, file.project_id, { anyWorker: true });
    return true;
  }
  await deps.db.query(
    'UPDATE doc_files SET published_at = now(), progress_at = now(), republished = republished + 1 WHERE project_id = $1',
    [file.project_id],
  );
  return true;
}
