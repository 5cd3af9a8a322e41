/**
 * Backups (issue 19 item 4): the platform administrator's `/backups` page. A backup is one
 * `.tar.gz` in object storage (`backups/...`) holding the database's rows, every stored file and
 * a manifest; it is made and restored by a runner on the bus (`BUS.opsBackup`), never inside a
 * request, and the page polls its progress.
 *
 * - `GET admin/backups {page?, page_size?}`: newest first, with the latest restore.
 * - `POST admin/backups`: queues a backup; answers it (status `queued`).
 * - `GET admin/backups/{backup_id}`: one backup (the page polls it for progress).
 * - `GET admin/backups/{backup_id}/download`: the archive (`mtp-backup-<date>.tar.gz`).
 * - `DELETE admin/backups/{backup_id}`: the archive and its row (not while it runs).
 * - `POST admin/backups/{backup_id}/restore {confirm}`: queues a restore into the current
 *   database; `confirm` must repeat the backup's name.
 * - `GET|PUT admin/backups/settings {schedule, retention}`: the daily schedule (a cron
 *   expression) and how many scheduled backups are kept.
 */
import { Type, type Static } from 'typebox';

export const BackupStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);
export type BackupStatus = Static<typeof BackupStatus>;

/** What a running backup or restore is doing now (shown beside its progress bar). */
export const BackupPhase = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('database'),
  Type.Literal('files'),
  Type.Literal('finishing'),
  Type.Literal('done'),
]);
export type BackupPhase = Static<typeof BackupPhase>;

export const BackupItem = Type.Object({
  backup_id: Type.Integer(),
  /** `mtp-backup-YYYYMMDD-HHMMSS`: what a restore's confirmation repeats. */
  name: Type.String(),
  status: BackupStatus,
  phase: BackupPhase,
  /** `manual` (page, API or command) or `scheduled`. */
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('scheduled')]),
  /** Archive bytes written so far; the archive's size once done. */
  bytes_done: Type.Integer(),
  files_done: Type.Integer(),
  files_total: Type.Integer(),
  tables_done: Type.Integer(),
  tables_total: Type.Integer(),
  /** The failure in words an administrator can act on; '' when none. */
  error: Type.String(),
  created_by: Type.String(),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type BackupItem = Static<typeof BackupItem>;

export const BackupRestoreItem = Type.Object({
  restore_id: Type.Integer(),
  backup_id: Type.Integer(),
  backup_name: Type.String(),
  status: BackupStatus,
  phase: BackupPhase,
  error: Type.String(),
  requested_by: Type.String(),
  created_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
});
export type BackupRestoreItem = Static<typeof BackupRestoreItem>;

export const BackupListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type BackupListQuery = Static<typeof BackupListQuery>;

export const BackupListData = Type.Object({
  list: Type.Array(BackupItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  /** The newest restore into the current database, null when none ever ran. */
  last_restore: Type.Union([BackupRestoreItem, Type.Null()]),
});
export type BackupListData = Static<typeof BackupListData>;

export const BackupIdParams = Type.Object({ backup_id: Type.Integer({ minimum: 1 }) });
export type BackupIdParams = Static<typeof BackupIdParams>;

export const BackupRestoreBody = Type.Object({ confirm: Type.String({ maxLength: 100 }) });
export type BackupRestoreBody = Static<typeof BackupRestoreBody>;

/** A five- or six-field cron expression (croner syntax); checked by the server. */
export const BackupSettings = Type.Object({
  schedule: Type.String({ minLength: 9, maxLength: 100 }),
  retention: Type.Integer({ minimum: 1, maximum: 365 }),
});
export type BackupSettings = Static<typeof BackupSettings>;

export const BackupSettingsData = Type.Object({
  ...BackupSettings.properties,
  /** ISO time of the next scheduled backup on this server's clock, null when none. */
  next_run: Type.Union([Type.String(), Type.Null()]),
});
export type BackupSettingsData = Static<typeof BackupSettingsData>;

/** A job on `ops.backup`: make backup `backup_id`, or restore it into the current database. */
export const BackupJob = Type.Union([
  Type.Object({ action: Type.Literal('create'), backup_id: Type.Integer({ minimum: 1 }) }),
  /** A schedule's slot (ISO minute): every replica publishes it, the runner makes it once. */
  Type.Object({ action: Type.Literal('scheduled'), slot: Type.String({ maxLength: 40 }) }),
  Type.Object({ action: Type.Literal('restore'), restore_id: Type.Integer({ minimum: 1 }) }),
]);
export type BackupJob = Static<typeof BackupJob>;
