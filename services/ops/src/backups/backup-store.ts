/**
 * The `backups`, `backup_restores` and `backup_settings` rows. Every call takes a pool or a
 * transaction's client, so the gateway can write its system-log line in the same transaction.
 */
import type { BackupItem, BackupListData, BackupPhase, BackupRestoreItem, BackupSettings, BackupStatus } from '@mtp/proto';
import type { Db, inTransaction } from '@mtp/platform';
import type { BackupManifest } from './backup-manifest';

/** A pooled connection of @mtp/platform's pool (this package does not import `pg` itself). */
export type DbClient = Parameters<Parameters<typeof inTransaction>[1]>[0];
export type Queryable = Pick<Db, 'query'> | Pick<DbClient, 'query'>;

type BackupRow = Omit<BackupItem, 'created_at' | 'finished_at' | 'bytes_done' | 'backup_id'> & {
  backup_id: string;
  bytes_done: string;
  object_key: string;
  created_at: Date;
  finished_at: Date | null;
};

const BACKUP_COLUMNS = `backup_id, name, status, phase, trigger, object_key, bytes_done, files_done, files_total, tables_done,
  tables_total, error, created_by, created_at, finished_at`;

export type StoredBackup = BackupItem & { object_key: string };

function toItem(r: BackupRow): StoredBackup {
  return {
    ...r,
    backup_id: Number(r.backup_id),
    bytes_done: Number(r.bytes_done),
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  };
}

/** `mtp-backup-20250131-030000`: the archive's name, its download's file name and what a restore's confirmation repeats. */
export function backupNameAt(at: Date): string {
  return `mtp-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

/** A new queued backup; with a slot, null when that slot already has one (another replica's). */
export async function insertBackup(
  q: Queryable,
  opts: { trigger: 'manual' | 'scheduled'; createdBy: string; slot?: string; at?: Date },
): Promise<StoredBackup | null> {
  const at = opts.at ?? new Date();
  const { rows } = await q.query<BackupRow>(
    `INSERT INTO backups (name, trigger, slot, object_key, created_by, created_at) VALUES ($1, $2, $3, '', $4, $5)
     ON CONFLICT (slot) DO NOTHING RETURNING ${BACKUP_COLUMNS}`,
    [backupNameAt(at), opts.trigger, opts.slot ?? null, opts.createdBy, at],
  );
  if (!rows[0]) return null;
  const key = `backups/${rows[0].backup_id}-${rows[0].name}.tar.gz`;
  await q.query('UPDATE backups SET object_key = $2 WHERE backup_id = $1', [rows[0].backup_id, key]);
  return toItem({ ...rows[0], object_key: key });
}

export async function findBackup(q: Queryable, id: number): Promise<StoredBackup | null> {
  const { rows } = await q.query<BackupRow>(`SELECT ${BACKUP_COLUMNS} FROM backups WHERE backup_id = $1`, [id]);
  return rows[0] ? toItem(rows[0]) : null;
}

export async function findBackupBySlot(q: Queryable, slot: string): Promise<StoredBackup | null> {
  const { rows } = await q.query<BackupRow>(`SELECT ${BACKUP_COLUMNS} FROM backups WHERE slot = $1`, [slot]);
  return rows[0] ? toItem(rows[0]) : null;
}

export async function listBackups(q: Queryable, page = 1, pageSize = 20): Promise<BackupListData> {
  const total = Number((await q.query<{ n: string }>('SELECT count(*) AS n FROM backups')).rows[0]!.n);
  const { rows } = await q.query<BackupRow>(
    `SELECT ${BACKUP_COLUMNS} FROM backups ORDER BY created_at DESC, backup_id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const list = rows.map((r) => {
    const { object_key: _key, ...item } = toItem(r);
    return item;
  });
  return { list, total, pages: Math.ceil(total / pageSize), page, page_size: pageSize, last_restore: await lastRestore(q) };
}

export type BackupProgress = Partial<
  Pick<BackupItem, 'phase' | 'bytes_done' | 'files_done' | 'files_total' | 'tables_done' | 'tables_total'>
> & { status?: BackupStatus; error?: string; manifest?: BackupManifest };

/** Writes progress (and the end: status done/failed sets finished_at); touches updated_at. */
export async function updateBackup(q: Queryable, id: number, p: BackupProgress): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(p)) {
    values.push(column === 'manifest' ? JSON.stringify(value) : value);
    sets.push(`${column} = $${values.length}`);
  }
  if (p.status === 'done' || p.status === 'failed') sets.push('finished_at = now()');
  await q.query(`UPDATE backups SET ${sets.join(', ')} WHERE backup_id = $1`, values);
}

export async function deleteBackupRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM backups WHERE backup_id = $1', [id]);
}

