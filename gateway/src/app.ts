/**
 * Builds the gateway: one Fastify app with the envelope, auth, the REST routes under
 * /api/v1.0/ and, in single-machine mode, the web app. Tests build it with `app.inject()`.
 */
import multipart from '@fastify/multipart';
import type { AccountsDeps } from '@mtp/accounts';
import type { Db, Logger } from '@mtp/platform';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authModeOf, authPlugin, type AuthMode } from './plugins/auth';
import { adminOnlyPlugin, isAdminOnlyRoute } from './plugins/admin-only';
import { envelopePlugin } from './plugins/envelope';
import { requestIdFor, requestIdPlugin } from './plugins/request-id';
import { webAppPlugin } from './plugins/web-app';
import { addinAssetsPlugin, type AddinAssets } from './plugins/addin-assets';
import { billingRoutes } from './routes/billing-routes';
import { codeRoutes } from './routes/code-routes';
import { languageRoutes } from './routes/language-routes';
import { transferRoutes } from './routes/transfer-routes';
import { remaining } from '@mtp/billing';
import { permissionRoutes } from './routes/permission-routes';
import { siteRoutes } from './routes/site-routes';
import { companyRoutes } from './routes/company-routes';
import { translationRoutes } from './routes/translation-routes';
import { userRoutes } from './routes/user-routes';
import { scanDepsOf, type DocDeps, type TextJobDeps } from '@mtp/tasks';
import { documentRoutes } from './routes/document-routes';
import { postEditRoutes } from './routes/post-edit-routes';
import { postEditCheckRoutes } from './routes/post-edit-check-routes';
import { postEditExportRoutes } from './routes/post-edit-export-routes';
import { adminRoutes } from './routes/admin-routes';
import { userAdminRoutes } from './routes/user-admin-routes';
import { cashierRoutes } from './routes/cashier-routes';
import { commerceAdminRoutes } from './routes/commerce-admin-routes';
import { commerceRoutes } from './routes/commerce-routes';
import { setupCommerce, type CommerceOptions } from './routes/commerce-setup';
import { messageRoutes } from './routes/message-routes';
import { contentRoutes } from './routes/content-routes';
import { homeRoutes } from './routes/home-routes';
import { TrafficSettings, type DeviceController, type DeviceRegistry } from '@mtp/ops';
import { deviceRoutes } from './routes/device-routes';
import { resolveSite } from '@mtp/accounts';
import { ROLES } from '@mtp/proto';
import { trafficRoutes } from './routes/traffic-routes';
import { systemLogRoutes } from './routes/system-log-routes';
import { backupRoutes, type BackupDeps } from './routes/backup-routes';
import { statsRoutes } from './routes/stats-routes';
import { forbidNulPlugin } from './plugins/forbid-nul';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { openapiPlugin } from './openapi/openapi-plugin';
import { metricsPlugin, PROBE_LOG_LEVEL, type MetricsOptions } from './metrics/metrics-plugin';
import { apiCallerPlugin } from './public-api/api-caller';
import { DEFAULT_API_TOKEN_TTL_S, type PublicApiDeps } from './public-api/public-api-deps';
import { nativeApi } from './public-api/native/native-api';
import { deeplApi } from './public-api/deepl/deepl-api';
import { libreApi } from './public-api/libre/libre-api';
import { appKeyRoutes } from './routes/app-key-routes';
import { errorReportRoutes } from './routes/error-report-routes';
import { termExtractionRoutes } from './routes/term-extraction-routes';
import { webTranslationRoutes } from './routes/web-translation-routes';
import { pictureTranslationRoutes } from './routes/picture-translation-routes';
import { DEFAULT_RATE_LIMITS, DEFAULT_TRAFFIC, type RateLimits, type TrafficConfig, type TrustProxy } from './security-settings';

