/**
 * Starts the whole platform in one process: the database (embedded or external), migrations,
 * the first site and administrator, the accounts service and the gateway. `main.ts` and the
 * end-to-end tests both start it this way, so they exercise the same path.
 */
import { accountsMigrations, bootstrapAccounts, createAccounts, type BootstrapResult } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { tasksMigrations } from '@mtp/tasks';
import { languageMigrations } from '@mtp/language';
import { opsMigrations } from '@mtp/ops';
import {
  createBus,
  createStorage,
  openDatabase,
  type Bus,
  type Logger,
  runMigrations,
  type Migration,
  type OpenedDatabase,
} from '@mtp/platform';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { startTranslationRuntime, type TranslationRuntime } from './translation-runtime';
import { startNoticeSweeper } from './billing-notices-sweep';
import { startSystemLogSweeper } from './system-log-sweep';
import { startBackups } from './backup-host';
import { startStatsRollup } from '@mtp/ops';
import { statsSourcesOf } from './stats-sources';

export type Platform = {
  app: FastifyInstance;
  database: OpenedDatabase;
  admin: BootstrapResult;
  translation: TranslationRuntime;
  bus: Bus;
  /** Listens on the configured host and port; answers the base URL. */
  listen: () => Promise<string>;
  close: () => Promise<void>;
};

/** Every service's migrations, in the order they must run (billing's tables reference users). */
export async function allMigrations(): Promise<Migration[]> {
  return [
    ...(await accountsMigrations()),
    ...(await billingMigrations()),
    ...(await tasksMigrations()),
    ...(await languageMigrations()),
    ...(await opsMigrations()),
  ];
}

/**
 * Why 10 s: a request in flight is a translation or an upload, seconds long; this leaves the rest
 * of Kubernetes' 30 s grace for handing back jobs (the bus's close deadline).
 */
export const HTTP_DRAIN_DEADLINE_MS = 10_000;

/** Closes the listener and waits for the requests in flight, cutting those still open past the deadline. */
async function drainHttp(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      app.server.closeAllConnections();
      resolve();
    }, HTTP_DRAIN_DEADLINE_MS);
  });
  await Promise.race([app.close(), late]);
  clearTimeout(timer);
}

export type StartOptions = {
  logger?: boolean | { level: string };
  /** The process's pino logger for the gateway's request lines (replaces `logger`). */
  loggerInstance?: Logger;
  log?: (line: string) => void;
};

export async function startPlatform(config: Config, opts: StartOptions = {}): Promise<Platform> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // What has started so far, stopped in reverse order if a later step fails.
  const started: (() => Promise<void>)[] = [() => database.close()];
  try {
    const applied = await runMigrations(database.db, await allMigrations());
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    const admin = await bootstrapAccounts(database.db, { adminAccount: config.adminAccount, adminPassword: config.adminPassword });
    const accounts = await createAccounts({
      db: database.db,
      log,
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      jwtSecret: config.jwtSecret,
      rsaPrivateKey: config.rsaPrivateKey,
      tokenSettings: { accessTtlSeconds: config.accessTtlSeconds, refreshTtlSeconds: config.refreshTtlSeconds },
    });
    const bus = await createBus({ natsUrl: config.natsUrl, name: 'gateway' });
    const storage = createStorage({ storageDir: config.storageDir, s3Url: config.s3Url });
    started.unshift(() => storage.close());
    started.unshift(() => bus.close());
    const translation = await startTranslationRuntime({
      db: database.db,
      bus,
      mtWorker: config.runMtWorker
        ? { modelsDir: config.modelsDir, threads: config.mtThreads, spin: config.mtSpin, remote: config.mtRemote }
        : null,
      docWorker: config.runDocWorker,
      pool: config.mtPool,
      storage,
      log,
      orphanUploadAgeMs: config.orphanUploadAgeS * 1000,
    });
    started.unshift(() => translation.stop());
    // Plans expiring or expired, low balances, frozen packages: posted to the message center.
    const notices = startNoticeSweeper({ db: database.db, log });
    started.unshift(() => notices.stop());
    // System-log lines past SYSTEM_LOG_RETENTION_DAYS, deleted once a day.
    const logSweep = startSystemLogSweeper({ db: database.db, retentionDays: config.systemLogRetentionDays, log });
    started.unshift(() => logSweep.stop());
    // Statistics' daily rollups: the backfill now, then today every few minutes.
    const statsJob = startStatsRollup({ db: database.db, sources: statsSourcesOf(database.db), log });
    started.unshift(() => statsJob.stop());
    // Backups: this process takes its share of ops.backup jobs and fires the schedule.
    const backups = await startBackups(config, { db: database.db, bus, storage, migrations: await allMigrations(), log });
    started.unshift(() => backups.runner.stop());
    // Set at the start of close(): /readyz answers 503 while in-flight requests finish.
    let draining = false;
    const app = await buildApp({
      draining: () => draining,
      db: database.db,
      accounts,
      text: translation.text,
      docs: translation.docs,
      devices: translation.devices,
      deviceControl: translation.deviceControl,
      webDist: config.webDist,
      addins: { officeAddinDist: config.officeAddinDist, browserPluginZip: config.browserPluginZip, publicUrl: config.publicUrl },
      logger: opts.logger,
      loggerInstance: opts.loggerInstance,
      trustProxy: config.trustProxy,
      rateLimits: config.rateLimits,
      traffic: config.traffic,
      frameAncestors: config.frameAncestors,
      commerce: { billing: config.billing },
      metrics: { allow: config.metricsAllow, token: config.metricsToken },
      backups,
      apiTokenTtlSeconds: config.apiTokenTtlSeconds,
    });
    return {
      app,
      database,
      admin,
      translation,
      bus,
      listen: async () => {
        await app.listen({ port: config.port, host: config.host });
        const { port } = app.server.address() as { port: number };
        return `http://localhost:${port}`;
      },
      close: async () => {
        draining = true;
        // Stops accepting (new requests on open connections get 503 and `Connection: close`),
        // lets the requests in flight finish, then hands back the jobs this process holds.
        await drainHttp(app);
        await notices.stop();
        await logSweep.stop();
        await statsJob.stop();
        await backups.runner.stop();
        await translation.stop();
        await bus.close();
        await storage.close();
        await database.close();
      },
    };
  } catch (err) {
    for (const stop of started) await stop().catch(() => {});
    throw err;
  }
}
