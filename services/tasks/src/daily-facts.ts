/**
 * What the statistics (ops' daily rollups) read from tasks: what each ledger reservation was for,
 * and the tasks that ended in an interval. The tasks service names the reservations, so it is the
 * one that can read them back:
 *
 * - `sync:<src>_<tgt>:<uuid>`: text translated at once, with its pair (`sync:<uuid>` before pairs
 *   were recorded: pair unknown). `sync:<src>_<tgt>:web:<uuid>` and `...:api:<uuid>` are the
 *   kinds `web` and `api`, for the issues that bring web pages and the public API to tag theirs.
 * - `<project>:pic:<attempt>:<n>`: a picture inside a document (the document's pair).
 * - a `text_tasks` id: an asynchronous text task; a `doc_files` project id: a document file, of
 *   the kind `api` when its task came through the public API (`doc_tasks.via`).
 *   Document rows are deleted after 24 hours while text tasks stay, so an unknown uuid is a
 *   document whose pair is gone (the rollup of its day was taken before that, see ops' README).
 */
import type { Db } from '@mtp/platform';

export type ReservationKind = 'text' | 'document' | 'picture' | 'web' | 'api';
export type ReservationClass = { kind: ReservationKind; src: string; tgt: string };

const SYNC = /^sync:(?:([a-z-]+)_([a-z-]+):(?:(web|api):)?)?[^:]+$/;
const PICTURE = /^([0-9a-f-]{36}):pic:/;
const UUID = /^[0-9a-f-]{36}$/;

/** The kind and pair of each reservation id (ids of no known shape count as text). */
export async function classifyReservations(db: Db, taskIds: readonly string[]): Promise<Map<string, ReservationClass>> {
  const out = new Map<string, ReservationClass>();
  const uuids = new Set<string>();
  for (const id of taskIds) {
    const sync = SYNC.exec(id);
    if (sync) out.set(id, { kind: (sync[3] as ReservationKind | undefined) ?? 'text', src: sync[1] ?? '', tgt: sync[2] ?? '' });
    const pic = PICTURE.exec(id)?.[1];
    if (pic) uuids.add(pic);
    if (UUID.test(id)) uuids.add(id);
  }
  const ids = [...uuids];
  const [text, docs] = await Promise.all([
    db.query<{ id: string; src_lang: string; tgt_lang: string }>(
      'SELECT task_id::text AS id, src_lang, tgt_lang FROM text_tasks WHERE task_id = ANY($1::uuid[])',
      [ids],
    ),
    db.query<{ id: string; src_lang: string; tgt_lang: string; via: 'api' | null }>(
      `SELECT f.project_id::text AS id, t.src_lang, t.tgt_lang, t.via FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
       WHERE f.project_id = ANY($1::uuid[])`,
      [ids],
    ),
  ]);
  const textPairs = new Map(text.rows.map((r) => [r.id, r]));
  const docPairs = new Map(docs.rows.map((r) => [r.id, r]));
  for (const id of taskIds) {
    if (out.has(id)) continue;
    const pic = PICTURE.exec(id)?.[1];
    const doc = docPairs.get(pic ?? id);
    const txt = pic ? undefined : textPairs.get(id);
    const kind: ReservationKind = pic ? 'picture' : txt ? 'text' : doc?.via === 'api' ? 'api' : 'document';
    const pair = txt ?? doc;
    out.set(id, UUID.test(id) || pic ? { kind, src: pair?.src_lang ?? '', tgt: pair?.tgt_lang ?? '' } : { kind: 'text', src: '', tgt: '' });
  }
  return out;
}

export type TaskOutcomes = { userId: number; kind: 'text' | 'document'; outcome: 'done' | 'failed' | 'interrupted'; tasks: number };

/** Text tasks and document files that ended in [from, to), per user, kind and outcome. */
export async function taskOutcomesBetween(db: Db, from: Date, to: Date): Promise<TaskOutcomes[]> {
  const { rows } = await db.query<{ user_id: number; kind: 'text' | 'document'; outcome: TaskOutcomes['outcome']; n: number }>(
    `SELECT user_id, 'text' AS kind, status AS outcome, count(*)::int AS n FROM text_tasks
       WHERE status IN ('done', 'failed') AND user_id IS NOT NULL AND finished_at >= $1 AND finished_at < $2 GROUP BY 1, 3
     UNION ALL
     SELECT t.user_id, 'document', f.status, count(*)::int FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id
       WHERE f.status IN ('done', 'failed', 'interrupted') AND f.finished_at >= $1 AND f.finished_at < $2 GROUP BY 1, 3`,
    [from, to],
  );
  return rows.map((r) => ({ userId: r.user_id, kind: r.kind, outcome: r.outcome, tasks: r.n }));
}
