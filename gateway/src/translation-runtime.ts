/**
 * The translation side of the platform in this process: the device registry (which pairs the
 * pool's workers serve, and which workers are alive), the MT port over the bus, the ledger port,
 * the tasks service's consumers and sweeper, and, on a single machine, an MT worker and a
 * document worker on the same in-process bus: the same worker code as a cluster's worker
 * processes, started here. With `RUN_MT_WORKER=0` / `RUN_DOC_WORKER=0` that work is left to
 * workers of their own (`npm run worker -- mt|doc`).
 */
import { startDocWorker, type DocWorker } from '@mtp/doc-worker';
import { detectLanguage, ModelRegistry, RemoteChatEngine, startMtWorker, type MtWorker, type RemoteSettings } from '@mtp/mt-worker';
import { ledgerPort, remaining } from '@mtp/billing';
import { createTmPort } from '@mtp/language';
import { DeviceController, DeviceRegistry } from '@mtp/ops';
import { routeForUser } from './device-pools';
import { scanTermsPort } from './scan-terms-port';
import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import { BusMtClient, startTasksRuntime, type DocDeps, type TasksRuntime, type TextJobDeps } from '@mtp/tasks';

export type InProcessMtWorker = {
  modelsDir: string;
  /** onnxruntime threads of the in-process worker. */
  threads?: number;
  /** Whether its idle onnxruntime threads spin-wait (MT_SPIN). */
  spin?: boolean;
  /** A remote chat-completions engine (MT_REMOTE_* settings). */
  remote?: RemoteSettings | null;
};

export type TranslationRuntimeOptions = {
  db: Db;
  bus: Bus;
  /** An MT worker in this process over `bus`. */
  mtWorker?: InProcessMtWorker | null;
  /** A document worker in this process over `bus` (needs `storage`). */
  docWorker?: boolean;
  pool?: string;
  /** Object storage for documents, shared with the document workers; absent: no document translation. */
  storage?: ObjectStorage;
  log?: (line: string) => void;
  /** ORPHAN_UPLOAD_AGE_S in ms: how old an upload no row points at must be before it is deleted. */
  orphanUploadAgeMs?: number;
};

export type TranslationRuntime = {
  text: TextJobDeps;
  docs: DocDeps | null;
  devices: DeviceRegistry;
  /** Device settings, their reconciliation and the choice of enterprise pools. */
  deviceControl: DeviceController;
  worker: MtWorker | null;
  docWorker: DocWorker | null;
  tasks: TasksRuntime;
  stop(): Promise<void>;
};

export async function startTranslationRuntime(opts: TranslationRuntimeOptions): Promise<TranslationRuntime> {
  const log = opts.log ?? (() => {});
  const pool = opts.pool ?? 'default';
  // The registry listens before the workers start, so their first heartbeats are heard.
  // Records are kept in PostgreSQL: the list survives restarts and agrees across replicas.
  const devices = await DeviceRegistry.start(opts.bus, { db: opts.db });
  // Before the workers too: a starting worker asks it for its settings.
  const deviceControl = await DeviceController.start({ bus: opts.bus, db: opts.db, registry: devices, sharedPool: pool }).catch(
    async (err) => {
      await devices.stop();
      throw err;
    },
  );
  let worker: MtWorker | null = null;
  let docWorker: DocWorker | null = null;
  const stopWorkers = async () => {
    await docWorker?.stop();
    await worker?.stop();
  };
  try {
    if (opts.mtWorker) {
      const { modelsDir, threads, spin, remote } = opts.mtWorker;
      const registry = new ModelRegistry(modelsDir, { threads, spin }, { engineThreads: true });
      worker = await startMtWorker({ bus: opts.bus, registry, remote: remote ? new RemoteChatEngine(remote) : null, pool, log });
    }
    if (opts.docWorker && opts.storage) docWorker = await startDocWorker({ bus: opts.bus, storage: opts.storage, pool, log });
  } catch (err) {
    await stopWorkers().catch(() => {});
    await deviceControl.stop();
    await devices.stop();
    throw err;
  }
  const sharedMt = new BusMtClient(opts.bus, devices, pool);
  const routeFor = routeForUser({ db: opts.db, bus: opts.bus, devices, controller: deviceControl, shared: { pool, mt: sharedMt } });
  const text: TextJobDeps = {
    db: opts.db,
    mt: sharedMt,
    routeFor,
    quota: ledgerPort(opts.db),
    detect: detectLanguage,
    tm: createTmPort(opts.db),
    bus: opts.bus,
    pool,
    log,
  };
  const docs: DocDeps | null = opts.storage
    ? {
        db: opts.db,
        storage: opts.storage,
        bus: opts.bus,
        pool,
        mt: text.mt,
        routeFor,
        quota: text.quota,
        tm: text.tm,
        planOf: async (userId: number) => (await remaining(opts.db, userId)).plan_code,
        workers: devices,
        log,
        scanTerms: scanTermsPort(opts.db),
      }
    : null;
  // On an in-process bus this process is the only one, and its bus kept nothing of the last run.
  const tasks = await startTasksRuntime(
    { ...text, docs },
    {
      resumeAtStart: opts.bus.kind === 'memory',
      orphanUploadAgeMs: opts.orphanUploadAgeMs,
    },
  );
  // Dead letters of every enterprise pool a device serves (or served) are handled too.
  const watchPool = (p: string) => void tasks.watchPool(p).catch((err) => log(`dead letters of pool ${p}: ${err}`));
  for (const d of devices.list()) if (d.role !== 'doc') watchPool(d.pool);
  devices.onRecord((d) => d.role !== 'doc' && watchPool(d.pool));
  return {
    text,
    docs,
    devices,
    deviceControl,
    worker,
    docWorker,
    tasks,
    stop: async () => {
      await stopWorkers();
      await tasks.stop();
      await deviceControl.stop();
      await devices.stop();
    },
  };
}
