/**
 * `npm run start:cluster` as an operator runs it (its launcher, on a data folder and ports of its
 * own, with the tiny models): Debian's PostgreSQL and nats-server started by it, two gateways
 * behind ONE port, two MT workers and a document worker. One port answers and more than one
 * gateway process serves it, a text translation goes through the workers, every process's
 * /readyz answers 200, a worker killed is started again, and SIGTERM to the launcher stops
 * everything: exit 0, no process left.
 */
import { REPO_ROOT } from '@mtp/gateway';
import { freePort } from '@mtp/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ENV } from '../support/processes';
import { loginOverHttp, waitFor } from '../support/fault-support';
import { descendantsOf, freshGet, isGone } from './cluster-support';

let launcher: ChildProcess;
let output = '';
let dataDir: string;
let base: string;
let descendants: number[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-start-cluster-'));
  // As root PostgreSQL runs as `postgres`, which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const [port, natsPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...BASE_ENV,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    CLUSTER_NATS_PORT: String(natsPort),
    CLUSTER_PG_PORT: String(pgPort),
  };
  for (const name of ['NATS_URL', 'DATABASE_URL', 'STORAGE_DIR', 'S3_URL', 'HEALTH_PORT']) delete env[name];
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'gateway/src/cluster/main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (d) => (output += String(d)));
  launcher.stderr!.on('data', (d) => process.stderr.write(`[launcher] ${d}`));
  await waitFor(
    'the launcher to print what it started',
    () => {
      if (launcher.exitCode !== null) throw new Error(`the launcher exited: ${output}`);
      return /Storage: /.test(output) ? true : undefined;
    },
    240_000,
  );
}, 300_000);

afterAll(async () => {
  if (launcher?.exitCode === null) {
    const left = await descendantsOf(launcher.pid!);
    launcher.kill('SIGKILL');
    for (const pid of left) process.kill(pid, 'SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm run start:cluster', () => {
  it('prints the URL, the login and what it started', () => {
    expect(output).toContain(`MT platform (cluster) is running at http://localhost:${new URL(base).port}`);
    expect(output).toContain('Admin login');
    expect(output).toMatch(/Gateways: 2 processes sharing port \d+ \(round-robin\)/);
    expect(output.match(/mt worker \d: pid \d+ {2}health: http:\/\//g)).toHaveLength(2);
    expect(output.match(/doc worker \d: pid \d+ {2}health: http:\/\//g)).toHaveLength(1);
    expect(output).toMatch(/NATS: nats-server pid \d+/);
    expect(output).toMatch(/PostgreSQL: pid \d+/);
  });

  it('serves one port from more than one gateway process', async () => {
    const pids = new Set<string>();
    // Each request on a new connection: the launcher hands connections out in turn.
    for (let i = 0; i < 6; i++) {
      const metrics = await freshGet(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      pids.add(/mtp_gateway_process_info\{pid="(\d+)"\}/.exec(metrics.body)![1]!);
    }
    expect(pids.size).toBe(2);
  });

  it('translates text through the MT workers', async () => {
    const api = `${base}/api/v1.0`;
    const token = await loginOverHttp(api, BASE_ENV.MTP_ADMIN_ACCOUNT, BASE_ENV.MTP_ADMIN_PASSWORD);
    const translated = await waitFor('a translation', async () => {
      const res = await fetch(`${api}/text/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' }),
      });
      const answer = await res.json();
      return answer.code === 20000 ? (answer.data.translated as string) : undefined;
    });
    expect(translated).toBe('二十一');
  });

  it('answers /readyz 200 on every process', async () => {
    for (let i = 0; i < 4; i++) {
      const gateway = await freshGet(`${base}/readyz`);
      expect(gateway.status, gateway.body).toBe(200);
      expect(JSON.parse(gateway.body)).toMatchObject({ database: true, bus: true, storage: true, pairs_without_worker: [] });
    }
    const workers = [...output.matchAll(/worker \d: pid \d+ {2}health: (http:\/\/\S+)/g)].map((m) => m[1]!);
    expect(workers).toHaveLength(3);
    for (const url of workers) {
      const worker = await freshGet(`${url}/readyz`);
      expect(worker.status, `${url}: ${worker.body}`).toBe(200);
    }
  });

  it('starts a worker that died unexpectedly again, and says so', async () => {
    const pid = Number(/mt worker 1: pid (\d+)/.exec(output)![1]);
    process.kill(pid, 'SIGKILL');
    await waitFor('the launcher to start it again', () => (/mt worker 1 started again: pid \d+/.test(output) ? true : undefined), 120_000);
    expect(output).toContain(`mt worker 1 (pid ${pid}) exited unexpectedly (SIGKILL)`);
  }, 150_000);

  it('stops everything on SIGTERM and exits 0', async () => {
    descendants = await descendantsOf(launcher.pid!);
    // Two gateways, three workers, nats-server and the postmaster at least (each tsx process has an esbuild child).
    expect(descendants.length).toBeGreaterThanOrEqual(7);
    const exit = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output).toContain('stopping the gateways, then the workers, then the servers');
    await waitFor('every child to be gone', () => (descendants.every(isGone) ? true : undefined), 10_000);
  }, 120_000);
});
