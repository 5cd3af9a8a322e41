/**
 * The document worker as its own process: `npm run worker -- doc` with NATS_URL and the storage
 * the gateway uses (S3_URL, or STORAGE_DIR on a shared disk). SIGTERM finishes or hands back the
 * files it holds before exiting.
 */
import { CLOSE_DEADLINE_MS, createBus, createStorage, deviceIdFor, stopOnSignals } from '@mtp/platform';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocWorkerSettings } from './worker/settings';
import { startDocWorker } from './worker/doc-worker';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main() {
  const settings = loadDocWorkerSettings(process.env, REPO_ROOT);
  const bus = await createBus({ natsUrl: settings.natsUrl, name: 'doc-worker' });
  const storage = createStorage({ storageDir: settings.storageDir, s3Url: settings.s3Url });
  const worker = await startDocWorker({
    bus,
    storage,
    pool: settings.pool,
    // A pod name in a cluster: the administrator's settings for this device outlive a restart.
    deviceId: process.env.DEVICE_ID?.trim() ? deviceIdFor('doc', process.env) : undefined,
    concurrency: settings.concurrency,
    jobAckWaitMs: settings.jobAckWaitMs,
    log: (line) => console.log(line),
  });
  console.log(`doc worker ready: ${worker.deviceId}`);

  stopOnSignals(
    'doc worker',
    async () => {
      await worker.stop(CLOSE_DEADLINE_MS);
      await bus.close();
      await storage.close();
    },
    CLOSE_DEADLINE_MS + 5_000,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
