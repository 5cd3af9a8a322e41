/**
 * Jobs that failed their last delivery. Each becomes a `dead_letters` record (queue, kind, task,
 * error, attempts, payload) that admins list through the API, and its task is ended for its user:
 * a text task or document file fails and is refunded (a chunk that died withdraws the file's
 * other chunks). A picture job's death is told to its writer by the MT worker (the picture stays
 * as it was), so it is only recorded.
 */
import { consumeDeadLettersOf, type DeadJob, type Db, type JobConsumer } from '@mtp/platform';
import { BUS, CODES, type DeadLetterItem, type DeadLettersData } from '@mtp/proto';
import type { DocDeps } from './documents/doc-deps';
import { failDocFile, withdrawChunks } from './documents/doc-state';
import { endTextLedger, failTask, type TextJobDeps } from './text-jobs';
import { failScan } from './term-extraction/scan-results';

export type DeadLetterDeps = Pick<TextJobDeps, 'db' | 'quota' | 'log' | 'bus' | 'pool'> & { docs: DocDeps | null };

/** What a dead job was, read from its payload (which may be what made it die). */
export function describeDead(dead: DeadJob): { kind: string; taskRef: string | null } {
  const payload = (typeof dead.payload === 'object' && dead.payload !== null ? dead.payload : {}) as Record<string, unknown>;
  const kind = typeof payload.kind === 'string' ? payload.kind : 'unknown';
  const ref = payload.project_id ?? payload.task_id;
  return { kind, taskRef: typeof ref === 'string' ? ref : null };
}

async function record(db: Db, dead: DeadJob, kind: string, taskRef: string | null): Promise<void> {
  await db.query(
    `INSERT INTO dead_letters (queue, job_id, kind, task_ref, error, attempts, payload, dead_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (queue, job_id, dead_at) DO NOTHING`,
    [
      dead.queue,
      dead.job_id,
      kind,
      taskRef,
      dead.error.slice(0, 2000),
      dead.delivery_count,
      JSON.stringify(dead.payload ?? null),
      dead.dead_at,
    ],
  );
}

/** Ends the task a dead job belonged to, for its user. */
async function endTaskOf(deps: DeadLetterDeps, dead: DeadJob, kind: string, taskRef: string): Promise<void> {
  const isText = dead.queue.startsWith(`${BUS.translateSegments.queue}.`) || dead.queue === BUS.segmentResults.queue;
  if (kind === 'picture') return;
  if (kind === 'text' && isText) {
    const { rows } = await deps.db.query<{ chars: number }>('SELECT chars FROM text_tasks WHERE task_id::text = $1', [taskRef]);
    if (await failTask(deps.db, taskRef, dead.error)) await endTextLedger(deps, taskRef, 'failed', rows[0]?.chars ?? 0);
    return;
  }
  if (!deps.docs) return;
  // A document scan's job (a file that could not be opened, 1202) or its result (1203), issue 21.
  if (kind.startsWith('terms.')) {
    const code = kind === 'terms.extract' ? CODES.FILE_PARSE_FAILED : CODES.FILE_TRANSLATION_FAILED;
    await failScan(deps.docs, taskRef, code.code, dead.error);
    return;
  }
  // A document's chunk, result, preparation or writing: the file fails (1203, or 1202 when it
  // could never be opened) and its other chunks are withdrawn.
  const code = kind === 'doc.prepare' ? 'FILE_PARSE_FAILED' : 'FILE_TRANSLATION_FAILED';
  if (await failDocFile(deps.docs, taskRef, dead.error, code)) await withdrawChunks(deps.bus, [taskRef]);
}

export async function onDeadJob(deps: DeadLetterDeps, dead: DeadJob): Promise<void> {
  const { kind, taskRef } = describeDead(dead);
  await record(deps.db, dead, kind, taskRef);
  deps.log(`dead job on ${dead.queue} (${kind} ${taskRef ?? '?'}) after ${dead.delivery_count} deliveries: ${dead.error}`);
  if (taskRef) await endTaskOf(deps, dead, kind, taskRef);
}

/** Every queue the platform's work goes through, its dead letters handled here. */
export async function consumeDeadLetters(deps: DeadLetterDeps): Promise<JobConsumer[]> {
  const handle = (dead: DeadJob) => onDeadJob(deps, dead);
  const consumers = [
    await consumeDeadLettersOf(deps.bus, BUS.translateSegments, handle, { pool: deps.pool }),
    await consumeDeadLettersOf(deps.bus, BUS.segmentResults, handle),
  ];
  if (deps.docs) {
    for (const entry of [
      BUS.prepareDocuments,
      BUS.assembleDocuments,
      BUS.documentResults,
      BUS.termExtractions,
      BUS.termExtractionResults,
    ]) {
      consumers.push(await consumeDeadLettersOf(deps.bus, entry, handle));
    }
  }
  return consumers;
}

/** `GET /api/v1.0/admin/dead_letters`: newest first, a page at a time, optionally one kind. */
export async function listDeadLetters(db: Db, query: { page?: number; page_size?: number; kind?: string }): Promise<DeadLettersData> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 20;
  const kind = query.kind?.trim() ?? '';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dead_letters WHERE $1 = '' OR kind = $1`, [kind])).rows[0]!
    .n;
  const { rows } = await db.query<{
    id: string;
    queue: string;
    job_id: string;
    kind: string;
    task_ref: string | null;
    error: string;
    attempts: number;
    dead_at: Date;
  }>(
    `SELECT id, queue, job_id, kind, task_ref, error, attempts, dead_at FROM dead_letters WHERE $1 = '' OR kind = $1
     ORDER BY recorded_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [kind, pageSize, (page - 1) * pageSize],
  );
  const list: DeadLetterItem[] = rows.map((r) => ({
    id: Number(r.id),
    queue: r.queue,
    job_id: r.job_id,
    kind: r.kind,
    task_ref: r.task_ref,
    error: r.error,
    attempts: r.attempts,
    dead_at: r.dead_at.toISOString(),
  }));
  return { list, total, page, page_size: pageSize };
}
