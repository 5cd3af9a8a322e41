/**
 * Test support: one real PostgreSQL server per test run (started by the root vitest global
 * setup, or TEST_PG_ADMIN_URL), and a fresh UTF-8 database per test file so files run in
 * parallel without sharing state.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, dropDatabase, ensureDatabase, withDatabase, type Db } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the run's PostgreSQL server, provided by the global setup. */
    pgAdminUrl: string;
  }
}

export type TestServer = { adminUrl: string; stop: () => Promise<void> };

export async function startTestServer(): Promise<TestServer> {
  const external = process.env.TEST_PG_ADMIN_URL;
  if (external) return { adminUrl: external, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-test-pg-'));
  // As root the server runs as the `postgres` user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'));
  return {
    adminUrl: server.adminUrl,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type RestartableTestServer = TestServer & {
  /** Stops the server with a fast shutdown (SIGINT: sessions end, transactions roll back). */
  halt: () => Promise<void>;
  /** Starts it again on the same data folder and port. */
  resume: () => Promise<void>;
};

/**
 * A server of a suite's own (fault tests stop and start it), never TEST_PG_ADMIN_URL: stopping the
 * run's shared server would break every other suite.
 */
export async function startRestartableTestServer(): Promise<RestartableTestServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-test-pg-own-'));
  await chmod(dir, 0o755);
  let server = await startEmbeddedPostgres(path.join(dir, 'pg'));
  const port = Number(new URL(server.adminUrl).port);
  let running = true;
  return {
    adminUrl: server.adminUrl,
    halt: async () => {
      running = false;
      await server.stop();
    },
    resume: async () => {
      server = await startEmbeddedPostgres(path.join(dir, 'pg'), () => {}, port);
      running = true;
    },
    stop: async () => {
      if (running) await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type TestDatabase = { url: string; db: Db; drop: () => Promise<void> };

export async function createTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const db = createPool(url, 5);
  return {
    url,
    db,
    drop: async () => {
      await db.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
