/** The backup calls (`admin/backups...`, proto/src/ops-backups.ts) and their queries, cached per user. */
import { queryOptions } from '@tanstack/react-query';
import type { BackupItem, BackupListData, BackupRestoreItem, BackupSettings, BackupSettingsData } from '@mtp/proto';
import { api } from '../../../api/instance';
import { download } from '../../../api/transfer';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const BACKUP_PATHS = { list: 'admin/backups', settings: 'admin/backups/settings' } as const;
export const BACKUP_PAGE_SIZE = 10;
/** While a backup or restore runs the list is asked again this often (its progress bars move). */
export const BACKUP_POLL_MS = 1500;

export const backupsKey = (user: SessionUser) => [...userKey(user), 'backups'] as const;

const running = (data: BackupListData | undefined) =>
  !!data &&
  (data.list.some((b) => b.status === 'queued' || b.status === 'running') ||
    data.last_restore?.status === 'queued' ||
    data.last_restore?.status === 'running');

export const backupListQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({
    queryKey: [...backupsKey(user), 'list', page] as const,
    queryFn: () => api.get<BackupListData>(BACKUP_PATHS.list, { page, page_size: BACKUP_PAGE_SIZE }),
    refetchInterval: (query) => (running(query.state.data) ? BACKUP_POLL_MS : false),
  });

export const backupSettingsQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: [...backupsKey(user), 'settings'] as const,
    queryFn: () => api.get<BackupSettingsData>(BACKUP_PATHS.settings),
  });

export const createBackup = () => api.post<BackupItem>(BACKUP_PATHS.list);
export const deleteBackup = (id: number) => api.request<null>(`${BACKUP_PATHS.list}/${id}`, { method: 'DELETE' });
export const restoreBackup = (id: number, confirm: string) =>
  api.post<BackupRestoreItem>(`${BACKUP_PATHS.list}/${id}/restore`, { confirm });
export const saveBackupSettings = (body: BackupSettings) => api.request<BackupSettingsData>(BACKUP_PATHS.settings, { method: 'PUT', body });
export const downloadBackup = (b: BackupItem) =>
  download(`${BACKUP_PATHS.list}/${b.backup_id}/download`, { fallbackName: `${b.name}.tar.gz` });

/** How far a backup is, 0-100: the dump (tables) is the first half, the files the second. */
export function backupPercent(b: BackupItem): number {
  if (b.status === 'done') return 100;
  if (b.status !== 'running') return 0;
  if (b.phase === 'database') return Math.round((b.tables_total > 0 ? b.tables_done / b.tables_total : 0) * 50);
  if (b.phase === 'files') return 50 + Math.round((b.files_total > 0 ? b.files_done / b.files_total : 1) * 49);
  return 99;
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
