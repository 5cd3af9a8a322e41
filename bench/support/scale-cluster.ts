/**
 * The cluster the scaling bench measures, on one machine: a real NATS server, the gateway in
 * this process (`RUN_MT_WORKER=0`, `RUN_DOC_WORKER=0`) on its embedded PostgreSQL, one document
 * worker process, and MT worker processes (`workers/mt/src/main.ts`, `MT_THREADS=1`) added one
 * at a time. The gateway stays in this process, as in the other HTTP benches, because every
 * client (uploads, polling, autocannon) runs in processes of its own: this process's CPU is then
 * the gateway's. Each part's pid is kept so the bench can read its CPU time from /proc.
 */
import { createAppKey } from '@mtp/accounts';
import { grantPackage, grantPlan } from '@mtp/billing';
import { loadConfig, REPO_ROOT, startPlatform } from '@mtp/gateway';
import { startTestNatsServer } from '@mtp/platform/bus-testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findChild } from './process-cpu';
import { BENCH_ADMIN, loginAsAdmin } from './admin-login';

const ADMIN = BENCH_ADMIN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ScaleCluster = Awaited<ReturnType<typeof startScaleCluster>>;

/** The postmaster's pid, from `postmaster.pid` somewhere under the gateway's data folder. */
function postmasterPid(dir: string): number {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (path.basename(entry) === 'postmaster.pid') return Number(readFileSync(path.join(dir, entry), 'utf8').split('\n')[0]);
  }
  throw new Error(`no postmaster.pid under ${dir}`);
}

/** Starts the platform for one models folder serving `pair`; MT workers come with `setMtWorkers`. */
export async function startScaleCluster(modelsDir: string, pair: string) {
  const nats = await startTestNatsServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-scale-bench-'));
  await chmod(dir, 0o755);
  const storageDir = path.join(dir, 'storage');
  const config = { ...loadConfig({}), dataDir: dir, storageDir, port: 0, host: '127.0.0.1', natsUrl: nats.url };
  const platform = await startPlatform(
    { ...config, runMtWorker: false, runDocWorker: false, adminAccount: ADMIN.account, adminPassword: ADMIN.password },
    { log: () => {} },
  );
  const children: ChildProcess[] = [];
  // The workers' own output, for when one fails to start or dies.
  const logFile = path.join(dir, 'workers.log');
  const log = createWriteStream(logFile);
  const spawnWorker = (kind: 'mt' | 'doc') => {
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=32', '--import', 'tsx', path.join(REPO_ROOT, `workers/${kind}/src/main.ts`)],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NATS_URL: nats.url, MODELS_DIR: modelsDir, MODELS_AUTO_PULL: '0', MT_THREADS: '1', STORAGE_DIR: storageDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    children.push(child);
    return child;
  };
  const onlineMt = () =>
    platform.translation.devices.list({ online: true }).filter((d) => d.role === 'mt' && d.loaded_pairs.includes(pair));
  const waitUntil = async (what: string, done: () => boolean) => {
    for (const started = Date.now(); !done(); await sleep(100)) {
      const dead = children.find((c) => c.exitCode !== null);
      if (dead) throw new Error(`a worker exited (${dead.exitCode}) while waiting for ${what}; see ${logFile}`);
      if (Date.now() - started > 180_000) throw new Error(`timed out waiting for ${what}; see ${logFile}`);
    }
  };
  const mtWorkers: ChildProcess[] = [];
  let docWorker: ChildProcess | undefined;

  const close = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    log.end();
    await platform.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const origin = (await platform.listen()).replace('localhost', '127.0.0.1');
    const api = `${origin}/api/v1.0`;
    docWorker = spawnWorker('doc');
    await waitUntil('the document worker', () => platform.translation.devices.list({ online: true }).some((d) => d.role === 'doc'));
    const { adminToken } = await loginAsAdmin(api);
    const db = platform.database.db;
    const { rows } = await db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE account = $1`, [ADMIN.account]);
    const adminId = rows[0]!.user_id;
    // Documents are the administrator's (web path); text goes through the public API with an
    // app key of the administrator's, its frequency limit lifted by the operator's override.
    await grantPlan(db, { userId: adminId, sku: 'professional-m' });
    await grantPackage(db, { userId: adminId, sku: '100M_char-y' });
    await grantPackage(db, { userId: adminId, sku: 'api_10M-y' });
    const key = await createAppKey(db, { userId: adminId, name: 'scale bench' });
    const call = async (p: string, token: string | null, body: unknown) => {
      const res = await fetch(`${api}/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { code: number; msg: string; data: Record<string, string> };
      if (answer.code !== 20000) throw new Error(`${p}: ${answer.code} ${answer.msg}`);
      return answer.data;
    };
    const { token: apiToken } = await call('open/token', null, { app_id: key.app_id, app_secret: key.app_secret });
    await call('admin/traffic/overrides', adminToken, { scope: 'app', app_id: key.app_id, max_requests: 1_000_000, window_minutes: 1 });

    return {
      platform,
      api,
      dir,
      adminToken,
      apiToken: apiToken!,
      /** Starts MT worker processes until `n` run, and waits until `n` serve the pair. */
      async setMtWorkers(n: number) {
        while (mtWorkers.length < n) mtWorkers.push(spawnWorker('mt'));
        await waitUntil(`${n} MT workers serving ${pair}`, () => onlineMt().length >= n);
      },
      pids: () => ({
        gateway: process.pid,
        mt: mtWorkers.map((c) => c.pid!),
        doc: docWorker!.pid!,
        db: postmasterPid(dir),
        bus: findChild(process.pid, 'nats-server'),
      }),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
