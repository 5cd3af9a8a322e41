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
  if (opts.natsUrl) return connectNatsBus({ url: opts.natsUrl, name: opts.name, replicas: opts.replicas });
  return new MemoryBus(opts.broker ?? processBroker);
}
