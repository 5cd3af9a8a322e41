/**
 * `POST post_edit/open`: a translated file becomes a post-editing project. The first open asks
 * a document worker for the file's sentences (the gateway never opens documents), cut as the
 * translation cut them, and pairs each with the translation stored for it (`translationsOf`:
 * memory hits and MT chunks, the same the written file was made of). Each segment says where
 * its translation came from: none (`new`), the memory (`tm100`, or `context101` when the stored
 * pair also has this segment's predecessor as context), or MT (`mt`). The project and all its
 * segments are written in one transaction; two opens at once write them once (the second waits
 * on the first's insert and finds the project). A worker that does not answer, refuses the file
 * or counts other sentences than the translation did: 44077, nothing stored.
 */
import { inTransaction, requestOf } from '@mtp/platform';
import { AppError, BUS, type LanguageCode, type PeProject } from '@mtp/proto';
import { isUuid } from '../documents/doc-keys';
import { translationsOf } from '../documents/doc-chunks';
import type { TmPort } from '../ports';
import type { PeDeps } from './pe-deps';
import type { PeActor } from './pe-memory-port';
import { findProject, toProject } from './pe-rows';

type FileRow = {
  project_id: string;
  task_id: string;
  file_name: string;
  ext: string;
  source_key: string;
  status: string;
  segments_total: number;
  tm_hits: Record<string, string>;
  mt_indices: number[];
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  expired: boolean;
};

type SourceSegment = { text: string; paragraph: number };
type Seeded = { target: string; status: 'new' | 'mt' | 'tm100' | 'context101'; score: number };

export const peSegmentsKey = (taskId: string, projectId: string) => `docs/${taskId}/${projectId}/pe/segments.json`;

export async function openPostEdit(deps: PeDeps, actor: PeActor, projectId: string): Promise<PeProject> {
  const file = await findDoneFile(deps, actor.userId, projectId);
  const existing = await deps.db.query('SELECT 1 FROM pe_projects WHERE project_id = $1', [projectId]);
  if (existing.rowCount === 0) {
    const sources = await segmentsFromWorker(deps, file);
    const seeded = await seedTargets(deps, actor.userId, file, sources);
    await storeProject(deps, actor.userId, file, sources, seeded);
    await deps.storage.delete(peSegmentsKey(file.task_id, file.project_id)).catch(() => {});
  }
  return toProject(await findProject(deps.db, actor.userId, projectId), deps.memory);
}

/** The caller's own translated file, still kept; anything else is 44071. */
async function findDoneFile(deps: PeDeps, userId: number, projectId: string): Promise<FileRow> {
  if (!isUuid(projectId)) throw new AppError('PE_FILE_NOT_READY');
  const { rows } = await deps.db.query<FileRow>(
    `SELECT f.project_id, f.task_id, f.file_name, f.ext, f.source_key, f.status, f.segments_total, f.tm_hits, f.mt_indices,
            t.src_lang, t.tgt_lang, t.expires_at <= now() AS expired
     FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
     WHERE f.project_id = $1 AND t.user_id = $2`,
    [projectId, userId],
  );
  const file = rows[0];
  if (!file || file.status !== 'done' || file.expired || file.segments_total === 0) throw new AppError('PE_FILE_NOT_READY');
  return file;
}

async function segmentsFromWorker(deps: PeDeps, file: FileRow): Promise<SourceSegment[]> {
  const outKey = peSegmentsKey(file.task_id, file.project_id);
  let reply;
  try {
    reply = await requestOf(deps.bus, BUS.postEditSegments, {
      file_name: file.file_name,
      ext: file.ext,
      source_key: file.source_key,
      src_lang: file.src_lang,
      out_key: outKey,
    });
  } catch (err) {
    throw new AppError('PE_OPEN_FAILED', undefined, { cause: err });
  }
  if (reply.outcome !== 'ok') throw new AppError('PE_OPEN_FAILED', undefined, { cause: new Error(`worker refused: ${reply.code}`) });
  if (reply.segments !== file.segments_total) {
    // The file was cut differently than when it was translated (another segmenter version): the
    // stored translations would land on the wrong sentences.
    throw new AppError('PE_OPEN_FAILED', undefined, {
      cause: new Error(`${reply.segments} sentences now, ${file.segments_total} when translated`),
    });
  }
  const segments = JSON.parse((await deps.storage.getBuffer(outKey)).toString('utf8')) as SourceSegment[];
  if (segments.length !== file.segments_total) throw new AppError('PE_OPEN_FAILED', undefined, { cause: new Error('segments file') });
  return segments;
}

/** Each sentence's translation and where it came from. */
async function seedTargets(deps: PeDeps, userId: number, file: FileRow, sources: SourceSegment[]): Promise<Seeded[]> {
  let translations: string[];
  try {
    translations = await translationsOf(deps, file);
  } catch (err) {
    throw new AppError('PE_OPEN_FAILED', undefined, { cause: err });
  }
  const hits = Object.keys(file.tm_hits).map(Number);
  const contextual = deps.tm ? await contextHits(deps.tm, userId, file, sources, hits) : new Set<number>();
  return translations.map((target, i): Seeded => {
    if (target.trim() === '') return { target: '', status: 'new', score: 0 };
    if (file.tm_hits[String(i)] !== undefined) {
      return contextual.has(i) ? { target, status: 'context101', score: 101 } : { target, status: 'tm100', score: 100 };
    }
    return { target, status: 'mt', score: 0 };
  });
}

/**
 * Which memory hits were context (101%) matches: the memories are asked again for those
 * sentences only, each right after its predecessor (the port scores a segment against the one
 * before it in the run), the first sentence of the document first (it has no predecessor).
 */
async function contextHits(tm: TmPort, userId: number, file: FileRow, sources: SourceSegment[], hits: number[]): Promise<Set<number>> {
  const run: string[] = [];
  const at = new Map<number, number>();
  for (const i of [...hits].sort((a, b) => a - b)) {
    if (i > 0) run.push(sources[i - 1]!.text);
    run.push(sources[i]!.text);
    at.set(i, run.length - 1);
  }
  if (run.length === 0) return new Set();
  const matches = await tm.exactMatches(userId, file.src_lang, file.tgt_lang, run);
  return new Set([...at].filter(([, pos]) => (matches[pos]?.score ?? 0) > 100).map(([i]) => i));
}

async function storeProject(deps: PeDeps, userId: number, file: FileRow, sources: SourceSegment[], seeded: Seeded[]): Promise<void> {
  await inTransaction(deps.db, async (client) => {
    // A concurrent open of the same file waits here on the first one's row, then inserts nothing.
    const { rowCount } = await client.query(
      `INSERT INTO pe_projects (project_id, user_id, segments) VALUES ($1, $2, $3) ON CONFLICT (project_id) DO NOTHING`,
      [file.project_id, userId, sources.length],
    );
    if (rowCount === 0) return;
    await client.query(
      `INSERT INTO pe_segments (project_id, seg_index, paragraph, source, target, status, score)
       SELECT $1, u.i - 1, u.paragraph, u.source, u.target, u.status, u.score
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) WITH ORDINALITY AS u(paragraph, source, target, status, score, i)`,
      [
        file.project_id,
        sources.map((s) => s.paragraph),
        sources.map((s) => s.text),
        seeded.map((s) => s.target),
        seeded.map((s) => s.status),
        seeded.map((s) => s.score),
      ],
    );
  });
}