/** Whether a backup or a restore is queued or running (a restore and a delete wait for it). */
export async function backupWorkActive(q: Queryable): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM backups WHERE status IN ('queued', 'running') UNION ALL SELECT 1 FROM backup_restores WHERE status IN ('queued', 'running') LIMIT 1`,
  );
  return rows.length > 0;
}

/** Backups whose runner died (no progress written for `staleMs`): failed, and their keys to delete. */
export async function failStaleBackups(q: Queryable, staleMs: number): Promise<string[]> {
  const { rows } = await q.query<{ object_key: string }>(
    `UPDATE backups SET status = 'failed', error = 'interrupted (the process making it stopped)', finished_at = now()
      WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1 / 1000.0) RETURNING object_key`,
    [staleMs],
  );
  await q.query(
    `UPDATE backup_restores SET status = 'failed', error = 'interrupted (the process restoring it stopped)', finished_at = now()
      WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1 / 1000.0)`,
    [staleMs],
  );
  return rows.map((r) => r.object_key);
}

/**
 * Finished scheduled backups past the newest `keep`, and failed scheduled ones older than those.
 * Newest by slot (the firing's time, an ISO string that sorts by time), not by when the row was
 * written: a firing whose job ran late must not push out a later slot's backup.
 */
export async function scheduledPastRetention(q: Queryable, keep: number): Promise<StoredBackup[]> {
  const { rows } = await q.query<BackupRow>(
    `WITH kept AS (SELECT backup_id, slot FROM backups WHERE trigger = 'scheduled' AND status = 'done'
                    ORDER BY slot DESC, backup_id DESC LIMIT $1)
     SELECT ${BACKUP_COLUMNS} FROM backups
      WHERE trigger = 'scheduled' AND status IN ('done', 'failed') AND backup_id NOT IN (SELECT backup_id FROM kept)
        AND (status = 'done' OR slot < (SELECT min(slot) FROM kept))`,
    [keep],
  );
  return rows.map(toItem);
}

type RestoreRow = Omit<BackupRestoreItem, 'restore_id' | 'backup_id' | 'created_at' | 'finished_at'> & {
  restore_id: string;
  backup_id: string;
  created_at: Date;
  finished_at: Date | null;
};
const RESTORE_COLUMNS = 'restore_id, backup_id, backup_name, status, phase, error, requested_by, created_at, finished_at';

function toRestore(r: RestoreRow): BackupRestoreItem {
  return {
    ...r,
    restore_id: Number(r.restore_id),
    backup_id: Number(r.backup_id),
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  };
}

export async function insertRestore(
  q: Queryable,
  backup: { backup_id: number; name: string },
  requestedBy: string,
): Promise<BackupRestoreItem> {
  const { rows } = await q.query<RestoreRow>(
    `INSERT INTO backup_restores (backup_id, backup_name, requested_by) VALUES ($1, $2, $3) RETURNING ${RESTORE_COLUMNS}`,
    [backup.backup_id, backup.name, requestedBy],
  );
  return toRestore(rows[0]!);
}

export async function findRestore(q: Queryable, id: number): Promise<BackupRestoreItem | null> {
  const { rows } = await q.query<RestoreRow>(`SELECT ${RESTORE_COLUMNS} FROM backup_restores WHERE restore_id = $1`, [id]);
  return rows[0] ? toRestore(rows[0]) : null;
}

export async function lastRestore(q: Queryable): Promise<BackupRestoreItem | null> {
  const { rows } = await q.query<RestoreRow>(`SELECT ${RESTORE_COLUMNS} FROM backup_restores ORDER BY restore_id DESC LIMIT 1`);
  return rows[0] ? toRestore(rows[0]) : null;
}

export async function updateRestore(
  q: Queryable,
  id: number,
  p: { status?: BackupStatus; phase?: BackupPhase; error?: string },
): Promise<void> {
  const end = p.status === 'done' || p.status === 'failed' ? ', finished_at = now()' : '';
  await q.query(
    `UPDATE backup_restores SET status = coalesce($2, status), phase = coalesce($3, phase), error = coalesce($4, error),
       updated_at = now()${end} WHERE restore_id = $1`,
    [id, p.status ?? null, p.phase ?? null, p.error ?? null],
  );
}

export async function readBackupSettings(q: Queryable, defaults: BackupSettings): Promise<BackupSettings> {
  const { rows } = await q.query<BackupSettings>('SELECT schedule, retention FROM backup_settings');
  return rows[0] ?? defaults;
}

export async function writeBackupSettings(q: Queryable, s: BackupSettings): Promise<void> {
  await q.query(
    `INSERT INTO backup_settings (id, schedule, retention) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET schedule = $1, retention = $2, updated_at = now()`,
    [s.schedule, s.retention],
  );
}
