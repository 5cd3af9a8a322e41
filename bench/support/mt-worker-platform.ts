/**
 * The platform as the HTTP benches measure it: the gateway in this process on a fresh embedded
 * database, a real NATS server, and the MT worker as its own process on the committed tiny
 * models (MT_THREADS=1), so the gateway's event loop and the engine do not share a core. Waits
 * until the worker reports both test pairs loaded (its first heartbeats come before the models
 * are, and a bench that started then measured refusals) and logs the administrator in.
 */
import { startTestNatsServer } from '@mtp/platform/bus-testing';
import { loadConfig, REPO_ROOT, startPlatform } from '@mtp/gateway';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN, loginAsAdmin } from './admin-login';

export const BENCH_MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const ADMIN = BENCH_ADMIN;

export type MtWorkerPlatform = {
  platform: Awaited<ReturnType<typeof startPlatform>>;
  dir: string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `${origin}/api/v1.0` */
  api: string;
  adminToken: string;
  /** The site's password encryption, for logging other users in. */
  encrypt(password: string): string;
  close(): Promise<void>;
};

export async function startMtWorkerPlatform(dirPrefix: string): Promise<MtWorkerPlatform> {
  const nats = await startTestNatsServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), dirPrefix));
  await chmod(dir, 0o755);
  const platform = await startPlatform(
    {
      ...loadConfig({}),
      dataDir: dir,
      port: 0,
      host: '127.0.0.1',
      natsUrl: nats.url,
      runMtWorker: false,
      adminAccount: ADMIN.account,
      adminPassword: ADMIN.password,
    },
    { log: () => {} },
  );
  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/mt/src/main.ts')], {
    env: { ...process.env, NATS_URL: nats.url, MODELS_DIR: BENCH_MODELS_DIR, MT_THREADS: '1' },
    stdio: 'ignore',
  });
  const close = async () => {
    worker.kill('SIGTERM');
    await platform.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const origin = (await platform.listen()).replace('localhost', '127.0.0.1');
    const api = `${origin}/api/v1.0`;
    const loaded = () => platform.translation.devices.list({ online: true }).flatMap((d) => d.loaded_pairs);
    while (!['en-us_zh-cn', 'zh-cn_en-us'].every((pair) => loaded().includes(pair))) await new Promise((r) => setTimeout(r, 100));
    const { encrypt, adminToken } = await loginAsAdmin(api);
    return { platform, dir, origin, api, adminToken, encrypt, close };
  } catch (err) {
    await close();
    throw err;
  }
}
