/**
 * Settings of the document worker process, read from the environment once and checked: a bad
 * value stops the process with a message naming the variable (like the gateway's config).
 */
import { isPoolName } from '@mtp/proto';
import path from 'node:path';

export type DocWorkerSettings = {
  /** NATS JetStream: a worker process serves the cluster bus. */
  natsUrl: string;
  /** Storage shared with the gateway: S3_URL, else STORAGE_DIR (default DATA_DIR/storage). */
  storageDir: string;
  s3Url: string | undefined;
  /** MT_POOL: the device pool this worker reports in and sends its pictures' text to. */
  pool: string;
  /** DOC_CONCURRENCY: files prepared at once, and files written at once. */
  concurrency: number;
  /** DOC_JOB_ACK_WAIT_MS: overrides the catalog's ack waits (fault tests shorten them). */
  jobAckWaitMs: number | undefined;
};

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

function intVar(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be an integer >= 1, got ${JSON.stringify(raw)}`);
  return n;
}

export function loadDocWorkerSettings(env: NodeJS.ProcessEnv, repoRoot: string): DocWorkerSettings {
  const natsUrl = optional(env, 'NATS_URL');
  if (!natsUrl) throw new Error('NATS_URL is required: a worker process serves the cluster bus (nats://host:4222)');
  if (!/^(nats|tls):\/\//.test(natsUrl)) throw new Error('NATS_URL must start with nats:// or tls://');
  const pool = optional(env, 'MT_POOL') ?? 'default';
  if (!isPoolName(pool)) throw new Error(`MT_POOL must be lower-case letters, digits and dashes, got ${JSON.stringify(pool)}`);
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? path.join(repoRoot, '.data'));
  return {
    natsUrl,
    storageDir: path.resolve(optional(env, 'STORAGE_DIR') ?? path.join(dataDir, 'storage')),
    s3Url: optional(env, 'S3_URL'),
    pool,
    concurrency: intVar(env, 'DOC_CONCURRENCY') ?? 2,
    jobAckWaitMs: intVar(env, 'DOC_JOB_ACK_WAIT_MS'),
  };
}
