/**
 * The document worker as its own process: `npm run worker -- doc` with NATS_URL and the storage
 * the gateway uses (S3_URL, or STORAGE_DIR on a shared disk). SIGTERM finishes or hands back the
 * files it holds before exiting.
 */
import {
  announcer,
  CLOSE_DEADLINE_MS,
  createBus,
  createLogger,
  createStorage,
  deviceIdFor,
  healthPortFrom,
  lineLogger,
  loadLogSettings,
  queueOf,
  startHealthServer,
  stopOnSignals,
} from '@mtp/platform';
import { BUS } from '@mtp/proto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDocWorkerSettings } from './worker/settings';
import { startDocWorker } from './worker/doc-worker';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main() {
  // JSON lines by default (a collector reads them); each line of a job carries its request_id.
  const logger = createLogger({ name: 'doc-worker', ...loadLogSettings(process.env, { format: 'json', level: 'info' }) });
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
    log: lineLogger(logger),
  });
  // Ready: the bus answers (a JetStream round trip) and so does storage (a HEAD on S3, a stat on a folder).
  const health = await startHealthServer({
    port: healthPortFrom(process.env),
    checks: {
      bus: () => bus.pendingJobs(queueOf(BUS.prepareDocuments, settings.pool)),
      storage: () => storage.stat('health/readyz-probe'),
    },
  });
  // Scripts and tests wait for this line, whatever LOG_LEVEL says.
  announcer(logger).info(`doc worker ready: ${worker.deviceId} health: ${health.url}`);

  stopOnSignals(
    'doc worker',
    async () => {
      health.setDraining();
      await worker.stop(CLOSE_DEADLINE_MS);
      await bus.close();
      await storage.close();
      await health.close();
    },
    CLOSE_DEADLINE_MS + 5_000,
    (line) => announcer(logger).info(line),
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
