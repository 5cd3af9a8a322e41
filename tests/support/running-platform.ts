/**
 * The whole platform as `npm start` starts it (startPlatform), on a fresh database of the run's
 * PostgreSQL server and a free port, serving the built web app.
 */
import { loadConfig, REPO_ROOT } from '@mtp/gateway';
import { startPlatform, type Platform } from '@mtp/gateway';
import { createTestDatabase } from '@mtp/platform/testing';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

export const E2E_ADMIN = { account: 'admin@example.com', password: 'Admin12345' };

export type RunningPlatform = {
  url: string;
  platform: Platform;
  /** The last 6-digit code the development mail transport logged for `account` (the mail a user would read). */
  codeFromLog: (account: string) => string;
  stop: () => Promise<void>;
};

export async function startRunningPlatform(): Promise<RunningPlatform> {
  // E2E_WEB_DIST: a build of one's own (`vite build --outDir`), so parallel work does not race over web/dist.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('web/dist is missing: run `npm run build -w @mtp/web` (npm test does)');
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-e2e-storage-'));
  const config = {
    ...loadConfig({}),
    storageDir,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: tdb.url,
    adminAccount: E2E_ADMIN.account,
    adminPassword: E2E_ADMIN.password,
    webDist,
    // The committed tiny test models: number words <-> Chinese numerals.
    modelsDir: path.join(REPO_ROOT, 'workers/mt/test-models/models'),
    natsUrl: undefined,
    runMtWorker: true,
    mtThreads: 1,
  };
  const log: string[] = [];
  const platform = await startPlatform(config, { log: (line) => void log.push(line) });
  const url = await platform.listen();
  return {
    url,
    platform,
    codeFromLog: (account) => {
      const line = [...log].reverse().find((l) => l.includes(`to=${account.toLowerCase()}`));
      const code = line ? /\b(\d{6})\b/.exec(line.slice(line.indexOf('text=')))?.[1] : undefined;
      if (!code) throw new Error(`no code logged for ${account}`);
      return code;
    },
    stop: async () => {
      await platform.close();
      await tdb.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
