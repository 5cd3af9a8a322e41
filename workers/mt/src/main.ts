/**
 * The MT worker as its own process (cluster mode): `NATS_URL=nats://... MODELS_DIR=... node
 * --import tsx workers/mt/src/main.ts`. SIGTERM hands unfinished jobs back before exiting.
 */
import {
  announcer,
  CLOSE_DEADLINE_MS,
  createBus,
  createLogger,
  deviceIdFor,
  healthPortFrom,
  lineLogger,
  loadLogSettings,
  queueOf,
  startHealthServer,
  stopOnSignals,
} from '@mtp/platform';
import { BUS } from '@mtp/proto';
import { ensureDefaultModels } from './models/ensure-default-models';
import { ModelRegistry } from './models/model-registry';
import { RemoteChatEngine } from './remote/remote-chat-engine';
import { loadRemoteSettings } from './remote/remote-settings';
import { loadModelHubSettings, loadMtSettings } from './settings';
import { startMtWorker } from './worker/mt-worker';

async function main() {
  // JSON lines by default (a collector reads them); each line of a job carries its request_id.
  const logger = createLogger({ name: 'mt-worker', ...loadLogSettings(process.env, { format: 'json', level: 'info' }) });
  const log = lineLogger(logger);
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL is required: a worker process serves the cluster bus');
  const settings = loadMtSettings();
  const remoteSettings = loadRemoteSettings(process.env);
  // First start on an empty MODELS_DIR: the default set, before the registry reads the folder.
  await ensureDefaultModels({
    ...loadModelHubSettings(),
    modelsDir: settings.modelsDir,
    variant: settings.quantized ? 'quantized' : 'fp32',
    remote: remoteSettings,
    log,
    progress: process.stderr,
  });
  const bus = await createBus({ natsUrl, name: 'mt-worker' });
  const pool = process.env.MT_POOL || undefined;
  const registry = ModelRegistry.fromSettings(settings, { engineThreads: true });
  const ackWait = process.env.MT_JOB_ACK_WAIT_MS ? Number(process.env.MT_JOB_ACK_WAIT_MS) : undefined;
  const worker = await startMtWorker({
    bus,
    registry,
    remote: remoteSettings ? new RemoteChatEngine(remoteSettings) : null,
    pool,
    // A pod name in a cluster: the administrator's settings for this device outlive a restart.
    deviceId: deviceIdFor('mt', process.env),
    jobAckWaitMs: ackWait,
    log,
  });
  // Ready: the bus answers (a JetStream round trip) and there is something to translate with.
  const health = await startHealthServer({
    port: healthPortFrom(process.env),
    checks: {
      bus: () => bus.pendingJobs(queueOf(BUS.translateSegments, pool)),
      models: () => worker.loadedPairs.length > 0 || remoteSettings !== null,
    },
  });
  // Scripts and tests wait for this line, whatever LOG_LEVEL says.
  announcer(logger).info(`mt worker ready: ${worker.deviceId} health: ${health.url}`);

  stopOnSignals(
    'mt worker',
    async () => {
      health.setDraining();
      await worker.stop();
      await bus.close();
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
