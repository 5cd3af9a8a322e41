export { startBackupRunner, type BackupRunner, type BackupRunnerOptions } from './backup-runner';
export { checkSchedule } from './backup-schedule';
export * from './backup-store';
export { makeBackup, type MakeBackupDeps } from './make-backup';
export { restoreArchive, type RestoreOptions } from './restore-archive';
export { RestoreRefusedError, isEmptyDatabase } from './db-load';
export { BACKUP_PREFIX, type BackupManifest } from './backup-manifest';
