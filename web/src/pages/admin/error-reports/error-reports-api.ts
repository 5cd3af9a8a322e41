/** The error-report calls (proto/src/error-reports.ts) and their queries, cached per user. */
import { queryOptions } from '@tanstack/react-query';
import type {
  ErrorReportBody,
  ErrorReportCreated,
  ErrorReportList,
  ErrorReportListQuery,
  ErrorReportMemories,
  ErrorReportToMemoryData,
  ResolvedErrorReports,
} from '@mtp/proto';
import { api } from '../../../api/instance';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const ERROR_REPORT_PATHS = {
  report: 'text/error_report',
  list: 'admin/error_reports',
  resolve: 'admin/error_reports/resolve',
  memories: 'admin/error_reports/memories',
  toMemory: 'admin/error_reports/to_memory',
} as const;
export const ERROR_REPORTS_PAGE_SIZE = 10;

// Under the user's key: a manager sees their own site's reports only.
export const errorReportsKey = (user: SessionUser) => [...userKey(user), 'error-reports'] as const;

export const errorReportsQueryOptions = (user: SessionUser, query: ErrorReportListQuery) =>
  queryOptions({
    queryKey: [...errorReportsKey(user), 'list', query] as const,
    queryFn: () => api.get<ErrorReportList>(ERROR_REPORT_PATHS.list, { page_size: ERROR_REPORTS_PAGE_SIZE, ...query }),
  });

/** The system memories a report of this pair may go into, for the caller. */
export const reportMemoriesQueryOptions = (user: SessionUser, pair: { src_lang: string; tgt_lang: string }) =>
  queryOptions({
    queryKey: [...errorReportsKey(user), 'memories', pair.src_lang, pair.tgt_lang] as const,
    queryFn: () => api.get<ErrorReportMemories>(ERROR_REPORT_PATHS.memories, pair),
  });

export const sendErrorReport = (body: ErrorReportBody) => api.post<ErrorReportCreated>(ERROR_REPORT_PATHS.report, body);
export const resolveReports = (reportIds: number[]) =>
  api.post<ResolvedErrorReports>(ERROR_REPORT_PATHS.resolve, { report_ids: reportIds });
export const addReportToMemory = (reportId: number, bankId: number) =>
  api.post<ErrorReportToMemoryData>(ERROR_REPORT_PATHS.toMemory, { report_id: reportId, bank_id: bankId });
