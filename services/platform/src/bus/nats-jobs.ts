/**
 * Work queues on JetStream: one stream per queue with WorkQueue retention (a job is removed
 * once acked), one durable pull consumer per queue shared by every worker, explicit acks,
 * ack_wait and max_deliver on the consumer. Dead jobs: a handler that fails its last delivery
 * dead-letters the job itself; a job whose last delivery expired (its worker died) is caught
 * from the server's MAX_DELIVERIES advisory by one live consumer of the queue, dead-lettered
 * and deleted from the stream.
 */
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type Consumer,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type Subscription,
} from 'nats';
import { withRequestId } from '../request-context';
import { JobRunner, type Delivery } from './job-runner';
import { requestIdOf } from './nats-headers';
import { errorMessage, type ConsumeOptions, type DeadJob, type JobConsumer, type JobHandler } from './port';

/** The durable consumer every worker of a queue binds to. */
export const DURABLE = 'workers';
/** Why 5 s: an idle worker re-asks this often; short enough to notice a lost pull, cheap enough. */
const PULL_EXPIRES_MS = 5_000;
/** Why 14 days: dead letters wait for the tasks service or an admin across a long weekend, then go. */
const DEAD_LETTER_MAX_AGE_MS = 14 * 24 * 3_600_000;
/** Why 1 s: after a failed pull (server restarting) retry soon without spinning. */
const PULL_RETRY_MS = 1_000;

const jc = JSONCodec();
const decoder = new TextDecoder();

/** `mt.jobs.default` -> `mtp_mt_jobs_default` (queue names have no `_`, so this is one-to-one). */
export function streamName(queue: string): string {
  return `mtp_${queue.replace(/\./g, '_')}`;
}

export async function ensureStream(jsm: JetStreamManager, queue: string, replicas: number): Promise<string> {
  const name = streamName(queue);
  const config = {
    name,
    subjects: [queue],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    num_replicas: replicas,
    duplicate_window: nanos(120_000),
    max_age: queue.startsWith('dead.') ? nanos(DEAD_LETTER_MAX_AGE_MS) : 0,
  };
  try {
    await jsm.streams.add(config);
  } catch (err) {
    // Same name, other settings (an operator changed replicas): keep what is there.
    if (!/already in use/i.test(errorMessage(err))) throw err;
  }
  return name;
}

async function ensureConsumer(jsm: JetStreamManager, stream: string, queue: string, opts: ConsumeOptions<unknown>) {
  const settings = { ack_wait: nanos(opts.ackWaitMs), max_deliver: opts.maxDeliver };
  try {
    await jsm.consumers.add(stream, {
      durable_name: DURABLE,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: queue,
      ...settings,
    });
  } catch {
    // Exists with other timings (the catalog changed): the latest deployment's timings win.
    await jsm.consumers.update(stream, DURABLE, settings);
  }
}

export type JobsContext = {
  nc: NatsConnection;
  jsm: JetStreamManager;
  /** Publishes a dead letter (a job on the queue's dead-letter queue). */
  publishDead: (dead: DeadJob) => Promise<void>;
};

export class NatsJobConsumer implements JobConsumer {
  private stopping = false;
  private readonly batches = new Set<ConsumerMessages>();
  private readonly slots: Promise<void>[] = [];
  private advisories?: Subscription;
  readonly runner: JobRunner;

  private constructor(
    private readonly ctx: JobsContext,
    private readonly queue: string,
    private readonly stream: string,
    private readonly consumer: Consumer,
    private readonly opts: ConsumeOptions<unknown>,
    handler: JobHandler<unknown>,
  ) {
    this.runner = new JobRunner(queue, handler, opts, (dead) => this.reportDead(dead));
  }

  static async start(ctx: JobsContext, queue: string, handler: JobHandler<unknown>, opts: ConsumeOptions<unknown>, replicas: number) {
    const stream = await ensureStream(ctx.jsm, queue, replicas);
    await ensureConsumer(ctx.jsm, stream, queue, opts);
    const consumer = await ctx.nc.jetstream().consumers.get(stream, DURABLE);
    const c = new NatsJobConsumer(ctx, queue, stream, consumer, opts, handler);
    c.watchExpiredFinalDeliveries();
    await ctx.nc.flush();
    for (let i = 0; i < Math.max(1, opts.concurrency ?? 1); i++) c.slots.push(c.slot());
    return c;
  }

