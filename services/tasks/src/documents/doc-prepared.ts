/**
 * A document worker prepared a file (`doc.prepared` on doc.results): its sentences are in
 * storage and the worker keeps the opened document (it is the file's holder). Here the sentences
 * the translation memory answers exactly are filled in (never sent to MT), the file's characters
 * are reserved (the project id is the reservation, so each file settles or refunds on its own;
 * not enough characters fails the file with 41005), and the rest goes to the MT pool in chunks,
 * each with the termbase terms found in it as its glossary. The holder is told the translation
 * memory's answers at once, and each chunk's as it comes back (doc-chunks.ts).
 */
import { publishEventTo, publishJobTo } from '@mtp/platform';
import { AppError, BUS, segmentJobId, type DocLayIn, type DocResult, type LanguageCode, type SegmentJob } from '@mtp/proto';
import { payerOf, type DocDeps } from './doc-deps';
import { DOC_CHUNK_SENTENCES, docSentencesKey } from './doc-keys';
import { completeFile } from './doc-chunks';
import { finishFile, refundFileChars } from './doc-state';

type Prepared = Extract<DocResult, { kind: 'doc.prepared' }>;

type QueuedFile = {
  project_id: string;
  task_id: string;
  status: string;
  user_id: number;
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  mode: 0 | 1 | 2;
  domain: SegmentJob['domain'];
  pool: string;
  via: 'api' | null;
};

async function sentencesOf(deps: DocDeps, file: QueuedFile, expected: number): Promise<string[]> {
  const sentences: unknown = JSON.parse((await deps.storage.getBuffer(docSentencesKey(file.task_id, file.project_id))).toString('utf8'));
  if (!Array.isArray(sentences) || sentences.length !== expected || sentences.some((s) => typeof s !== 'string')) {
    throw new Error(`the stored sentences of ${file.project_id} are not the ${expected} the worker reported`);
  }
  return sentences as string[];
}

/** The file's chunk jobs, each with the termbase terms found in it (looked up for all chunks at once). */
export async function chunkJobsOf(
  deps: DocDeps,
  file: Omit<QueuedFile, 'via'>,
  sentences: readonly string[],
  mtIndices: number[],
): Promise<SegmentJob[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < mtIndices.length; start += DOC_CHUNK_SENTENCES) {
    chunks.push(mtIndices.slice(start, start + DOC_CHUNK_SENTENCES).map((i) => sentences[i]!));
  }
  const terms = deps.tm
    ? await deps.tm.termsOfEach(
        file.user_id,
        file.src_lang,
        file.tgt_lang,
        chunks.map((segments) => segments.join('\n')),
      )
    : [];
  return chunks.map((segments, index) => {
    const glossary = (terms[index] ?? []).map((t) => ({ source: t.source, target: t.target }));
    return {
      kind: 'doc' as const,
      task_id: file.project_id,
      chunk_index: index,
      segments,
      src_lang: file.src_lang,
      tgt_lang: file.tgt_lang,
      domain: file.domain,
      ...(glossary.length > 0 ? { glossary } : {}),
    };
  });
}

/** Queues the chunks (a repeat dedupes by job id); answers whether all went out. */
export async function publishChunks(deps: DocDeps, pool: string, jobs: SegmentJob[], suffix = ''): Promise<boolean> {
  try {
    for (const job of jobs) await publishJobTo(deps.bus, BUS.translateSegments, job, { pool, jobId: `${segmentJobId(job)}${suffix}` });
    return true;
  } catch (err) {
    deps.log(`documents: queuing chunks failed (the sweeper queues them again): ${(err as Error).message}`);
    return false;
  }
}

export async function onDocPrepared(deps: DocDeps, result: Prepared): Promise<void> {
  const { rows } = await deps.db.query<QueuedFile>(
    `SELECT f.project_id, f.task_id, f.status, t.user_id, t.src_lang, t.tgt_lang, t.mode, t.domain, t.pool, t.via
     FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE f.project_id = $1`,
    [result.project_id],
  );
  const file = rows[0];
  // Interrupted, failed, deleted, or prepared already (a second worker's answer): nothing to do.
  if (!file || file.status !== 'queued') return;
  const sentences = await sentencesOf(deps, file, result.segments_total);
  const tmHits: Record<number, string> = {};
  if (deps.tm && sentences.length > 0) {
    (await deps.tm.exactMatches(file.user_id, file.src_lang, file.tgt_lang, sentences)).forEach((hit, i) => {
      if (hit) tmHits[i] = hit.translated;
    });
  }
  const mtIndices = sentences.map((_, i) => i).filter((i) => tmHits[i] === undefined);
  const chars = sentences.reduce((n, s) => n + [...s].length, 0);
  if (chars > 0) {
    try {
      await deps.quota.reserve(payerOf(file), file.project_id, chars);
    } catch (err) {
      if (!(err instanceof AppError && err.codeName === 'CHARS_NOT_ENOUGH')) throw err;
      await finishFile(deps, file.project_id, { status: 'failed', code: 'CHARS_NOT_ENOUGH', message: `${chars} characters needed` });
      return;
    }
  }
  const jobs = await chunkJobsOf(deps, file, sentences, mtIndices);
  const { rowCount } = await deps.db.query(
    `UPDATE doc_files SET status = 'translating', stage = 'translate', holder = $2, chars = $3, tm_hits = $4, mt_indices = $5,
            chunks = $6, segments_total = $7, segments_done = $8, published_at = NULL, progress_at = now(), republished = 0
     WHERE project_id = $1 AND status = 'queued'`,
    [
      file.project_id,
      result.holder,
      chars,
      JSON.stringify(tmHits),
      JSON.stringify(mtIndices),
      jobs.length,
      sentences.length,
      sentences.length - mtIndices.length,
    ],
  );
  if (rowCount === 0) {
    // Interrupted while this ran: its characters go back (or to the sweeper, if the ledger fails now).
    if (chars > 0) await refundFileChars(deps, file.project_id, chars);
    return;
  }
  if (sentences.length > 0) {
    const indices = Object.keys(tmHits).map(Number);
    const start: DocLayIn = {
      project_id: file.project_id,
      start: { mode: file.mode, tgt_lang: file.tgt_lang, mt_indices: mtIndices, chunk_sentences: DOC_CHUNK_SENTENCES },
      indices,
      translations: indices.map((i) => tmHits[i]!),
    };
    await publishEventTo(deps.bus, BUS.layInOnHolder, start, { worker: result.holder }).catch(() => {});
  }
  // Every sentence came from the translation memory (or pictures only): write the file at once.
  if (jobs.length === 0) return completeFile(deps, file.project_id);
  if (await publishChunks(deps, file.pool, jobs)) {
    await deps.db.query('UPDATE doc_files SET published_at = now() WHERE project_id = $1', [file.project_id]);
  }
}
