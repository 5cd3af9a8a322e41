/**
 * A translated file found by its project id alone, for download links that carry no credential
 * (LibreTranslate's `translatedFileUrl`: its page downloads the file with a plain link). The
 * project id is a random UUID (122 random bits) only its owner was told, so the link itself is
 * the permission, for as long as the task is kept (24 hours), like LibreTranslate's own links.
 */
import { AppError, type DocFileStatus } from '@mtp/proto';
import type { Db } from '@mtp/platform';

export type ProjectResult = { status: DocFileStatus; code: number; key: string | null; name: string | null };

/** The file's state and, once done, its result; NOT_FOUND for no such file, FILE_EXPIRED past retention. */
export async function docResultOfProject(db: Db, projectId: string): Promise<ProjectResult> {
  const { rows } = await db.query<{
    status: DocFileStatus;
    code: number;
    result_key: string | null;
    result_name: string | null;
    expired: boolean;
  }>(
    `SELECT f.status, f.code, f.result_key, f.result_name, t.expires_at <= now() AS expired
       FROM doc_files f JOIN doc_tasks t ON t.task_id = f.task_id WHERE f.project_id::text = $1`,
    [projectId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', `document ${projectId}`);
  if (row.expired) throw new AppError('FILE_EXPIRED');
  return { status: row.status, code: row.code, key: row.result_key, name: row.result_name };
}