  /** One job at a time: pull one, run it, repeat. `concurrency` slots run side by side. */
  private async slot(): Promise<void> {
    while (!this.stopping) {
      let batch: ConsumerMessages;
      try {
        batch = await this.consumer.fetch({ max_messages: 1, expires: PULL_EXPIRES_MS });
      } catch (err) {
        if (this.stopping || this.ctx.nc.isClosed()) return;
        console.error(`bus: pulling from ${this.queue} failed:`, err);
        await new Promise((r) => setTimeout(r, PULL_RETRY_MS));
        continue;
      }
      this.batches.add(batch);
      try {
        for await (const msg of batch) await this.runner.run(this.toDelivery(msg));
      } catch (err) {
        if (!this.stopping && !this.ctx.nc.isClosed()) console.error(`bus: pulling from ${this.queue} failed:`, err);
      } finally {
        this.batches.delete(batch);
      }
    }
  }

  private toDelivery(msg: JsMsg): Delivery {
    let payload: Delivery['payload'];
    try {
      payload = { ok: true, value: jc.decode(msg.data) };
    } catch (err) {
      payload = { ok: false, raw: decoder.decode(msg.data), error: errorMessage(err) };
    }
    return {
      jobId: msg.headers?.get('Nats-Msg-Id') || `${this.stream}:${msg.seq}`,
      deliveryCount: msg.info.redeliveryCount,
      requestId: requestIdOf(msg.headers),
      payload,
      ack: async () => {
        // Double ack: the job is only done once the server says so.
        await msg.ackAck();
      },
      nak: (delayMs) => msg.nak(delayMs > 0 ? delayMs : undefined),
      working: () => msg.working(),
    };
  }

  /**
   * The server gives up on a job whose final delivery expired and announces it on an advisory.
   * The queue group makes one live consumer of the queue handle each announcement.
   */
  private watchExpiredFinalDeliveries(): void {
    const subject = `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${this.stream}.${DURABLE}`;
    this.advisories = this.ctx.nc.subscribe(subject, {
      queue: 'dead-letters',
      callback: (err, msg) => {
        if (err) return;
        const advisory = jc.decode(msg.data) as { stream_seq: number; deliveries: number };
        this.deadLetterExpired(advisory.stream_seq, advisory.deliveries).catch((e) =>
          console.error(`bus: dead-lettering job ${advisory.stream_seq} of ${this.queue} failed:`, e),
        );
      },
    });
  }

  private async deadLetterExpired(seq: number, deliveries: number): Promise<void> {
    let stored;
    try {
      stored = await this.ctx.jsm.streams.getMessage(this.stream, { seq });
    } catch {
      return; // already gone: acked late, or another consumer handled it
    }
    const raw = decoder.decode(stored.data);
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // kept as text
    }
    const dead = {
      queue: this.queue,
      job_id: stored.header?.get('Nats-Msg-Id') || `${this.stream}:${seq}`,
      payload,
      delivery_count: deliveries,
      error: `ack wait expired on delivery ${deliveries}, the last allowed (the consumer died or hung)`,
      dead_at: new Date().toISOString(),
    };
    // The dead letter goes on under the job's request id, like any message its handler publishes.
    await withRequestId(requestIdOf(stored.header), () => this.reportDead(dead));
    await this.ctx.jsm.streams.deleteMessage(this.stream, seq).catch(() => false);
  }

  private async reportDead(dead: DeadJob): Promise<void> {
    await this.ctx.publishDead(dead);
    await this.opts.onDead?.(dead);
  }

  /** Stops pulling; the open pulls end now, the slots end after their running job. */
  detach(): void {
    this.stopping = true;
    for (const b of this.batches) b.stop();
    this.advisories?.unsubscribe();
  }

  async stop(): Promise<void> {
    this.detach();
    await Promise.all([this.runner.drain(), ...this.slots]);
  }
}