export type AppDeps = {
  db: Db;
  accounts: AccountsDeps;
  text: TextJobDeps;
  /** Document translation (needs object storage); absent: its routes are not served. */
  docs?: DocDeps | null;
  webDist?: string;
  /** The add-ins' builds (/office-addin/, /downloads/); absent: those paths answer 404 (not built). */
  addins?: AddinAssets;
  logger?: boolean | { level: string };
  /** The process's pino logger (`createLogger` of @mtp/platform); replaces `logger`. */
  loggerInstance?: Logger;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); default: none. */
  trustProxy?: TrustProxy;
  /** Limits of login and the code calls (RATE_LIMIT_*); default: DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimits;
  /** The frequency limit until an administrator sets one (TRAFFIC_*); default: DEFAULT_TRAFFIC. */
  traffic?: TrafficConfig;
  /** Origins allowed to frame the app (FRAME_ANCESTORS); default: none. */
  frameAncestors?: string[];
  /** Plans, orders and payment: BILLING, the clock, the onPaid hook; default: billing on. */
  commerce?: CommerceOptions;
  /** The device registry of this process (the admin home's devices up); absent: unknown. */
  devices?: DeviceRegistry | null;
  /** Device settings (the /device-mgr calls); absent: those calls are not served. */
  deviceControl?: DeviceController | null;
  /** Backups (/backups): the bus, storage and this process's backup runner; absent: not served. */
  backups?: BackupDeps | null;
  /** Who may read GET /metrics beside this host itself (METRICS_ALLOW, METRICS_TOKEN); default: nobody else. */
  metrics?: MetricsOptions;
  /** Lifetime of a public-API token in seconds (API_TOKEN_TTL_S); default 7200. */
  apiTokenTtlSeconds?: number;
  /** How long the native `open/doc/translate` waits for its file (tests shorten it); default OPEN_DOC_SYNC.waitMs. */
  apiDocSyncWaitMs?: number;
  /** True once the process started to stop (SIGTERM): /readyz answers 503 from then on. */
  draining?: () => boolean;
};

/** `adminOnly`: only administrators and managers may call it (plugins/admin-only.ts). */
export type RouteEntry = { method: string; url: string; auth: AuthMode; adminOnly: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the auth mode it runs under (for the whitelist tests and the docs). */
    routeList: RouteEntry[];
  }
}

/** This replica's cached traffic settings; the environment's values apply until some are set. */
function trafficSettingsOf(deps: AppDeps): { settings: TrafficSettings; minuteMs: number } {
  const config = deps.traffic ?? DEFAULT_TRAFFIC;
  const login = (deps.rateLimits ?? DEFAULT_RATE_LIMITS).login;
  const defaults = {
    frequency: config.defaultLimit,
    login: { perAccount: login.perAccount, perIp: login.perIp, windowMinutes: login.windowSeconds / 60 },
  };
  return { settings: new TrafficSettings(deps.db, defaults, config.cacheMs), minuteMs: config.minuteMs };
}

