/**
 * A cluster for one fault suite, started as an operator starts it: gateway processes
 * (RUN_MT_WORKER=0 RUN_DOC_WORKER=0), an MT worker and a document worker, each its own process on
 * the suite's NATS server, database and storage folder; plus the check every suite ends with.
 */
import type { Db } from '@mtp/platform';
import type { TestDatabase } from '@mtp/platform/testing';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  charactersLeft,
  ClusterClient,
  gatewayEnv,
  openLedgers,
  openReservations,
  unownedStoredFiles,
  workerEnv,
  type ClusterSettings,
} from './fault-cluster';
import { loginOverHttp, waitFor } from './fault-support';
import { killAll, startGatewayProcess, startWorkerProcess, type Started } from './processes';

export type FaultCluster = {
  settings: ClusterSettings;
  gateways: (Started & { api: string })[];
  /** Logged in as the administrator on the first gateway; the pair is served. */
  client: ClusterClient;
  children: ChildProcess[];
  /** Kills every process and removes the folders it made (not a storageDir it was given). */
  close(): Promise<void>;
};

export type FaultClusterOptions = {
  /** Names the temporary folders and the MT pool (`gwpoll`, `natsrs`...). */
  label: string;
  natsUrl: string;
  tdb: TestDatabase;
  /** A folder of the suite's own (a small tmpfs); default: a new temporary one. */
  storageDir?: string;
  gateways?: number;
  gatewaySettings?: Record<string, string>;
};

export async function startFaultCluster(opts: FaultClusterOptions): Promise<FaultCluster> {
  const children: ChildProcess[] = [];
  const made: string[] = [];
  const temporary = async (what: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `mtp-${opts.label}-${what}-`));
    made.push(dir);
    return dir;
  };
  const settings: ClusterSettings = {
    natsUrl: opts.natsUrl,
    databaseUrl: opts.tdb.url,
    storageDir: opts.storageDir ?? (await temporary('storage')),
    dataDir: await temporary('data'),
    // Its own pool: nothing another suite's workers could take.
    pool: `${opts.label}-${randomBytes(3).toString('hex')}`,
  };
  const close = async () => {
    killAll(children);
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  };
  try {
    const env = gatewayEnv(settings, opts.gatewaySettings);
    // The first gateway alone: it applies the migrations the others would otherwise race it for.
    const first = await startGatewayProcess(env, children);
    const [others] = await Promise.all([
      Promise.all(Array.from({ length: (opts.gateways ?? 1) - 1 }, () => startGatewayProcess(env, children))),
      startWorkerProcess('mt', workerEnv(settings), children),
      startWorkerProcess('doc', workerEnv(settings), children),
    ]);
    const client = new ClusterClient(first.api, await loginOverHttp(first.api, 'admin@example.com', 'Admin12345'));
    await client.pairServed();
    return { settings, gateways: [first, ...others], client, children, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Why 30 s: a ledger left open by a failed settle is ended by the next sweep (every 5 s); several sweeps' margin. */
const LEDGERS_END_WITHIN_MS = 30_000;

/**
 * How every fault must end (once every ended task's ledger went through, at once or by the
 * sweeper): the user charged exactly what the finished work cost (once), no
 * reservation left open, no stored file that no row points at, and (unless the suite killed one
 * on purpose) every process of the cluster still running.
 */
export async function expectEndedCleanly(
  db: Db,
  cluster: FaultCluster,
  charge: { userId: number; before: number; charged: number },
  opts: { processesAlive?: boolean } = {},
): Promise<void> {
  const ledgersEnded = async () => ((await openLedgers(db)).length === 0 ? true : undefined);
  // On a timeout the check below names the tasks whose ledger stayed open.
  await waitFor('every ended task settled or refunded', ledgersEnded, LEDGERS_END_WITHIN_MS).catch(() => {});
  expect(await openLedgers(db)).toEqual([]);
  expect(charge.before - (await charactersLeft(db, charge.userId))).toBe(charge.charged);
  expect(await openReservations(db)).toEqual([]);
  expect(await unownedStoredFiles(cluster.settings.storageDir, db)).toEqual([]);
  if (opts.processesAlive ?? true) expect(cluster.children.filter((c) => c.exitCode !== null || c.signalCode !== null)).toEqual([]);
}
