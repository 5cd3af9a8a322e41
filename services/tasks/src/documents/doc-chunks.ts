/**
 * Translated chunks of a document file (kind `doc` on mt.results) and what follows the last one.
 * A chunk is stored once per (file, chunk), in one statement; its translations are forwarded to
 * the file's holder, which lays them into the document it kept. The chunk that completes the
 * file moves it to `assemble` (once: a claimed stage change) and the file is handed to be
 * written: every translation goes to storage, and the holder is asked to write it; when the
 * holder is gone or does not take it, the `doc.assemble` queue lets any worker write it.
 */
import { isStorageFull, publishEventTo, publishJobTo, requestOf } from '@mtp/platform';
import { BUS, type AssembleDocumentJob, type SegmentResult } from '@mtp/proto';
import type { DocDeps } from './doc-deps';
import { DOC_CHUNK_SENTENCES, docResultKey, docTranslationsKey, isUuid } from './doc-keys';
import { failDocFile } from './doc-state';

/** Stores a translated chunk of a document file (a repeat is counted but changes nothing else). */
export async function storeDocChunk(deps: DocDeps, result: SegmentResult): Promise<void> {
  // Project ids are UUIDs; anything else names no file (and would not reach the uuid column).
  if (!isUuid(result.task_id)) return;
  // One statement (one round trip, atomic on its own): lock the file, store the chunk unless it
  // is already there, count it.
  const { rows } = await deps.db.query<{
    chunks: number;
    chunks_done: number;
    status: string;
    stage: string;
    fresh: boolean;
    holder: string | null;
  }>(
    `WITH file AS (
       SELECT project_id FROM doc_files WHERE project_id = $1 FOR UPDATE
     ), stored AS (
       INSERT INTO doc_chunks (project_id, chunk_index, translations, engine)
       SELECT project_id, $2, $3, $4 FROM file
       ON CONFLICT (project_id, chunk_index) DO UPDATE SET received = doc_chunks.received + 1
       RETURNING (xmax = 0) AS fresh
     )
     UPDATE doc_files f
        SET chunks_done = f.chunks_done + CASE WHEN s.fresh THEN 1 ELSE 0 END,
            segments_done = f.segments_done + CASE WHEN s.fresh AND f.status = 'translating' THEN $5::int ELSE 0 END,
            progress_at = now()
       FROM stored s
      WHERE f.project_id = $1
     RETURNING f.chunks, f.chunks_done, f.status, f.stage, s.fresh, f.holder`,
    [result.task_id, result.chunk_index, JSON.stringify(result.translations), result.engine, result.translations.length],
  );
  const file = rows[0];
  if (!file || file.status !== 'translating') return;
  // Only the first copy of a chunk is what the file is written with (the stored one); the holder
  // knows from the start which sentences each chunk holds.
  if (file.fresh && file.holder) {
    const event = { project_id: result.task_id, chunk_index: result.chunk_index, translations: result.translations };
    await publishEventTo(deps.bus, BUS.layInOnHolder, event, { worker: file.holder }).catch(() => {});
  }
  if (file.stage === 'translate' && file.chunks_done >= file.chunks) await completeFile(deps, result.task_id);
}

/** Every chunk is in: the file is to be written (once, whoever gets here first). */
export async function completeFile(deps: DocDeps, projectId: string): Promise<void> {
  const { rowCount } = await deps.db.query(
    `UPDATE doc_files SET stage = 'assemble', published_at = NULL, progress_at = now(), republished = 0
     WHERE project_id = $1 AND status = 'translating' AND stage = 'translate'`,
    [projectId],
  );
  if (rowCount !== 1) return;
  // The stage is claimed: a failure to hand it over is the sweeper's to retry, not the chunk's.
  await publishAssembly(deps, projectId).catch((err) => deps.log(`documents: handing ${projectId} over to be written failed: ${err}`));
}

type AssemblyRow = {
  project_id: string;
  task_id: string;
  file_name: string;
  ext: string;
  source_key: string;
  segments_total: number;
  tm_hits: Record<string, string>;
  mt_indices: number[];
  holder: string | null;
  republished: number;
  src_lang: AssembleDocumentJob['src_lang'];
  tgt_lang: AssembleDocumentJob['tgt_lang'];
  mode: AssembleDocumentJob['mode'];
  domain: AssembleDocumentJob['domain'];
  translate_pictures: boolean;
  pool: string;
};

/** What `translationsOf` reads of a file's row. */
export type StoredTranslations = Pick<AssemblyRow, 'project_id' | 'segments_total' | 'tm_hits' | 'mt_indices'>;

/** Every sentence's translation, in document order (memory answers and MT chunks); post-editing starts from these. */
export async function translationsOf(deps: Pick<DocDeps, 'db'>, file: StoredTranslations): Promise<string[]> {
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
  if (missing >= 0) throw new Error(`sentence ${missing} of ${file.project_id} has no translation`);
  return out as string[];
}

/**
 * Hands a complete file to be written: to its holder while it lives (unless `anyWorker`), else to
 * the shared queue. Publishing is recorded (`published_at`); a failure leaves it to the sweeper.
 */
export async function publishAssembly(deps: DocDeps, projectId: string, opts: { anyWorker?: boolean } = {}): Promise<void> {
  const { rows } = await deps.db.query<AssemblyRow>(
    `SELECT f.project_id, f.task_id, f.file_name, f.ext, f.source_key, f.segments_total, f.tm_hits, f.mt_indices, f.holder, f.republished,
            t.src_lang, t.tgt_lang, t.mode, t.domain, t.translate_pictures, t.pool
     FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.project_id = $1 AND f.status = 'translating' AND f.stage = 'assemble'`,
    [projectId],
  );
  const file = rows[0];
  if (!file) return;
  const translationsKey = docTranslationsKey(file.task_id, file.project_id);
  try {
    if (file.segments_total > 0) await deps.storage.put(translationsKey, Buffer.from(JSON.stringify(await translationsOf(deps, file))));
  } catch (err) {
    // A full disk does not empty itself: the file fails now (refunded) instead of every sweep retrying it.
    if (!isStorageFull(err)) throw err;
    await failDocFile(deps, file.project_id, `storing its translations failed: ${(err as Error).message}`, 'STORAGE_FULL');
    return;
  }
  const job: AssembleDocumentJob = {
    kind: 'doc.assemble',
    task_id: file.task_id,
    project_id: file.project_id,
    file_name: file.file_name,
    ext: file.ext,
    source_key: file.source_key,
    translations_key: translationsKey,
    result_key: docResultKey(file.task_id, file.project_id, file.ext),
    src_lang: file.src_lang,
    tgt_lang: file.tgt_lang,
    mode: file.mode,
    domain: file.domain,
    translate_pictures: file.translate_pictures,
    segments_total: file.segments_total,
    pool: file.pool,
  };
  if (file.holder && !opts.anyWorker && !deps.workers.isGone(file.holder)) {
    try {
      const reply = await requestOf(deps.bus, BUS.assembleOnHolder, job, { worker: file.holder });
      if (reply.accepted) {
        await deps.db.query('UPDATE doc_files SET published_at = now(), progress_at = now() WHERE project_id = $1', [projectId]);
        return;
      }
    } catch {
      // Gone or wedged: any worker writes it from the stored source.
    }
  }
  await publishJobTo(deps.bus, BUS.assembleDocuments, job, { jobId: `assemble:${projectId}:${file.republished}` });
  await deps.db.query('UPDATE doc_files SET holder = NULL, published_at = now(), progress_at = now() WHERE project_id = $1', [projectId]);
}
