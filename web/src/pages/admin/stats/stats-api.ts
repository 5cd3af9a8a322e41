/** The statistics calls (`admin/stats`, its CSV export) and their query, cached per user. */
import { queryOptions } from '@tanstack/react-query';
import type { StatsData, StatsQuery } from '@mtp/proto';
import { api } from '../../../api/instance';
import { download } from '../../../api/transfer';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const STATS_PATHS = { stats: 'admin/stats', export: 'admin/stats/export' } as const;

export function fetchStats(query: StatsQuery): Promise<StatsData> {
  return api.get<StatsData>(STATS_PATHS.stats, query);
}

/** The range's figures as CSV, saved under the server's file name. */
export function exportStats(query: StatsQuery): Promise<void> {
  return download(STATS_PATHS.export, { query, fallbackName: 'stats.csv' });
}

// Under the user's key: a manager's figures are their own site's only.
export const statsQueryOptions = (user: SessionUser, query: StatsQuery) =>
  queryOptions({ queryKey: [...userKey(user), 'stats', query] as const, queryFn: () => fetchStats(query), staleTime: 30_000 });
