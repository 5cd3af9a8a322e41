/**
 * Writing and reading reports: `createErrorReport` (the site's `text/error_report` and the public
 * API's error-report call) and `listErrorReports` (the admin's /error-reports page).
 */
import type { Db } from '@mtp/platform';
import { AppError, type ErrorReportItem, type ErrorReportList, type ErrorReportListQuery } from '@mtp/proto';
import { isStaff, likePattern, type Queryable } from '../banks/banks';
import { checkReport } from './report-rules';
import type { NewErrorReport, ReportStaff } from './types';

export const REPORTS_PAGE_SIZE = 10;
const DAY_MS = 86_400_000;

type ReportRow = Omit<ErrorReportItem, 'report_id' | 'entry_id' | 'resolved_at' | 'created_at'> & {
  report_id: string;
  entry_id: string | null;
  resolved_at: Date | null;
  created_at: Date;
};

const REPORT_SELECT = `SELECT r.report_id, r.user_id, u.account, u.username, r.site_id, r.app_id, r.origin, r.src_lang, r.tgt_lang,
  r.source, r.output, r.error_type, r.proposal, r.status, r.resolved_by, ru.account AS resolved_by_account, r.resolved_at,
  r.bank_id, b.name AS bank_name, r.entry_id, r.created_at
  FROM error_reports r
  JOIN users u ON u.user_id = r.user_id
  LEFT JOIN users ru ON ru.user_id = r.resolved_by
  LEFT JOIN tm_banks b ON b.bank_id = r.bank_id`;

/** `(source || ' ' || output || ' ' || proposal)`: the expression the trigram index is on. */
const REPORT_TEXT = `(r.source || ' ' || r.output || ' ' || r.proposal)`;

const toItem = (row: ReportRow): ErrorReportItem => ({
  ...row,
  report_id: Number(row.report_id),
  entry_id: row.entry_id === null ? null : Number(row.entry_id),
  resolved_at: row.resolved_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/** Stores a report (status open); answers its id. Checks of `checkReport` come first, so a refusal writes nothing. */
export async function createErrorReport(db: Db, input: NewErrorReport): Promise<{ report_id: number }> {
  const r = checkReport(input);
  const appId = input.origin === 'api' ? input.appId : null;
  if (input.origin === 'api' && !appId) throw new AppError('INVALID_PARAMS', 'app_id');
  const { rows } = await db.query<{ report_id: string }>(
    `INSERT INTO error_reports (user_id, site_id, app_id, origin, src_lang, tgt_lang, source, output, error_type, proposal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING report_id`,
    [input.userId, input.siteId, appId, input.origin, r.src_lang, r.tgt_lang, r.source, r.output, r.error_type, r.proposal],
  );
  return { report_id: Number(rows[0]!.report_id) };
}

/** 42000 for anyone but staff. */
export function assertReportStaff(staff: ReportStaff): void {
  if (!isStaff(staff)) throw new AppError('NO_PERMISSION', 'error reports are for administrators');
}

/** The condition limiting `r` to the reports the staff member sees, with its parameter. */
export function scopeOf(staff: ReportStaff, params: unknown[]): string {
  if (staff.allSites) return 'TRUE';
  params.push(staff.siteId);
  return `r.site_id = $${params.length}`;
}

function dayStart(value: string, name: string): Date {
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value)
    throw new AppError('INVALID_PARAMS', `${name} must be YYYY-MM-DD`);
  return at;
}

/** The WHERE clause of the staff member's scope and the page's filters. */
function filterOf(staff: ReportStaff, q: ErrorReportListQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conds = [scopeOf(staff, params)];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conds.push(sql(`$${params.length}`));
  };
  if (q.status) add((p) => `r.status = ${p}`, q.status);
  if (q.error_type !== undefined) add((p) => `r.error_type = ${p}`, q.error_type);
  if (q.src_lang) add((p) => `r.src_lang = ${p}`, q.src_lang);
  if (q.tgt_lang) add((p) => `r.tgt_lang = ${p}`, q.tgt_lang);
  if (q.site_id !== undefined) add((p) => `r.site_id = ${p}`, q.site_id);
  const keyword = q.keyword?.trim();
  if (keyword) add((p) => `${REPORT_TEXT} ILIKE ${p}`, likePattern(keyword));
  if (q.from) add((p) => `r.created_at >= ${p}`, dayStart(q.from, 'from'));
  // `to` is inclusive: up to the end of that day (UTC).
  if (q.to) add((p) => `r.created_at < ${p}`, new Date(dayStart(q.to, 'to').getTime() + DAY_MS));
  return { where: conds.join(' AND '), params };
}

/** The staff member's reports matching the filters, newest first. */
export async function listErrorReports(db: Db, staff: ReportStaff, q: ErrorReportListQuery = {}): Promise<ErrorReportList> {
  assertReportStaff(staff);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? REPORTS_PAGE_SIZE;
  const { where, params } = filterOf(staff, q);
  const n = params.length;
  const [counted, listed] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM error_reports r WHERE ${where}`, params),
    db.query<ReportRow>(`${REPORT_SELECT} WHERE ${where} ORDER BY r.report_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
  ]);
  const total = counted.rows[0]!.n;
  return { list: listed.rows.map(toItem), total, pages: Math.ceil(total / pageSize), page, page_size: pageSize };
}

/** One report as the list shows it (after a change). */
export async function selectReport(q: Queryable, reportId: number): Promise<ErrorReportItem> {
  const { rows } = await q.query<ReportRow>(`${REPORT_SELECT} WHERE r.report_id = $1`, [reportId]);
  return toItem(rows[0]!);
}
