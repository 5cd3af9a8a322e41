/**
 * Backups (`/api/v1.0/admin/backups...`, issue 19 item 4): the platform administrator's alone.
 * Handlers only write rows and queue jobs on `ops.backup`; the dump and the restore run in a
 * backup runner (a platform process's, whichever takes the job), never in a request. Every
 * change, and every download (the archive is the whole database), writes a system-log line.
 */
import { assertPlatformAdmin, recordAction, type AccountsDeps, type ActionEntry } from '@mtp/accounts';
import {
  backupWorkActive,
  checkSchedule,
  deleteBackupRow,
  findBackup,
  insertBackup,
  insertRestore,
  listBackups,
  readBackupSettings,
  writeBackupSettings,
  type BackupRunner,
  type StoredBackup,
} from '@mtp/ops';
import { inTransaction, publishJobTo, type Bus, type ObjectStorage } from '@mtp/platform';
import {
  AppError,
  BackupIdParams,
  BackupItem,
  type BackupJob,
  BackupListData,
  BackupListQuery,
  BackupRestoreBody,
  BackupRestoreItem,
  BackupSettings,
  BackupSettingsData,
  BUS,
  Reply,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';

export type BackupDeps = { bus: Bus; storage: ObjectStorage; runner: BackupRunner; defaults: BackupSettings };

/** The client of a transaction (platform's `inTransaction`). */
type TxClient = Parameters<Parameters<typeof inTransaction>[1]>[0];

const publicItem = ({ object_key: _key, ...item }: StoredBackup): BackupItem => item;

export const backupRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps; backups: BackupDeps }> = async (
  app,
  { accounts, backups },
) => {
  const db = accounts.db;
  app.addHook('preHandler', async (req) => assertPlatformAdmin(db, requireUser(req)));

  const found = async (id: number) => {
    const backup = await findBackup(db, id);
    if (!backup) throw new AppError('BACKUP_NOT_FOUND');
    return backup;
  };

  app.get('/admin/backups', { schema: { querystring: BackupListQuery, response: { 200: Reply(BackupListData) } } }, async (req) =>
    ok(req, await listBackups(db, req.query.page ?? 1, req.query.page_size ?? 20)),
  );

  /**
   * A backup or a restore: its row and its system-log line in one transaction, then the job that
   * carries it out (queued after the commit, so the runner finds the row).
   */
  async function writeThenQueue<T>(
    req: FastifyRequest,
    write: (client: TxClient) => Promise<T>,
    logged: (row: T) => ActionEntry,
    job: (row: T) => { message: BackupJob; jobId: string },
  ): Promise<T> {
    const actor = requestActor(req);
    const row = await inTransaction(db, async (client) => {
      const written = await write(client);
      await recordAction(client, actor, logged(written));
      return written;
    });
    const { message, jobId } = job(row);
    await publishJobTo(backups.bus, BUS.opsBackup, message, { jobId });
    return row;
  }

  app.post('/admin/backups', { schema: { response: { 200: Reply(BackupItem) } } }, async (req) => {
    const backup = await writeThenQueue(
      req,
      async (client) => (await insertBackup(client, { trigger: 'manual', createdBy: requestActor(req).account }))!,
      (row) => ({ action: 'backup.create', targetType: 'backup', targetId: row.backup_id, after: { name: row.name } }),
      (row) => ({ message: { action: 'create', backup_id: row.backup_id }, jobId: `backup-${row.backup_id}` }),
    );
    return ok(req, publicItem(backup));
  });

  app.get('/admin/backups/settings', { schema: { response: { 200: Reply(BackupSettingsData) } } }, async (req) => {
    const settings = await readBackupSettings(db, backups.defaults);
    const next = checkSchedule(settings.schedule);
    return ok(req, { ...settings, next_run: next.ok ? (next.next?.toISOString() ?? null) : null });
  });

  app.put('/admin/backups/settings', { schema: { body: BackupSettings, response: { 200: Reply(BackupSettingsData) } } }, async (req) => {
    const next = checkSchedule(req.body.schedule.trim());
    if (!next.ok) throw new AppError('BACKUP_SCHEDULE_INVALID');
    const settings = { schedule: req.body.schedule.trim(), retention: req.body.retention };
    await inTransaction(db, async (client) => {
      const before = await readBackupSettings(client, backups.defaults);
      await writeBackupSettings(client, settings);
      await recordAction(client, requestActor(req), {
        action: 'backup.settings',
        targetType: 'backup_settings',
        targetId: 1,
        before,
        after: settings,
      });
    });
    await backups.runner.reloadSettings();
    return ok(req, { ...settings, next_run: next.next?.toISOString() ?? null });
  });

  app.get('/admin/backups/:backup_id', { schema: { params: BackupIdParams, response: { 200: Reply(BackupItem) } } }, async (req) =>
    ok(req, publicItem(await found(req.params.backup_id))),
  );

  app.get('/admin/backups/:backup_id/download', { schema: { params: BackupIdParams } }, async (req, reply) => {
    const backup = await found(req.params.backup_id);
    if (backup.status !== 'done') throw new AppError('BACKUP_NOT_RESTORABLE');
    const stat = await backups.storage.stat(backup.object_key);
    if (!stat) throw new AppError('BACKUP_NOT_FOUND');
    await recordAction(db, requestActor(req), { action: 'backup.download', targetType: 'backup', targetId: backup.backup_id });
    const stream = await backups.storage.get(backup.object_key);
    return reply
      .type('application/gzip')
      .header('content-length', stat.bytes)
      .header('content-disposition', `attachment; filename="${backup.name}.tar.gz"`)
      .send(stream);
  });

  app.delete('/admin/backups/:backup_id', { schema: { params: BackupIdParams } }, async (req) => {
    const backup = await found(req.params.backup_id);
    if (backup.status === 'queued' || backup.status === 'running') throw new AppError('BACKUP_BUSY');
    await inTransaction(db, async (client) => {
      await deleteBackupRow(client, backup.backup_id);
      await recordAction(client, requestActor(req), {
        action: 'backup.delete',
        targetType: 'backup',
        targetId: backup.backup_id,
        before: { name: backup.name },
      });
    });
    await backups.storage.delete(backup.object_key);
    return ok(req, null);
  });

  app.post(
    '/admin/backups/:backup_id/restore',
    { schema: { params: BackupIdParams, body: BackupRestoreBody, response: { 200: Reply(BackupRestoreItem) } } },
    async (req) => {
      const backup = await found(req.params.backup_id);
      if (backup.status !== 'done') throw new AppError('BACKUP_NOT_RESTORABLE');
      if (req.body.confirm.trim() !== backup.name) throw new AppError('BACKUP_CONFIRM_MISMATCH');
      if (await backupWorkActive(db)) throw new AppError('BACKUP_BUSY');
      const restore = await writeThenQueue(
        req,
        (client) => insertRestore(client, backup, requestActor(req).account),
        () => ({ action: 'backup.restore', targetType: 'backup', targetId: backup.backup_id, after: { name: backup.name } }),
        (row) => ({ message: { action: 'restore', restore_id: row.restore_id }, jobId: `restore-${row.restore_id}` }),
      );
      return ok(req, restore);
    },
  );
};
