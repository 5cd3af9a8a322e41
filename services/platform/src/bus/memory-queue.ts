/**
 * One in-process work queue with JetStream's semantics: jobs wait in order, each delivery has
 * an ack-wait timer (progress restarts it), a nak puts the job back after a delay, an expired
 * delivery is redelivered first, and a job past its last delivery is dead. Payloads are kept as
 * JSON text, so a handler never shares objects with the publisher.
 */
import { withRequestId } from '../request-context';
import { DEDUPE_WINDOW_MS } from './port';
import type { Delivery } from './job-runner';

type StoredJob = { jobId: string; json: string; deliveries: number; requestId?: string };

/** A consumer as the queue sees it; its ack wait and max deliver apply to its deliveries. */
export type QueueConsumer = {
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
  freeSlots(): number;
  deliver(delivery: Delivery): void;
  /** Dead-letters a job whose final delivery expired (the consumer holding it died). */
  reportExpired(jobId: string, json: string, deliveries: number): Promise<void>;
};

type InFlight = { job: StoredJob; consumer: QueueConsumer; timer: NodeJS.Timeout; settled: boolean };

export class MemoryQueue {
  private readonly ready: StoredJob[] = [];
  private readonly consumers: QueueConsumer[] = [];
  private readonly inFlight = new Set<InFlight>();
  /** jobId -> when its dedupe window ends; insertion order is expiry order. */
  private readonly seen = new Map<string, number>();
  /** Jobs nak'd with a delay, waiting for their retry. */
  private delayed = 0;
  private nextConsumer = 0;
  private dispatchScheduled = false;

  constructor(
    readonly name: string,
    private readonly deadLetter: (jobId: string, json: string, deliveries: number) => Promise<void>,
  ) {}

  enqueue(jobId: string, json: string, requestId?: string): { duplicate: boolean } {
    const now = Date.now();
    for (const [id, until] of this.seen) {
      if (until > now) break;
      this.seen.delete(id);
    }
    if (this.seen.has(jobId)) return { duplicate: true };
    this.seen.set(jobId, now + DEDUPE_WINDOW_MS);
    this.ready.push({ jobId, json, deliveries: 0, requestId });
    this.scheduleDispatch();
    return { duplicate: false };
  }

  /** Waiting, in flight or waiting for a retry. */
  pending(): number {
    return this.ready.length + this.inFlight.size + this.delayed;
  }

  addConsumer(consumer: QueueConsumer): void {
    this.consumers.push(consumer);
    this.scheduleDispatch();
  }

  removeConsumer(consumer: QueueConsumer): void {
    const i = this.consumers.indexOf(consumer);
    if (i >= 0) this.consumers.splice(i, 1);
  }

  /** Deliveries are started on a later tick, never inside the publisher's call. */
  scheduleDispatch(): void {
    if (this.dispatchScheduled) return;
    this.dispatchScheduled = true;
    setImmediate(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.ready.length > 0) {
      const consumer = this.pickConsumer();
      if (!consumer) return;
      const job = this.ready.shift()!;
      job.deliveries += 1;
      const entry: InFlight = { job, consumer, settled: false, timer: this.ackTimer(() => this.expire(entry), consumer.ackWaitMs) };
      this.inFlight.add(entry);
      consumer.deliver(this.toDelivery(entry));
    }
  }

  private pickConsumer(): QueueConsumer | undefined {
    const n = this.consumers.length;
    for (let k = 0; k < n; k++) {
      const i = (this.nextConsumer + k) % n;
      const c = this.consumers[i]!;
      if (c.freeSlots() > 0) {
        this.nextConsumer = (i + 1) % n;
        return c;
      }
    }
    return undefined;
  }

  private toDelivery(entry: InFlight): Delivery {
    const { job } = entry;
    let payload: Delivery['payload'];
    try {
      payload = { ok: true, value: JSON.parse(job.json) };
    } catch (err) {
      payload = { ok: false, raw: job.json, error: String(err) };
    }
    return {
      jobId: job.jobId,
      deliveryCount: job.deliveries,
      requestId: job.requestId,
      payload,
      ack: async () => {
        this.finish(entry);
      },
      nak: (delayMs) => {
        if (!this.finish(entry)) return;
        if (delayMs <= 0) this.requeue(job);
        else {
          this.delayed += 1;
          this.ackTimer(() => {
            this.delayed -= 1;
            this.requeue(job);
          }, delayMs);
        }
      },
      working: () => {
        if (entry.settled) return;
        clearTimeout(entry.timer);
        entry.timer = this.ackTimer(() => this.expire(entry), entry.consumer.ackWaitMs);
      },
    };
  }

  /** Settles a delivery once; a late ack or nak of an expired delivery is ignored. */
  private finish(entry: InFlight): boolean {
    if (entry.settled) return false;
    entry.settled = true;
    clearTimeout(entry.timer);
    this.inFlight.delete(entry);
    return true;
  }

  private expire(entry: InFlight): void {
    if (!this.finish(entry)) return;
    const { job, consumer } = entry;
    if (job.deliveries < consumer.maxDeliver) return this.requeue(job);
    const live = this.consumers[0];
    // The dead letter goes on under the job's request id, like any message its handler publishes.
    const report = withRequestId(job.requestId, () =>
      live ? live.reportExpired(job.jobId, job.json, job.deliveries) : this.deadLetter(job.jobId, job.json, job.deliveries),
    );
    report.catch((err) => console.error(`bus: dead-lettering a job of ${this.name} failed:`, err));
  }

  /** Redeliveries go ahead of new jobs, as in JetStream. */
  private requeue(job: StoredJob): void {
    this.ready.unshift(job);
    this.scheduleDispatch();
  }

  private ackTimer(fn: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(fn, ms);
    // A forgotten bus must not keep the process alive.
    timer.unref();
    return timer;
  }
}
