/** The system log calls (`admin/system_log`, its CSV export) and their query, cached per user. */
import { queryOptions } from '@tanstack/react-query';
import type { SystemLogData, SystemLogFilter, SystemLogQuery } from '@mtp/proto';
import { api } from '../../../api/instance';
import { download } from '../../../api/transfer';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const SYSTEM_LOG_PATHS = { list: 'admin/system_log', export: 'admin/system_log/export' } as const;
export const SYSTEM_LOG_PAGE_SIZE = 20;

export function fetchSystemLog(query: SystemLogQuery): Promise<SystemLogData> {
  return api.get<SystemLogData>(SYSTEM_LOG_PATHS.list, { page_size: SYSTEM_LOG_PAGE_SIZE, ...query });
}

/** The filtered lines as CSV (every page), saved under the server's file name. */
export function exportSystemLog(filter: SystemLogFilter): Promise<void> {
  return download(SYSTEM_LOG_PATHS.export, { query: filter, fallbackName: 'system-log.csv' });
}

// Under the user's key: what a manager sees is their own site's lines only.
export const systemLogQueryOptions = (user: SessionUser, query: SystemLogQuery) =>
  queryOptions({ queryKey: [...userKey(user), 'system-log', query] as const, queryFn: () => fetchSystemLog(query) });
