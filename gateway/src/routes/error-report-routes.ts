/**
 * Translation error reports from the site and their admin screen (issue 20 item 6,
 * proto/src/error-reports.ts), under /api/v1.0:
 * - `POST text/error_report`: a signed-in user reports a bad translation. Free visitors cannot
 *   (401 like every call off the whitelist): a report needs an account that staff can follow up
 *   and that the frequency limit counts, and an anonymous form would invite spam into the list.
 * - staff, `admin/error_reports...`: the admin-only hook answers 42000 to anyone else first. The
 *   platform administrator (role 0 on the main site) sees and handles every report; a manager (or
 *   an enterprise site's administrator) their own site's, another report answering 44061 as if it
 *   did not exist. `to_memory` writes into a system memory under the language service's rule for
 *   system banks (administrators any, managers their site's).
 * Resolving writes `error_report.resolve` per report, adding `error_report.to_memory` (and the
 * bank's `entry.create`) to the system log, in the change's transaction.
 */
import { recordAction, staffCallerOf } from '@mtp/accounts';
import {
  addReportToMemory,
  createErrorReport,
  listErrorReports,
  listReportMemories,
  resolveErrorReports,
  type ReportAudit,
  type ReportStaff,
} from '@mtp/language';
import {
  ErrorReportBody,
  ErrorReportCreated,
  ErrorReportList,
  ErrorReportListQuery,
  ErrorReportMemories,
  ErrorReportMemoriesQuery,
  ErrorReportToMemoryBody,
  ErrorReportToMemoryData,
  ResolvedErrorReports,
  ResolveErrorReportsBody,
  Reply,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import type { PublicApiDeps } from '../public-api/public-api-deps';

const TYPES_TEXT = '1 mistranslation, 2 omission or addition, 3 terminology, 4 grammar or fluency, 5 formatting or punctuation, 6 other';

export const errorReportRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** The caller as staff: `allSites` for the platform administrator only. */
  async function staffOf(req: FastifyRequest): Promise<ReportStaff> {
    const caller = await staffCallerOf(db, requireUser(req), requestActor(req));
    return { userId: caller.userId, role: caller.role, siteId: caller.siteId, allSites: caller.admin };
  }

  /** The caller's log lines, written with the transaction client the language service passes. */
  const auditOf =
    (req: FastifyRequest): ReportAudit =>
    (client, entry) =>
      recordAction(client, requestActor(req), entry);

  app.post(
    '/text/error_report',
    {
      schema: {
        summary: 'Report a translation error',
        description:
          `A signed-in user reports a bad translation: the source, the output it got, the error type (${TYPES_TEXT}; ` +
          'another number answers 10018) and an optional proposal. Texts of at most 5,000 characters (40019).',
        body: ErrorReportBody,
        response: { 200: Reply(ErrorReportCreated) },
      },
    },
    async (req) => {
      const { userId, siteId } = requireUser(req);
      return ok(req, await createErrorReport(db, { ...req.body, userId, siteId, origin: 'site' }));
    },
  );

  app.get(
    '/admin/error_reports',
    {
      schema: {
        summary: 'Error reports (staff)',
        description:
          'Reports newest first, filtered by status, error type, language pair, keyword (source, output or proposal), ' +
          "site and days (YYYY-MM-DD, UTC, inclusive). The platform administrator sees every site's, other staff their own site's.",
        querystring: ErrorReportListQuery,
        response: { 200: Reply(ErrorReportList) },
      },
    },
    async (req) => ok(req, await listErrorReports(db, await staffOf(req), req.query)),
  );

  app.post(
    '/admin/error_reports/resolve',
    {
      schema: {
        summary: 'Resolve error reports (staff)',
        description:
          'Marks the open ones among `report_ids` resolved and answers how many; a report the caller may not see answers 44061 and nothing changes.',
        body: ResolveErrorReportsBody,
        response: { 200: Reply(ResolvedErrorReports) },
      },
    },
    async (req) => ok(req, await resolveErrorReports(db, await staffOf(req), req.body.report_ids, auditOf(req))),
  );

  app.get(
    '/admin/error_reports/memories',
    {
      schema: {
        summary: 'System memories for a report (staff)',
        description: 'The system memories of the pair (or two-way ones of the reverse pair) the caller may add entries to.',
        querystring: ErrorReportMemoriesQuery,
        response: { 200: Reply(ErrorReportMemories) },
      },
    },
    async (req) => ok(req, { list: await listReportMemories(db, await staffOf(req), req.query) }),
  );

  app.post(
    '/admin/error_reports/to_memory',
    {
      schema: {
        summary: 'Add a report to a system memory (staff)',
        description:
          "Adds the report's source -> proposal to the system memory `bank_id` and marks the report resolved, together. " +
          'Refused: an empty proposal (44062), a memory of another pair (44063), a report added already (44064).',
        body: ErrorReportToMemoryBody,
        response: { 200: Reply(ErrorReportToMemoryData) },
      },
    },
    async (req) => {
      const ref = { reportId: req.body.report_id, bankId: req.body.bank_id };
      return ok(req, await addReportToMemory(db, await staffOf(req), ref, auditOf(req)));
    },
  );
};
