/**
 * Staff actions on reports: resolving a selection, and adding a report's proposal to a system
 * memory. Each runs in one transaction with its system-log lines (`audit`), so a report is never
 * marked resolved without its entry, nor the other way round.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, ROLES, type BankItem, type ErrorReportItem, type ErrorReportToMemoryData, type LanguageCode } from '@mtp/proto';
import { loadBank, toBankItem, type BankRow } from '../banks/banks';
import { insertEntryWith } from '../banks/entries';
import type { TxClient } from '../banks/types';
import { assertReportStaff, scopeOf, selectReport } from './report-list';
import type { ReportAudit, ReportStaff } from './types';

type LockedReport = {
  report_id: string;
  site_id: number;
  status: string;
  src_lang: string;
  tgt_lang: string;
  source: string;
  proposal: string;
  entry_id: string | null;
};

/** Locks the reports the staff member sees among `ids`; one missing or out of scope is 44061 (nothing changes). */
async function lockReports(client: TxClient, staff: ReportStaff, ids: number[]): Promise<LockedReport[]> {
  const params: unknown[] = [ids];
  const scope = scopeOf(staff, params);
  const { rows } = await client.query<LockedReport>(
    `SELECT r.report_id, r.site_id, r.status, r.src_lang, r.tgt_lang, r.source, r.proposal, r.entry_id
     FROM error_reports r WHERE r.report_id = ANY($1::bigint[]) AND ${scope} ORDER BY r.report_id FOR UPDATE`,
    params,
  );
  const found = new Set(rows.map((r) => Number(r.report_id)));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError('ERROR_REPORT_NOT_FOUND', `report ${missing}`);
  return rows;
}

/** Marks the open ones among `reportIds` resolved; answers how many were open. Resolving twice is harmless. */
export async function resolveErrorReports(
  db: Db,
  staff: ReportStaff,
  reportIds: number[],
  audit?: ReportAudit,
): Promise<{ resolved: number }> {
  assertReportStaff(staff);
  const ids = [...new Set(reportIds)];
  return inTransaction(db, async (client) => {
    const open = (await lockReports(client, staff, ids)).filter((r) => r.status === 'open');
    if (open.length === 0) return { resolved: 0 };
    await client.query(
      `UPDATE error_reports SET status = 'resolved', resolved_by = $2, resolved_at = now() WHERE report_id = ANY($1::bigint[])`,
      [open.map((r) => r.report_id), staff.userId],
    );
    for (const r of open) {
      await audit?.(client, {
        action: 'error_report.resolve',
        targetType: 'error_report',
        targetId: Number(r.report_id),
        before: { status: 'open' },
        after: { status: 'resolved' },
        siteId: r.site_id,
      });
    }
    return { resolved: open.length };
  });
}

/** Whether a memory takes entries of this pair: its own, or the reverse in a two-way memory. */
const takesPair = (bank: Pick<BankRow, 'src_lang' | 'tgt_lang' | 'tow_way'>, src: string, tgt: string) =>
  (bank.src_lang === src && bank.tgt_lang === tgt) || (bank.tow_way === 1 && bank.src_lang === tgt && bank.tgt_lang === src);

/**
 * Adds source -> proposal to a system memory (flag 0, system 0) the staff member may write (the
 * rule of `loadBank`: administrators any, managers their site's; 42000 otherwise) and marks the
 * report resolved, in one transaction. Refused: a report out of scope (44061), one already added
 * (44064), an empty proposal (44062), a memory of another pair (44063), an entry the memory's
 * rules refuse (40019: a source over the entry limit, say).
 */
export async function addReportToMemory(
  db: Db,
  staff: ReportStaff,
  ref: { reportId: number; bankId: number },
  audit?: ReportAudit,
): Promise<ErrorReportToMemoryData> {
  assertReportStaff(staff);
  return inTransaction(db, async (client) => {
    const report = (await lockReports(client, staff, [ref.reportId]))[0]!;
    if (report.entry_id !== null) throw new AppError('ERROR_REPORT_IN_MEMORY');
    if (!report.proposal.trim()) throw new AppError('ERROR_REPORT_NO_PROPOSAL');
    const bank = await loadBank(client, staff, { bankId: ref.bankId, flag: 0, systemOrIndividual: 0 }, 'write', true);
    if (!takesPair(bank, report.src_lang, report.tgt_lang)) throw new AppError('ERROR_REPORT_PAIR_MISMATCH');
    const entry = await insertEntryWith(
      client,
      db,
      staff,
      {
        flag: 0,
        system_or_individual: 0,
        bank_id: bank.bank_id,
        source: report.source,
        translated: report.proposal,
        src_lang: report.src_lang as LanguageCode,
        tgt_lang: report.tgt_lang as LanguageCode,
      },
      { plan: null, audit },
    );
    await client.query(
      `UPDATE error_reports SET bank_id = $2, entry_id = $3,
         resolved_by = CASE WHEN status = 'open' THEN $4 ELSE resolved_by END,
         resolved_at = coalesce(resolved_at, now()), status = 'resolved'
       WHERE report_id = $1`,
      [report.report_id, bank.bank_id, entry.entry_id, staff.userId],
    );
    await audit?.(client, {
      action: 'error_report.to_memory',
      targetType: 'error_report',
      targetId: Number(report.report_id),
      before: { status: report.status },
      after: {
        status: 'resolved',
        bank_id: bank.bank_id,
        bank_name: bank.name,
        entry_id: entry.entry_id,
        source: entry.source,
        translated: entry.translated,
      },
      siteId: report.site_id,
    });
    const item: ErrorReportItem = await selectReport(client, Number(report.report_id));
    return { report: item, entry_id: entry.entry_id };
  });
}

/**
 * The system memories a report of `src -> tgt` may go into for this staff member: that pair (or a
 * two-way memory of the reverse), administrators' any site's, managers' their own site's.
 */
export async function listReportMemories(db: Db, staff: ReportStaff, pair: { src_lang: string; tgt_lang: string }): Promise<BankItem[]> {
  assertReportStaff(staff);
  const params: unknown[] = [pair.src_lang, pair.tgt_lang];
  let where = `flag = 0 AND system_or_individual = 0
    AND ((src_lang = $1 AND tgt_lang = $2) OR (tow_way = 1 AND src_lang = $2 AND tgt_lang = $1))`;
  if (staff.role !== ROLES.ADMIN) {
    params.push(staff.siteId);
    where += ` AND site_id = $${params.length}`;
  }
  const { rows } = await db.query<BankRow>(`SELECT * FROM tm_banks WHERE ${where} ORDER BY name, bank_id`, params);
  return rows.map(toBankItem);
}
