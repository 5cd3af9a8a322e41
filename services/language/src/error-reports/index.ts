export { createErrorReport, listErrorReports, REPORTS_PAGE_SIZE } from './report-list';
export { addReportToMemory, listReportMemories, resolveErrorReports } from './report-actions';
export { checkReport } from './report-rules';
export type { NewErrorReport, ReportAudit, ReportAuditEntry, ReportStaff } from './types';
