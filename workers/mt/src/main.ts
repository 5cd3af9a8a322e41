/**
 * The MT worker as its own process (cluster mode): `NATS_URL=nats://... MODELS_DIR=... node
 * --import tsx workers/mt/src/main.ts`. SIGTERM hands unfinished jobs back before exiting.
 */
import { CLOSE_DEADLINE_MS, createBus, deviceIdFor, stopOnSignals } from '@mtp/platform';
import { ensureDefaultModels } from './models/ensure-default-models';
import { ModelRegistry } from './models/model-registry';
import { RemoteChatEngine } from './remote/remote-chat-engine';
import { loadRemoteSettings } from './remote/remote-settings';
import { loadModelHubSettings, loadMtSettings } from './settings';
import { startMtWorker } from './worker/mt-worker';

async function main() {
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
    log: (line) => console.log(line),
    progress: process.stderr,
  });
  const bus = await createBus({ natsUrl, name: 'mt-worker' });
  const registry = ModelRegistry.fromSettings(settings, { engineThreads: true });
  const ackWait = process.env.MT_JOB_ACK_WAIT_MS ? Number(process.env.MT_JOB_ACK_WAIT_MS) : undefined;
  const worker = await startMtWorker({
    bus,
    registry,
    remote: remoteSettings ? new RemoteChatEngine(remoteSettings) : null,
    pool: process.env.MT_POOL || undefined,
    // A pod name in a cluster: the administrator's settings for this device outlive a restart.
    deviceId: deviceIdFor('mt', process.env),
    jobAckWaitMs: ackWait,
    log: (line) => console.log(line),
  });
  console.log(`mt worker ready: ${worker.deviceId}`);

  stopOnSignals(
    'mt worker',
    async () => {
      await worker.stop();
      await bus.close();
    },
    CLOSE_DEADLINE_MS + 5_000,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
