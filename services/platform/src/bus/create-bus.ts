import { MemoryBus, processBroker, type MemoryBroker } from './memory-bus';
import { connectNatsBus } from './nats-bus';
import type { Bus } from './port';

export type CreateBusOptions = {
  /** The NATS_URL setting: NATS JetStream when set, the in-process bus when absent. */
  natsUrl?: string;
  /** Connection name shown by the NATS server (`gateway`, `mt-worker`). */
  name?: string;
  /** JetStream replicas for new streams (NATS only). */
  replicas?: number;
  /** In-process only: the broker to join; default the process-wide one. */
  broker?: MemoryBroker;
};

/** The bus for this process: every in-process client joins the same broker, as in one machine. */
export async function createBus(opts: CreateBusOptions = {}): Promise<Bus> {
  if (opts.natsUrl) return connectNatsBus({ url: opts.natsUrl, name: opts.name, replicas: opts.replicas ?? streamReplicasSetting() });
  return new MemoryBus(opts.broker ?? processBroker);
}

/**
 * NATS_STREAM_REPLICAS (1-5): copies of each new work-queue stream on a NATS cluster, so losing
 * one NATS server loses no queued job (deploy/ sets 3 for its three-server StatefulSet). Streams
 * that exist keep their replicas (nats-jobs.ts ensureStream). Default 1: one server.
 */
export function streamReplicasSetting(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5)
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (got ${JSON.stringify(raw)})`);
  return n;
}
