/**
 * Statistics (`/api/v1.0/admin/stats`, issue 19 item 2): the daily rollups of @mtp/ops over a
 * range, and the same figures as CSV. The platform administrator (ADMIN on the main site) sees
 * every site or the one asked for; anyone else who reaches admin routes (a manager, an enterprise
 * site's own administrator) sees their own site whatever `site_id` says. Today's figures are
 * recomputed first when older than a minute, so the page is never more than a minute behind.
 */
import { assertAdmin, assertPlatformAdmin, type AuthContext } from '@mtp/accounts';
import { checkRange, readStats, refreshRecent, statsCsv, type StatsSources } from '@mtp/ops';
import type { Db } from '@mtp/platform';
import { Reply, StatsData, StatsQuery } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { statsSourcesOf } from '../stats-sources';

export type StatsRoutesOptions = { db: Db; sources?: StatsSources; clock?: () => Date };

async function isPlatformAdmin(db: Db, ctx: AuthContext): Promise<boolean> {
  return assertPlatformAdmin(db, ctx).then(
    () => true,
    () => false,
  );
}

export const statsRoutes: FastifyPluginAsyncTypebox<StatsRoutesOptions> = async (app, opts) => {
  const sources = opts.sources ?? statsSourcesOf(opts.db);
  const clock = opts.clock ?? (() => new Date());

  const load = async (ctx: AuthContext, query: StatsQuery) => {
    assertAdmin(ctx);
    const { from, to } = checkRange(query.from, query.to);
    const platform = await isPlatformAdmin(opts.db, ctx);
    const siteId = platform ? (query.site_id ?? null) : ctx.siteId;
    await refreshRecent(opts.db, sources, from, to, clock());
    return readStats(opts.db, sources.usersByIds, { from, to, siteId, canChooseSite: platform });
  };

  app.get('/admin/stats', { schema: { querystring: StatsQuery, response: { 200: Reply(StatsData) } } }, async (req) =>
    ok(req, await load(requireUser(req), req.query)),
  );

  app.get('/admin/stats/export', { schema: { querystring: StatsQuery } }, async (req, reply) => {
    const data = await load(requireUser(req), req.query);
    const site = data.site_id === null ? 'all' : `site-${data.site_id}`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stats-${site}-${data.from}-${data.to}.csv"`)
      .send(statsCsv(data, req.lang));
  });
};
