/**
 * `POST request_translate/doc/retry`: "Start again" for files that ended without a result through
 * no fault of the file (interrupted by the user, not enough characters 41005, a translation that
 * died 1203). A bad file (encrypted, corrupt, empty...) would only fail again, so it is not offered.
 *
 * A file starts again as a new run with a new project id, from the source kept in storage: the
 * reservation, the chunks the MT workers were told to skip (`mt.withdrawn` remembers project ids)
 * and the bus's job ids are all keyed by the project id, so reusing it would collide with the
 * ended run. The ended row is replaced in one transaction (same task, same position, same source),
 * so My Documents and a polling `/file` page see the same task go on. Only a file whose ledger is
 * finished (refunded) is taken: its characters came back before they are reserved again, so
 * nothing is charged twice, and the new run's failure is refunded like any other.
 */
import { AppError, CODES, type LanguageCode } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import { randomUUID } from 'node:crypto';
import { takeTrial } from '../trials';
import type { DocDeps, DocSubmitter } from './doc-deps';
import { publishPreparations } from './doc-submit';

/** Failure codes a new run can cure; any other failure is the file's own. */
const RETRYABLE_CODES: readonly number[] = [CODES.CHARS_NOT_ENOUGH.code, CODES.FILE_TRANSLATION_FAILED.code];

export function isRetryable(file: { status: string; code: number }): boolean {
  return file.status === 'interrupted' || (file.status === 'failed' && RETRYABLE_CODES.includes(file.code));
}

type EndedFile = { project_id: string; position: number; file_name: string; ext: string; bytes: string; source_key: string };

export async function retryDocFiles(
  deps: DocDeps,
  submitter: DocSubmitter,
  taskId: string,
  projectIds?: readonly string[],
): Promise<{ restarted: number }> {
  // Asked before the transaction: billing is another service's call.
  const plan = await deps.planOf(submitter.userId);
  const started = await inTransaction(deps.db, async (client) => {
    const { rows: tasks } = await client.query<{
      task_id: string;
      src_lang: LanguageCode;
      translate_pictures: boolean;
      trial_taken: boolean;
    }>(
      `SELECT task_id, src_lang, translate_pictures, trial_taken FROM doc_tasks
       WHERE task_id::text = $1 AND user_id = $2 AND expires_at > now() FOR UPDATE`,
      [taskId, submitter.userId],
    );
    const task = tasks[0];
    if (!task) throw new AppError('API_TASK_ID_ERROR');
    const { rows: ended } = await client.query<EndedFile>(
      `SELECT project_id, position, file_name, ext, bytes, source_key FROM doc_files
       WHERE task_id = $1 AND ledger_done AND (status = 'interrupted' OR (status = 'failed' AND code = ANY($2::int[])))
         AND ($3::text[] IS NULL OR project_id::text = ANY($3::text[]))
       ORDER BY position FOR UPDATE`,
      [task.task_id, RETRYABLE_CODES, projectIds ?? null],
    );
    if (ended.length === 0) throw new AppError('DOC_NOTHING_TO_RETRY');
    // A free plan's trial that came back (every file was refused) is taken again for the new run.
    if (!task.trial_taken && (await takeTrial(client, { ...submitter, plan }, 'document'))) {
      await client.query('UPDATE doc_tasks SET trial_taken = true WHERE task_id = $1', [task.task_id]);
    }
    const files = ended.map((f) => ({ old: f.project_id, projectId: randomUUID(), fileName: f.file_name, ext: f.ext, key: f.source_key }));
    await client.query('DELETE FROM doc_files WHERE project_id = ANY($1::uuid[])', [ended.map((f) => f.project_id)]);
    await client.query(
      `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, stage, source_key)
       SELECT p, $2, pos, name, ext, bytes, 'queued', 'prepare', key
       FROM unnest($1::uuid[], $3::smallint[], $4::text[], $5::text[], $6::bigint[], $7::text[]) AS f(p, pos, name, ext, bytes, key)`,
      [
        files.map((f) => f.projectId),
        task.task_id,
        ended.map((f) => f.position),
        ended.map((f) => f.file_name),
        ended.map((f) => f.ext),
        ended.map((f) => f.bytes),
        ended.map((f) => f.source_key),
      ],
    );
    await client.query(`UPDATE doc_tasks SET status = 'working' WHERE task_id = $1`, [task.task_id]);
    return { task, files };
  });
  await publishPreparations(
    deps,
    started.task.task_id,
    { src_lang: started.task.src_lang, translate_pictures: started.task.translate_pictures },
    started.files,
  );
  return { restarted: started.files.length };
}
