/**
 * The translation side of the platform in this process: the device registry (which pairs the
 * pool's workers serve), the MT port over the bus, the ledger port, and, in single-machine mode,
 * an MT worker on the same in-process bus. In cluster mode workers run as their own processes.
 */
import { ModelRegistry } from '@mtp/mt-worker/src/models/model-registry';
import { startMtWorker, type MtWorker } from '@mtp/mt-worker/src/worker/mt-worker';
import { detectLanguage } from '@mtp/mt-worker/src/langid/detect-language';
import { RemoteChatEngine } from '@mtp/mt-worker/src/remote/remote-chat-engine';
import type { RemoteSettings } from '@mtp/mt-worker/src/remote/remote-settings';
import { ledgerPort, remaining } from '@mtp/billing';
import { createTmPort } from '@mtp/language/src/lookup/tm-port';
import { DeviceRegistry } from '@mtp/ops';
import type { Bus, Db, ObjectStorage } from '@mtp/platform';
import {
  BusMtClient,
  startDocumentRuntime,
  startResultConsumers,
  type DocDeps,
  type DocumentRuntime,
  type ResultConsumers,
  type TextJobDeps,
} from '@mtp/tasks';

export type TranslationRuntimeOptions = {
  db: Db;
  bus: Bus;
  /** Start an MT worker in this process over `bus`, loading the models of this folder. */
  workerModelsDir?: string;
  /** onnxruntime threads of the in-process worker. */
  workerThreads?: number;
  /** Whether its idle onnxruntime threads spin-wait (MT_SPIN). */
  workerSpin?: boolean;
  /** A remote chat-completions engine for the in-process worker (MT_REMOTE_* settings). */
  workerRemote?: RemoteSettings | null;
  pool?: string;
  /** Object storage for documents; absent: no document translation in this process. */
  storage?: ObjectStorage;
  log?: (line: string) => void;
};

export type TranslationRuntime = {
  text: TextJobDeps;
  docs: DocDeps | null;
  devices: DeviceRegistry;
  worker: MtWorker | null;
  stop(): Promise<void>;
};

export async function startTranslationRuntime(opts: TranslationRuntimeOptions): Promise<TranslationRuntime> {
  // The registry listens before the worker starts, so the worker's first heartbeat is heard.
  const devices = await DeviceRegistry.start(opts.bus);
  let worker: MtWorker | null = null;
  try {
    if (opts.workerModelsDir) {
      const registry = new ModelRegistry(
        opts.workerModelsDir,
        { threads: opts.workerThreads, spin: opts.workerSpin },
        { engineThreads: true },
      );
      const remote = opts.workerRemote ? new RemoteChatEngine(opts.workerRemote) : null;
      worker = await startMtWorker({ bus: opts.bus, registry, remote, pool: opts.pool, log: opts.log });
    }
  } catch (err) {
    await devices.stop();
    throw err;
  }
  const pool = opts.pool ?? 'default';
  const text: TextJobDeps = {
    db: opts.db,
    mt: new BusMtClient(opts.bus, devices, pool),
    quota: ledgerPort(opts.db),
    detect: detectLanguage,
    tm: createTmPort(opts.db),
    bus: opts.bus,
    pool,
  };
  const results: ResultConsumers = await startResultConsumers(opts.db, opts.bus, text.quota, pool);
  const docs: DocDeps | null = opts.storage
    ? {
        db: opts.db,
        storage: opts.storage,
        bus: opts.bus,
        pool,
        mt: text.mt,
        quota: text.quota,
        tm: text.tm,
        planOf: async (userId: number) => (await remaining(opts.db, userId)).plan_code,
      }
    : null;
  const documents: DocumentRuntime | null = docs ? await startDocumentRuntime(docs, { log: opts.log }) : null;
  return {
    text,
    docs,
    devices,
    worker,
    stop: async () => {
      await worker?.stop();
      await documents?.stop();
      await results.stop();
      await devices.stop();
    },
  };
}
