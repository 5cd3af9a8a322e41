/**
 * The system log (`/api/v1.0/admin/system_log...`, issue 18 item 4): administrators read every
 * line, managers their own enterprise's (accounts' `listSystemLog` applies the scope), others
 * get 42000. The export takes the same filter and answers CSV.
 */
import { exportSystemLogCsv, listSystemLog, type AccountsDeps } from '@mtp/accounts';
import { Reply, SystemLogData, SystemLogFilter, SystemLogQuery } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export const systemLogRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsDeps }> = async (app, { accounts }) => {
  app.get('/admin/system_log', { schema: { querystring: SystemLogQuery, response: { 200: Reply(SystemLogData) } } }, async (req) =>
    ok(req, await listSystemLog(accounts.db, requireUser(req), req.query)),
  );

  app.get('/admin/system_log/export', { schema: { querystring: SystemLogFilter } }, async (req, reply) => {
    const csv = await exportSystemLogCsv(accounts.db, requireUser(req), req.query, req.lang);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="system-log-${day}.csv"`)
      .send(csv);
  });
};
