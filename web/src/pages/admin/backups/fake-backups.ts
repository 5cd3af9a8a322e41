/**
 * Test support: canned backup answers in proto's shape over the fake gateway, so render tests
 * run the real client, queries and guards. Only the platform administrator's token is answered;
 * a manager's or a normal user's gets 42000, as from the server.
 */
import type { BackupItem, BackupListData } from '@mtp/proto';
import { createFakeGateway } from '../../../test-utils/fake-gateway';

export function fakeBackup(backup_id: number, extra: Partial<BackupItem> = {}): BackupItem {
  return {
    backup_id,
    name: `mtp-backup-20260301-03000${backup_id}`,
    status: 'done',
    phase: 'done',
    trigger: 'scheduled',
    bytes_done: 5 * 1024 * 1024,
    files_done: 12,
    files_total: 12,
    tables_done: 40,
    tables_total: 40,
    error: '',
    created_by: 'schedule',
    created_at: '2026-03-01T03:00:00Z',
    finished_at: '2026-03-01T03:01:00Z',
    ...extra,
  };
}

export function createBackupsGateway(list: BackupItem[]) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (!path.startsWith('admin/backups')) return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    if (bearer !== 'admin') return new Response(JSON.stringify({ code: 42000, msg: 'No permission', data: null }));
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
    if (path === 'admin/backups/settings') return ok({ schedule: '0 3 * * *', retention: 7, next_run: '2026-03-02T03:00:00Z' });
    const data: BackupListData = { list, total: list.length, pages: 1, page: 1, page_size: 10, last_restore: null };
    return ok(data);
  };
  return { fetch, requests: base.requests };
}
