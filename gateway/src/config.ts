/**
 * Settings come from the environment (ARCHITECTURE.md conventions), checked once at start-up:
 * a bad value stops the process with a message naming the variable.
 */
import { loadRemoteSettings, spinSetting, type RemoteSettings } from '@mtp/mt-worker';
import { secretSetting } from '@mtp/accounts';
import {
  loadRateLimits,
  loadTrafficConfig,
  parseFrameAncestors,
  parseTrustProxy,
  type RateLimits,
  type TrafficConfig,
  type TrustProxy,
} from './security-settings';
import { parseMetricsAllow } from './metrics/metrics-access';
import { parsePublicUrl } from './addin-manifest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Config = {
  /** HTTP port of the gateway. */
  port: number;
  /** Address to listen on; 0.0.0.0 so other machines on the network reach the platform. */
  host: string;
  /** External PostgreSQL; absent: the embedded server under DATA_DIR. */
  databaseUrl: string | undefined;
  /** Where the embedded database (and later local files) live. */
  dataDir: string;
  /** Real SMTP for codes (e.g. smtp://127.0.0.1:2525); absent: the dev transport logs mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** First administrator; absent: admin@example.com with a generated password, printed once. */
  adminAccount: string | undefined;
  adminPassword: string | undefined;
  /** Signing secret for tokens (JWT_SECRET or _FILE); absent: generated at first start and kept in the database. */
  jwtSecret: string | undefined;
  /** PEM of the password-encryption key (RSA_PRIVATE_KEY or _FILE); absent: generated, kept in the database. */
  rsaPrivateKey: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The built web app served in single-machine mode; absent directory: API only. */
  webDist: string;
  /** NATS JetStream for a cluster; absent: the in-process bus of the single machine. */
  natsUrl: string | undefined;
  /** Uploaded documents and results: a local folder, unless `s3Url` is set. */
  storageDir: string;
  /** S3-compatible storage, e.g. http://KEY:SECRET@127.0.0.1:9000/bucket?region=us-east-1. */
  s3Url: string | undefined;
  /** Translation models, one folder per pair (`en-us_zh-cn`). */
  modelsDir: string;
  /** Run an MT worker inside this process. RUN_MT_WORKER; default: yes without NATS_URL. */
  runMtWorker: boolean;
  /** Run a document worker inside this process. RUN_DOC_WORKER; default: yes without NATS_URL. */
  runDocWorker: boolean;
  /** onnxruntime threads of the in-process worker (MT_THREADS). */
  mtThreads: number | undefined;
  /** MT_SPIN=1: the in-process worker's idle onnxruntime threads spin-wait (as in workers/mt). */
  mtSpin: boolean;
  /** The device pool this gateway sends work to (MT_POOL; enterprises may have their own). */
  mtPool: string;
  /** A remote chat-completions engine for the in-process worker (MT_REMOTE_URL and friends). */
  mtRemote: RemoteSettings | null;
  /** TRUST_PROXY: proxies whose X-Forwarded-For names the client; absent: none (direct clients). */
  trustProxy: TrustProxy;
  /** RATE_LIMIT_*: per-account and per-address limits of login and the code calls. */
  rateLimits: RateLimits;
  /** TRAFFIC_DEFAULT_MAX / _MINUTES: the frequency limit until an administrator sets one (TRAFFIC_MINUTE_MS: tests). */
  traffic: TrafficConfig;
  /** FRAME_ANCESTORS: origins allowed to frame the app (the Office add-in's host); absent: none. */
  frameAncestors: string[];
  /** BILLING=on|off: off is a private deployment (nothing sold, every account unlimited); default on. */
  billing: boolean;
  /** ORPHAN_UPLOAD_AGE_S: an upload no task row points at (its gateway died mid-upload) is deleted past this age; default 21600 (6 h). */
  orphanUploadAgeS: number;
  /** SYSTEM_LOG_RETENTION_DAYS: system-log lines older than this are deleted daily; 0 keeps all; default 365. */
  systemLogRetentionDays: number;
  /** BACKUP_SCHEDULE / BACKUP_RETENTION: the backup schedule (cron) and scheduled backups kept, until set on /backups. */
  backupDefaults: { schedule: string; retention: number };
  /** METRICS_ALLOW: addresses/CIDRs that may read GET /metrics without a token (this host always may). */
  metricsAllow: string[];
  /** METRICS_TOKEN (or _FILE): `Authorization: Bearer <token>` reads GET /metrics from anywhere; absent: no token. */
  metricsToken: string | undefined;
  /** API_TOKEN_TTL_S: lifetime of a public-API token (`POST /api/v1.0/open/token`); default 7200. */
  apiTokenTtlSeconds: number;
  /** PUBLIC_URL: the origin users reach the platform at (the Office add-in's manifest names it); absent: each request's. */
  publicUrl: string | undefined;
  /** OFFICE_ADDIN_DIST: the Office add-in's task pane build, served at /office-addin/. */
  officeAddinDist: string;
  /** BROWSER_PLUGIN_ZIP: the browser plug-in's package, served at /downloads/mtp-browser-plugin.zip. */
  browserPluginZip: string;
};

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  return n;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