/** ADMIN on the main site; the main site's id is read once (it never changes). */
function platformAdminCheck(db: Db) {
  let mainSite: Promise<number> | null = null;
  return async (auth: { role: number; siteId: number }) => {
    if (auth.role !== ROLES.ADMIN) return false;
    mainSite ??= resolveSite(db).then(
      (site) => site.site_id,
      (err: unknown) => {
        mainSite = null;
        throw err;
      },
    );
    return auth.siteId === (await mainSite);
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Trusting every X-Forwarded-For would let any client choose its address (and so its visitor
  // quota bucket and rate-limit key): only the configured proxies may say who the client is.
  const trust = deps.trustProxy ?? false;
  // A hop count is the operator's word that nothing reaches the gateway except through that many
  // proxies; Fastify 5.12 refuses a bare number (it cannot check the peer), so it becomes this.
  const trustProxy = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  // Typed as Fastify's base logger so the app keeps the type every route plugin expects.
  const logging = deps.loggerInstance ? { loggerInstance: deps.loggerInstance as FastifyBaseLogger } : { logger: deps.logger ?? false };
  const app = Fastify({
    ...logging,
    trustProxy,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods.filter((m) => m !== 'HEAD')) {
      routeList.push({
        method,
        url: route.url,
        auth: authModeOf(route.url, route.config?.auth),
        adminOnly: isAdminOnlyRoute(route.url, route.config),
      });
    }
  });
  // First: every later hook, route and log line runs under the request's id.
  await app.register(requestIdPlugin);
  await app.register(envelopePlugin);
  // First after the envelope: its onResponse hook times every route, and /metrics, /readyz live here.
  await app.register(metricsPlugin, {
    db: deps.db,
    bus: deps.text.bus,
    pool: deps.text.pool,
    devices: deps.devices ?? null,
    metrics: deps.metrics ?? { allow: [] },
    storage: deps.docs?.storage ?? null,
    draining: deps.draining,
  });
  await app.register(securityHeadersPlugin, { frameAncestors: deps.frameAncestors });
  await app.register(authPlugin, { accounts: deps.accounts });
  const publicApi: PublicApiDeps = {
    db: deps.db,
    accounts: deps.accounts,
    text: deps.text,
    docs: deps.docs ?? null,
    apiTokenTtlSeconds: deps.apiTokenTtlSeconds ?? DEFAULT_API_TOKEN_TTL_S,
    ...(deps.apiDocSyncWaitMs ? { docSyncWaitMs: deps.apiDocSyncWaitMs } : {}),
  };
  // Before the rate limits: a public-API caller is counted under its key (req.apiAppId).
  await app.register(apiCallerPlugin, { deps: publicApi });
  await app.register(adminOnlyPlugin);
  await app.register(forbidNulPlugin);
  const traffic = trafficSettingsOf(deps);
  await app.register(rateLimitsPlugin, {
    db: deps.db,
    limits: deps.rateLimits,
    traffic: { settings: traffic.settings, minuteMs: traffic.minuteMs, isPlatformAdmin: platformAdminCheck(deps.db) },
  });
  await app.register(multipart, { limits: { files: 5, fields: 20 } });
  // Before the routes: it documents each route as it is added (GET /api/v1.0/openapi.json).
  await app.register(openapiPlugin);

  // Liveness only (the process answers): a database or bus outage must not get every replica
  // restarted by its liveness probe; /readyz (metrics-plugin.ts) checks them.
  app.get('/healthz', { logLevel: PROBE_LOG_LEVEL }, async () => ({ status: 'ok' }));

  const commerce = await setupCommerce(app, deps.db, deps.commerce);
  await app.register(cashierRoutes, commerce);

  await app.register(
    async (api) => {
      await api.register(userRoutes, { accounts: deps.accounts });
      await api.register(codeRoutes, { accounts: deps.accounts });
      await api.register(permissionRoutes, { accounts: deps.accounts });
      const pictures = deps.docs ? { bus: deps.docs.bus, storage: deps.docs.storage } : null;
      await api.register(siteRoutes, { accounts: deps.accounts, pictures });
      await api.register(companyRoutes, { accounts: deps.accounts, pictures });
      await api.register(billingRoutes, { db: deps.db });
      await api.register(translationRoutes, { deps: deps.text });
      const planOf = async (userId: number) => (await remaining(deps.db, userId)).plan_code;
      await api.register(languageRoutes, { db: deps.db, planOf });
      await api.register(transferRoutes, { db: deps.db, planOf });
      if (deps.docs) await api.register(documentRoutes, { docs: deps.docs });
      const scans = scanDepsOf(deps.docs);
      if (scans) await api.register(termExtractionRoutes, { scans, planOf });
      if (deps.docs) await api.register(postEditRoutes, { docs: deps.docs, planOf });
      if (deps.docs) await api.register(postEditCheckRoutes, { docs: deps.docs, planOf });
      if (deps.docs) await api.register(postEditExportRoutes, { docs: deps.docs, planOf });
      if (deps.docs) await api.register(webTranslationRoutes, { docs: deps.docs });
      if (deps.docs) await api.register(pictureTranslationRoutes, { docs: deps.docs });
      await api.register(adminRoutes, { db: deps.db });
      await api.register(userAdminRoutes, { accounts: deps.accounts, clock: commerce.clock });
      await api.register(commerceRoutes, commerce);
      await api.register(commerceAdminRoutes, commerce);
      await api.register(messageRoutes, { db: deps.db });
      await api.register(contentRoutes, { db: deps.db });
      await api.register(homeRoutes, { db: deps.db, devices: deps.devices ?? null });
      await api.register(systemLogRoutes, { accounts: deps.accounts });
      if (deps.devices && deps.deviceControl) {
        await api.register(deviceRoutes, { db: deps.db, registry: deps.devices, controller: deps.deviceControl });
      }
      if (deps.backups) await api.register(backupRoutes, { accounts: deps.accounts, backups: deps.backups });
      await api.register(trafficRoutes, { accounts: deps.accounts, settings: traffic.settings });
      await api.register(statsRoutes, { db: deps.db });
      await api.register(appKeyRoutes, { deps: publicApi });
      await api.register(errorReportRoutes, { deps: publicApi });
      await api.register(nativeApi, { deps: publicApi, prefix: '/open' });
    },
    { prefix: '/api/v1.0' },
  );

  // The compatible APIs live outside /api/v1.0/, where their clients expect them.
  await app.register(deeplApi, { deps: publicApi, prefix: '/v2' });
  await app.register(libreApi, { deps: publicApi });

  await app.register(addinAssetsPlugin, { assets: deps.addins ?? null });
  await app.register(webAppPlugin, { webDist: deps.webDist ?? '' });
  return app;
}
