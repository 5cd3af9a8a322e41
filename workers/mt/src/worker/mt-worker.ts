/**
 * The MT worker: loads every model of its models folder, serves interactive text, takes
 * segment jobs from the durable queue and reports itself as a device. The same code runs inside
 * the single-machine process (in-process bus) and as its own process behind NATS (`main.ts`).
 */
import { BUS, DEFAULT_POOL, type DeviceRecord } from '@mtp/proto';
import { describeHost, deviceIdFor, startControlledServing, startDeviceReporter, type Bus } from '@mtp/platform';
import type { ModelRegistry } from '../models/model-registry';
import { pairName } from '../models/pairs';
import type { RemoteChatEngine } from '../remote/remote-chat-engine';
import { PairTranslators } from './pair-translators';
import { consumeSegmentJobs } from './segment-jobs';
import { serveText } from './text-server';
import { WithdrawnTasks } from './withdrawn-tasks';
import { WorkerStats } from './worker-stats';

/** Any short text warms an engine's tokenizer, sessions and decoding code. */
const WARM_UP_TEXT = 'Hello world.';

export type MtWorkerOptions = {
  bus: Bus;
  registry: ModelRegistry;
  /** A remote chat-completions engine for pairs the local models do not serve. */
  remote?: RemoteChatEngine | null;
  pool?: string;
  /** Its device id (DEVICE_ID); default: host, pid and a random part. */
  deviceId?: string;
  heartbeatMs?: number;
  /** Overrides the catalog's ack wait of segment jobs (fault tests shorten it). */
  jobAckWaitMs?: number;
  log?: (line: string) => void;
};

export type MtWorker = {
  deviceId: string;
  loadedPairs: string[];
  /** Milliseconds the local engines have spent translating since the worker started. */
  engineBusyMs(): number;
  stop(): Promise<void>;
};

export async function startMtWorker(opts: MtWorkerOptions): Promise<MtWorker> {
  const pool = opts.pool ?? DEFAULT_POOL;
  const log = opts.log ?? (() => {});
  const host = describeHost();
  const deviceId = opts.deviceId ?? deviceIdFor('mt');
  const stats = new WorkerStats();

  // Load every usable model now: the first request should not pay for loading, and the device
  // record should say exactly what this worker can translate.
  const versions: Record<string, string> = {};
  let provider: DeviceRecord['execution_provider'] = 'cpu';
  for (const model of opts.registry.listInstalled()) {
    if (model.problem) {
      log(`model ${model.name} skipped: ${model.problem}`);
      continue;
    }
    const engine = await opts.registry.engine(model.pair);
    // One short sentence through it: the first real request should not pay for warming it up.
    await engine.translate([WARM_UP_TEXT]);
    versions[pairName(model.pair)] = engine.modelVersion;
    if (engine.info().provider === 'cuda') provider = 'cuda';
  }
  const translators = new PairTranslators(opts.registry, opts.remote ?? null);
  // Pivot and remote pairs are listed too: the gateway routes by what a device can translate.
  Object.assign(versions, await translators.versions());
  const loadedPairs = Object.keys(versions).sort();
  log(`mt worker ${deviceId}: ${loadedPairs.length} models loaded (${loadedPairs.join(', ') || 'none'}), provider ${provider}`);

  // Listening before taking jobs, so a withdrawal sent meanwhile is not missed.
  const withdrawn = new WithdrawnTasks();
  const withdrawals = await withdrawn.listen(opts.bus);
  // Interactive text and segment jobs of one pool, as the administrator's settings say (enabled,
  // in this pool): stopped on a drain or disable, started again on the new pool's subjects.
  const serving = await startControlledServing({
    bus: opts.bus,
    deviceId,
    role: 'mt',
    pool,
    log,
    start: async (servedPool) => {
      const text = await serveText(opts.bus, translators, servedPool, stats);
      const jobs = await consumeSegmentJobs(opts.bus, translators, stats, {
        pool: servedPool,
        deviceId,
        ackWaitMs: opts.jobAckWaitMs,
        withdrawn,
        log,
      });
      return {
        stop: async () => {
          await text.unsubscribe();
          await jobs.stop();
        },
      };
    },
  });
  const reporter = await startDeviceReporter(
    opts.bus,
    () => ({
      ...host,
      device_id: deviceId,
      role: 'mt' as const,
      pool: serving.pool(),
      state: serving.state(),
      gpu: null,
      execution_provider: provider,
      loaded_pairs: loadedPairs,
      model_versions: versions,
      in_flight: stats.inFlight,
      jobs_done: stats.jobsDone,
      ...stats.rates(),
    }),
    { subject: BUS.deviceHeartbeat.subject, intervalMs: opts.heartbeatMs ?? BUS.deviceHeartbeat.intervalMs },
  );
  serving.onChange(() => void reporter.reportNow());

  return {
    deviceId,
    loadedPairs,
    engineBusyMs: () => opts.registry.busy.busyMs(),
    stop: async () => {
      await serving.stop();
      await withdrawals.unsubscribe();
      await reporter.stop();
      await translators.close();
    },
  };
}