/** A short token could be guessed from outside; 16 characters is the least worth sending. */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = secretSetting(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  const smtpUrl = optional(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const natsUrl = optional(env, 'NATS_URL');
  if (natsUrl && !/^(nats|tls):\/\//.test(natsUrl)) throw new Error('NATS_URL must start with nats:// or tls://');
  const runMtWorker = optional(env, 'RUN_MT_WORKER');
  if (runMtWorker && !['0', '1'].includes(runMtWorker)) throw new Error('RUN_MT_WORKER must be 0 or 1');
  const runDocWorker = optional(env, 'RUN_DOC_WORKER');
  if (runDocWorker && !['0', '1'].includes(runDocWorker)) throw new Error('RUN_DOC_WORKER must be 0 or 1');
  const billing = optional(env, 'BILLING') ?? 'on';
  if (!['on', 'off'].includes(billing)) throw new Error('BILLING must be on or off');
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? path.join(REPO_ROOT, '.data'));
  return {
    port: intVar(env, 'PORT', 3000, 0),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    smtpUrl,
    mailFrom: optional(env, 'MAIL_FROM') ?? 'MT Platform <no-reply@localhost>',
    adminAccount: optional(env, 'MTP_ADMIN_ACCOUNT'),
    adminPassword: optional(env, 'MTP_ADMIN_PASSWORD'),
    // Either the value itself or a mounted secret file (JWT_SECRET_FILE, RSA_PRIVATE_KEY_FILE).
    jwtSecret: secretSetting(env, 'JWT_SECRET'),
    rsaPrivateKey: secretSetting(env, 'RSA_PRIVATE_KEY'),
    accessTtlSeconds: intVar(env, 'ACCESS_TOKEN_TTL_S', 30 * 60),
    refreshTtlSeconds: intVar(env, 'REFRESH_TOKEN_TTL_S', 7 * 24 * 3600),
    webDist: path.resolve(optional(env, 'WEB_DIST') ?? path.join(REPO_ROOT, 'web/dist')),
    natsUrl,
    storageDir: path.resolve(optional(env, 'STORAGE_DIR') ?? path.join(dataDir, 'storage')),
    s3Url: optional(env, 'S3_URL'),
    modelsDir: path.resolve(optional(env, 'MODELS_DIR') ?? path.join(dataDir, 'models')),
    runMtWorker: runMtWorker ? runMtWorker === '1' : !natsUrl,
    runDocWorker: runDocWorker ? runDocWorker === '1' : !natsUrl,
    mtThreads: optional(env, 'MT_THREADS') ? intVar(env, 'MT_THREADS', 1) : undefined,
    mtSpin: spinSetting(env),
    mtPool: optional(env, 'MT_POOL') ?? 'default',
    mtRemote: loadRemoteSettings(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: loadRateLimits(env),
    traffic: loadTrafficConfig(env),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    billing: billing === 'on',
    systemLogRetentionDays: intVar(env, 'SYSTEM_LOG_RETENTION_DAYS', 365, 0),
    orphanUploadAgeS: intVar(env, 'ORPHAN_UPLOAD_AGE_S', 6 * 3600),
    backupDefaults: { schedule: optional(env, 'BACKUP_SCHEDULE') ?? '0 3 * * *', retention: intVar(env, 'BACKUP_RETENTION', 7) },
    metricsAllow: parseMetricsAllow(env.METRICS_ALLOW),
    metricsToken: metricsToken(env),
    apiTokenTtlSeconds: intVar(env, 'API_TOKEN_TTL_S', 7200),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    officeAddinDist: path.resolve(optional(env, 'OFFICE_ADDIN_DIST') ?? path.join(REPO_ROOT, 'office-addin/dist')),
    browserPluginZip: path.resolve(
      optional(env, 'BROWSER_PLUGIN_ZIP') ?? path.join(REPO_ROOT, 'browser-plugin/dist/mtp-browser-plugin.zip'),
    ),
  };
}
