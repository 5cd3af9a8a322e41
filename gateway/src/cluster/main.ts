/**
 * `npm run start:cluster`: the platform as a cluster on one machine. Starts (or uses) NATS and
 * PostgreSQL, applies the migrations and makes the first administrator ONCE here (so N gateways
 * starting together never race for them, nor print different passwords), pulls the default
 * models once, then starts the MT and document workers as child processes and the gateways
 * behind one port (gateway-cluster.ts). Prints the URL, the login and what it started.
 * SIGTERM / SIGINT: the gateways drain first, then the workers hand back their jobs, then the
 * servers it started stop; it exits 0 when every child stopped cleanly.
 */
import { bootstrapAccounts } from '@mtp/accounts';
import { ensureDefaultModels, loadModelHubSettings, loadRemoteSettings } from '@mtp/mt-worker';
import { openDatabase, runMigrations, takeOverStopSignals } from '@mtp/platform';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { allMigrations } from '../platform';
import { loadClusterSettings, type ClusterSettings } from './cluster-settings';
import { GatewayCluster } from './gateway-cluster';
import { startLocalNats } from './local-nats';
import { startLocalPostgres } from './local-postgres';
import { SupervisedProcess } from './supervised-process';

const log = (line: string) => console.log(`[cluster] ${line}`);

/** Everything started so far, stopped in this order: gateways, workers, then servers (last started first). */
const running = { gateways: null as GatewayCluster | null, workers: [] as SupervisedProcess[], servers: [] as SupervisedProcess[] };

/** The worker process `npm run worker -- <kind>` runs, with the same node flags (scripts/worker.sh). */
function workerSpec(kind: 'mt' | 'doc', n: number, env: NodeJS.ProcessEnv): SupervisedProcess {
  const ready = new RegExp(`${kind} worker ready: (\\S+) health: (http://[^\\s"]+)`);
  return new SupervisedProcess(
    {
      name: `${kind} worker ${n}`,
      command: process.execPath,
      args: ['--max-semi-space-size=32', '--import', 'tsx', path.join(REPO_ROOT, `workers/${kind}/src/main.ts`)],
      options: { cwd: REPO_ROOT, env },
      readyIn: (output) => ready.exec(output)?.[2],
      forwardOutput: true,
    },
    log,
  );
}

async function prepareDatabase(databaseUrl: string, settings: ClusterSettings) {
  const database = await openDatabase({ databaseUrl, dataDir: settings.dataDir });
  try {
    const applied = await runMigrations(database.db, await allMigrations());
    if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    return await bootstrapAccounts(database.db, {
      adminAccount: process.env.MTP_ADMIN_ACCOUNT || undefined,
      adminPassword: process.env.MTP_ADMIN_PASSWORD || undefined,
    });
  } finally {
    await database.close();
  }
}

async function start(settings: ClusterSettings): Promise<string[]> {
  mkdirSync(settings.dataDir, { recursive: true });
  const nats = settings.natsUrl ? { url: settings.natsUrl, started: null } : await startLocalNats(settings.natsPort, settings.dataDir, log);
  if (nats.started) running.servers.push(nats.started);
  const pg = settings.databaseUrl
    ? { databaseUrl: settings.databaseUrl, started: null }
    : await startLocalPostgres(settings.pgPort, settings.dataDir, log);
  if (pg.started) running.servers.push(pg.started);
  const admin = await prepareDatabase(pg.databaseUrl, settings);
  // Once, before the workers: two workers pulling into one empty folder at once would collide.
  if (settings.mtWorkers > 0) {
    await ensureDefaultModels({
      ...loadModelHubSettings(),
      modelsDir: settings.modelsDir,
      remote: loadRemoteSettings(process.env),
      log,
      progress: process.stderr,
    });
  }

  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NATS_URL: nats.url,
    DATABASE_URL: pg.databaseUrl,
    DATA_DIR: settings.dataDir,
    STORAGE_DIR: settings.storageDir,
    MODELS_DIR: settings.modelsDir,
    MODELS_AUTO_PULL: '0',
    RUN_MT_WORKER: '0',
    RUN_DOC_WORKER: '0',
    PORT: String(settings.port),
    HOST: settings.host,
    // Every process of the cluster writes one JSON object per line, as its workers do, so one
    // collector reads them all; the launcher's own banner stays human.
    LOG_FORMAT: process.env.LOG_FORMAT || 'json',
  };
  // Many workers on one machine cannot share one probe port: each takes a free one and prints it.
  const workerEnv = { ...env };
  delete workerEnv.HEALTH_PORT;
  running.workers = [
    ...Array.from({ length: settings.mtWorkers }, (_, i) => workerSpec('mt', i + 1, workerEnv)),
    ...Array.from({ length: settings.docWorkers }, (_, i) => workerSpec('doc', i + 1, workerEnv)),
  ];
  running.gateways = new GatewayCluster(settings.gateways, env, log);
  await Promise.all([...running.workers.map((w) => w.start()), running.gateways.start()]);

  const url = `http://localhost:${settings.port}`;
  return [
    '',
    `  MT platform (cluster) is running at ${url}`,
    `  Admin login (${url}/adminlogin): ${admin.account}`,
    admin.password
      ? `  Admin password: ${admin.password}   (generated now and shown only once: write it down)`
      : `  Admin password: ${process.env.MTP_ADMIN_PASSWORD ? 'from MTP_ADMIN_PASSWORD' : 'as printed at the first start'}`,
    `  Gateways: ${settings.gateways} processes sharing port ${settings.port} (round-robin): pids ${running.gateways.pids().join(', ')}`,
    ...running.workers.map((w) => `  ${w.spec.name}: pid ${w.pid}  health: ${w.readyInfo}`),
    `  NATS: ${settings.natsUrl ? 'NATS_URL' : nats.started ? `nats-server pid ${nats.started.pid} at ${nats.url}` : `the server at ${nats.url}`}`,
    `  PostgreSQL: ${settings.databaseUrl ? 'DATABASE_URL' : pg.started ? `pid ${pg.started.pid}, ${settings.dataDir}/cluster-pg, port ${settings.pgPort}` : `already running on port ${settings.pgPort}`}`,
    `  Storage: ${process.env.S3_URL ? 'S3_URL' : settings.storageDir}`,
    '',
  ];
}

/** Answers whether every child stopped cleanly (exit code 0). */
async function stopAll(): Promise<boolean> {
  const codes: (number | null)[] = [];
  if (running.gateways) codes.push(...(await running.gateways.stop()));
  codes.push(...(await Promise.all(running.workers.map((w) => w.stop()))));
  for (const server of [...running.servers].reverse()) await server.stop();
  return codes.every((c) => c === 0);
}

function onSignals(): void {
  takeOverStopSignals();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the gateways, then the workers, then the servers`);
    stopAll().then(
      (clean) => process.exit(clean ? 0 : 1),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main() {
  const settings = loadClusterSettings();
  onSignals();
  try {
    console.log((await start(settings)).join('\n'));
  } catch (err) {
    console.error(`[cluster] could not start: ${err instanceof Error ? err.message : err}`);
    await stopAll().catch(() => {});
    process.exit(1);
  }
}

void main();
