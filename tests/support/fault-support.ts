/**
 * What the fault-injection suites share: MT workers as their own processes behind the run's
 * NATS server (one sentence per engine call and a short ack wait, so a job is long enough to be
 * killed in the middle and redelivered quickly), waiting for a condition, and an admin login
 * over HTTP (the password RSA-encrypted as the web client sends it).
 */
import { loadConfig, REPO_ROOT, startPlatform, type Config, type Platform } from '@mtp/gateway';
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestNatsServer, type TestNatsServer } from '@mtp/platform/bus-testing';
import { createTestDatabase, type TestDatabase } from '@mtp/platform/testing';
import { afterAll, beforeAll, inject } from 'vitest';

export const TINY_MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
export const FAULT_ACK_WAIT_MS = 2000;

/**
 * A NATS server of the suite's own, started before its other beforeAll hooks when called first:
 * a whole platform uses the catalog's fixed queue names (doc.prepare, doc.results…), so suites
 * that run in parallel must not share a server. `url` is set once beforeAll has run.
 */
export function useOwnNats(): { url: string } {
  const nats = { url: '' };
  let server: TestNatsServer | undefined;
  beforeAll(async () => {
    server = await startTestNatsServer();
    nats.url = server.url;
  });
  afterAll(async () => {
    await server?.stop();
  });
  return nats;
}

export type FaultPlatform = { platform: Platform; api: string; tdb: TestDatabase; close: () => Promise<void> };

/**
 * A whole platform on a fresh database and the suite's NATS server, listening on a free port, with
 * no MT worker of its own (the suite starts worker processes) and files in a temporary folder;
 * `api` is its `http://host:port/api/v1.0`. `close` stops it and drops what it made.
 */
export async function startFaultPlatform(natsUrl: string, overrides: Partial<Config> = {}): Promise<FaultPlatform> {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-fault-'));
  const platform = await startPlatform(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      databaseUrl: tdb.url,
      storageDir,
      natsUrl,
      runMtWorker: false,
      adminAccount: 'admin@example.com',
      adminPassword: 'Admin12345',
      ...overrides,
    },
    { log: () => {} },
  );
  const api = `${await platform.listen()}/api/v1.0`;
  const close = async () => {
    await platform.close();
    await tdb.drop();
    await rm(storageDir, { recursive: true, force: true });
  };
  return { platform, api, tdb, close };
}

/** Starts an MT worker process on `natsUrl` serving `pool`; it is added to `workers` for the suite to kill. */
export function startMtWorkerProcess(natsUrl: string, pool: string, workers: ChildProcess[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/mt/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NATS_URL: natsUrl,
      MODELS_DIR: TINY_MODELS_DIR,
      MT_POOL: pool,
      MT_THREADS: '1',
      MT_BATCH_SIZE: '1',
      MT_JOB_ACK_WAIT_MS: String(FAULT_ACK_WAIT_MS),
      // Nobody reads its stdout: info lines (one a job) would fill the pipe and block the worker.
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (d) => process.stderr.write(`[worker ${child.pid}] ${d}`));
  workers.push(child);
  return child;
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Logs in through `api` (`http://host/api/v1.0`) and answers the access token. */
export async function loginOverHttp(api: string, account: string, password: string): Promise<string> {
  const key = (await (await fetch(`${api}/user/get_public_key`)).json()).data.public_key as string;
  const encrypted = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password));
  const res = await fetch(`${api}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: encrypted.toString('base64'), agree_terms: true }),
  });
  return (await res.json()).data.access_token as string;
}
