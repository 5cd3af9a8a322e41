/**
 * Traffic limits (`/api/v1.0/admin/traffic...`, proto/src/ops-traffic.ts): the platform
 * administrator reads and changes the default frequency limit, the login limits and the
 * overrides of users (chosen by account), sites (by id) and API keys (by app_id). Each change
 * and its system-log line commit together; this replica then drops its cached settings, the
 * others read them again within TRAFFIC_CACHE_MS (ops' TrafficSettings).
 */
import { assertPlatformAdmin, findAppKey, findUserByAccount, recordAction, siteById, type AccountsDeps } from '@mtp/accounts';
import {
  deleteOverride,
  listOverrides,
  setDefaultLimit,
  setLoginLimits,
  setOverride,
  type TrafficOverride,
  type TrafficSettings,
} from '@mtp/ops';
import { inTransaction } from '@mtp/platform';
import {
  AppError,
  FrequencyLimitBody,
  LoginLimitsBody,
  Reply,
  TrafficOverrideBody,
  TrafficOverrideItem,
  TrafficOverrideKey,
  TrafficOverridesData,
  TrafficOverridesQuery,
  TrafficSettingsData,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';

/** A transaction's client (inTransaction's). */
type Client = Parameters<Parameters<typeof inTransaction>[1]>[0];

export type TrafficRouteOptions = { accounts: AccountsDeps; settings: TrafficSettings };

const item = (o: TrafficOverride): TrafficOverrideItem => ({
  scope: o.scope,
  subject: o.subject,
  label: o.label,
  max_requests: o.maxRequests,
  window_minutes: o.windowMinutes,
  updated_at: o.updatedAt.toISOString(),
});

/** The user (by account), site (by id) or key (app_id) an override names, and its label. */
async function subjectOf(client: Client, body: TrafficOverrideBody): Promise<{ subject: string; label: string }> {
  if (body.scope === 'user') {
    if (!body.account) throw new AppError('INVALID_PARAMS', 'account');
    const user = await findUserByAccount(client, body.account);
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
    return { subject: String(user.user_id), label: user.account };
  }
  if (body.scope === 'site') {
    if (!body.site_id) throw new AppError('INVALID_PARAMS', 'site_id');
    const site = await siteById(client, body.site_id); // SITE_NOT_FOUND when there is none
    return { subject: String(site.site_id), label: site.site_name };
  }
  if (!body.app_id) throw new AppError('INVALID_PARAMS', 'app_id');
  // Keys are kept lower-case: an id typed in capitals must still name (and limit) its key.
  const key = await findAppKey(client, body.app_id.trim());
  if (!key) throw new AppError('APP_KEY_NOT_FOUND');
  return { subject: key.app_id, label: key.app_id };
}

export const trafficRoutes: FastifyPluginAsyncTypebox<TrafficRouteOptions> = async (app, { accounts, settings }) => {
  const db = accounts.db;

  const current = async (): Promise<TrafficSettingsData> => {
    settings.invalidate();
    const s = await settings.snapshot();
    return {
      default: { max_requests: s.defaultLimit.maxRequests, window_minutes: s.defaultLimit.windowMinutes, from_env: s.defaultLimit.fromEnv },
      login: { per_account: s.login.perAccount, per_ip: s.login.perIp, window_minutes: s.login.windowMinutes, from_env: s.login.fromEnv },
    };
  };

  /** Runs a change with its log line in one transaction, then forgets this replica's copy. */
  async function change<T>(
    req: FastifyRequest,
    fn: (client: Client, log: (entry: Parameters<typeof recordAction>[2]) => Promise<void>) => Promise<T>,
  ) {
    await assertPlatformAdmin(db, requireUser(req));
    const actor = requestActor(req);
    try {
      return await inTransaction(db, (client) => fn(client, (entry) => recordAction(client, actor, entry)));
    } finally {
      settings.invalidate();
    }
  }

  app.get('/admin/traffic', { schema: { response: { 200: Reply(TrafficSettingsData) } } }, async (req) => {
    await assertPlatformAdmin(db, requireUser(req));
    return ok(req, await current());
  });

  app.get(
    '/admin/traffic/overrides',
    { schema: { querystring: TrafficOverridesQuery, response: { 200: Reply(TrafficOverridesData) } } },
    async (req) => {
      await assertPlatformAdmin(db, requireUser(req));
      const page = await listOverrides(db, { scope: req.query.scope, page: req.query.page, pageSize: req.query.page_size });
      return ok(req, { list: page.list.map(item), total: page.total, pages: page.pages, page: page.page, page_size: page.pageSize });
    },
  );

  app.post(
    '/admin/traffic/default',
    { schema: { body: FrequencyLimitBody, response: { 200: Reply(TrafficSettingsData) } } },
    async (req) => {
      const after = { maxRequests: req.body.max_requests, windowMinutes: req.body.window_minutes };
      await change(req, async (client, log) => {
        const before = await setDefaultLimit(client, after);
        await log({ action: 'traffic.set_default', targetType: 'traffic_limit', targetId: 'default', before, after });
      });
      return ok(req, await current());
    },
  );

  app.post('/admin/traffic/login', { schema: { body: LoginLimitsBody, response: { 200: Reply(TrafficSettingsData) } } }, async (req) => {
    const after = { perAccount: req.body.per_account, perIp: req.body.per_ip, windowMinutes: req.body.window_minutes };
    await change(req, async (client, log) => {
      const before = await setLoginLimits(client, after);
      await log({ action: 'traffic.set_login', targetType: 'login_limit', targetId: 'login', before, after });
    });
    return ok(req, await current());
  });

  app.post(
    '/admin/traffic/overrides',
    { schema: { body: TrafficOverrideBody, response: { 200: Reply(TrafficOverrideItem) } } },
    async (req) => {
      const { scope, max_requests: maxRequests, window_minutes: windowMinutes } = req.body;
      const saved = await change(req, async (client, log) => {
        const { subject, label } = await subjectOf(client, req.body);
        const before = await setOverride(client, { scope, subject, label, maxRequests, windowMinutes });
        await log({
          action: 'traffic.set_override',
          targetType: `traffic_${scope}`,
          targetId: subject,
          before,
          after: { label, maxRequests, windowMinutes },
        });
        return { scope, subject, label, maxRequests, windowMinutes, updatedAt: new Date() };
      });
      return ok(req, item(saved));
    },
  );

  app.post(
    '/admin/traffic/overrides/delete',
    { schema: { body: TrafficOverrideKey, response: { 200: Reply(TrafficOverrideItem) } } },
    async (req) => {
      const removed = await change(req, async (client, log) => {
        const gone = await deleteOverride(client, req.body.scope, req.body.subject);
        const before = { label: gone.label, maxRequests: gone.maxRequests, windowMinutes: gone.windowMinutes };
        await log({ action: 'traffic.delete_override', targetType: `traffic_${gone.scope}`, targetId: gone.subject, before });
        return gone;
      });
      return ok(req, item(removed));
    },
  );
};
