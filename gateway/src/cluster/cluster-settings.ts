/**
 * Settings of `npm run start:cluster` (README "Cluster mode on one machine"), read once and
 * checked: a bad value stops the launcher with a message naming the variable. What the gateways
 * and workers read themselves (PORT, MODELS_DIR, S3_URL...) they still read from the
 * environment the launcher hands them.
 */
import path from 'node:path';
import { REPO_ROOT } from '../config';

export type ClusterSettings = {
  /** CLUSTER_GATEWAYS: gateway processes sharing PORT (default 2). */
  gateways: number;
  /** CLUSTER_MT_WORKERS: MT worker processes (default 2). */
  mtWorkers: number;
  /** CLUSTER_DOC_WORKERS: document worker processes (default 1). */
  docWorkers: number;
  port: number;
  host: string;
  dataDir: string;
  /** NATS_URL; absent: a nats-server on CLUSTER_NATS_PORT (started, or the one answering there). */
  natsUrl: string | undefined;
  natsPort: number;
  /** DATABASE_URL; absent: Debian's PostgreSQL under DATA_DIR/cluster-pg on CLUSTER_PG_PORT. */
  databaseUrl: string | undefined;
  pgPort: number;
  /** STORAGE_DIR: the one folder every gateway and document worker shares (unless S3_URL). */
  storageDir: string;
  s3Url: string | undefined;
  modelsDir: string;
};

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = 65535): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

export function loadClusterSettings(env: NodeJS.ProcessEnv = process.env): ClusterSettings {
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? path.join(REPO_ROOT, '.data'));
  const natsUrl = optional(env, 'NATS_URL');
  if (natsUrl && !/^(nats|tls):\/\//.test(natsUrl)) throw new Error('NATS_URL must start with nats:// or tls://');
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres://');
  return {
    gateways: intVar(env, 'CLUSTER_GATEWAYS', 2, 1, 64),
    mtWorkers: intVar(env, 'CLUSTER_MT_WORKERS', 2, 0, 64),
    docWorkers: intVar(env, 'CLUSTER_DOC_WORKERS', 1, 0, 64),
    // Port 0 would give each gateway a port of its own: the whole point is one shared port.
    port: intVar(env, 'PORT', 3000, 1),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    natsUrl,
    natsPort: intVar(env, 'CLUSTER_NATS_PORT', 4222, 1),
    databaseUrl,
    pgPort: intVar(env, 'CLUSTER_PG_PORT', 5433, 1),
    // The single-machine default too, so one folder serves whichever way the platform runs.
    storageDir: path.resolve(optional(env, 'STORAGE_DIR') ?? path.join(dataDir, 'storage')),
    s3Url: optional(env, 'S3_URL'),
    modelsDir: path.resolve(optional(env, 'MODELS_DIR') ?? path.join(dataDir, 'models')),
  };
}
