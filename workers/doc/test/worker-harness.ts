/**
 * A document worker on a real in-process bus over a local storage folder made for the test file
 * (removed after it), with every `doc.result` it publishes collected: the setup the worker's own
 * tests share.
 */
import { consumeJobsOf, createStorage, MemoryBroker, MemoryBus, type ObjectStorage } from '@mtp/platform';
import { BUS, type DocResult } from '@mtp/proto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startDocWorker } from '../src/worker/doc-worker';

export type WorkerHarness = {
  /** The test file's storage (ready inside tests, after beforeAll). */
  readonly storage: ObjectStorage;
  /** A fresh bus with a worker on it and the results it publishes. */
  start(): Promise<{ bus: MemoryBus; results: DocResult[]; worker: Awaited<ReturnType<typeof startDocWorker>> }>;
};

export function workerHarness(prefix: string): WorkerHarness {
  let storageDir = '';
  let storage: ObjectStorage | undefined;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), prefix));
    storage = createStorage({ storageDir });
  });
  afterAll(async () => {
    await rm(storageDir, { recursive: true, force: true });
  });
  const ready = () => {
    if (!storage) throw new Error('workerHarness: storage is made in beforeAll');
    return storage;
  };
  return {
    get storage() {
      return ready();
    },
    async start() {
      const bus = new MemoryBus(new MemoryBroker());
      const results: DocResult[] = [];
      await consumeJobsOf(bus, BUS.documentResults, (job) => void results.push(job.payload));
      const worker = await startDocWorker({ bus, storage: ready(), concurrency: 1 });
      return { bus, results, worker };
    },
  };
}
